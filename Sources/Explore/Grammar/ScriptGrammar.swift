// scrolltrace — a grammar of what a person and an app do to a scroll view, drawn from a seed.

public import TraceIngest

/// Draws gesture scripts from a grammar of what a person and an app do to a scroll view: drags,
/// flings of any speed and direction, taps that stop a deceleration, pauses; rotations, window
/// resizes and safe-area changes at any moment — between gestures, mid-fling, or mid-drag (a step
/// *meanwhile*); scene edits (insert, delete, resize an item, hide a container's child) while
/// still or moving; programmatic scrolls; and, with ``Weights/chat``, what a chat app does to its
/// list (messages arriving, the last one changing, jumps to the newest, the keyboard).
///
/// A seed gives the same script on every machine. Every step is valid for the scene as the earlier
/// steps left it (an edit's index is inside its section), every touch starts and ends on the
/// screen as it is then, and numbers are rounded as a person would write them (whole points,
/// hundredths of a second), so that a finding's script reads well and reduces further. The script
/// ends with ``settle`` seconds of stillness, so every motion comes to rest before the trace ends.
public struct ScriptGrammar: Sendable, Hashable {
  /// How many steps a script draws (before the final settle).
  public var steps: ClosedRange<Int>
  /// The relative weight of each kind of step.
  public var weights: Weights
  /// The chance that a gesture has something happen meanwhile (mid-drag, mid-fling).
  public var meanwhile: Double
  /// Seconds of stillness at the end, in which every motion settles.
  public var settle: Double
  /// Where the app's scrolls to an item put it (UIKit's `scrollToItem(at:at:animated:)`
  /// positions).
  ///
  /// All three by default. On an engine that rests content on a rule (a pager's grid,
  /// one card at a time, a snap offset), ``Explorer/fittingItsEngine()`` keeps only `.start`,
  /// where the rule puts an item: a centre or an end off the rule is where the app put the content,
  /// not a glitch of the engine's.
  public var itemPositions: [ProgrammaticScroll.ItemPosition] = ProgrammaticScroll.ItemPosition
    .allCases

  /// The relative weights of the kinds of steps (0 leaves a kind out).
  public struct Weights: Sendable, Hashable {
    /// A finger drags and lifts, still or moving.
    public var drag: Double
    /// A quick flick.
    public var fling: Double
    /// A short touch that stops a deceleration.
    public var tap: Double
    /// Nothing happens for a while (short pauses catch motion mid-way).
    public var wait: Double
    /// The device rotates.
    public var rotate: Double
    /// The window changes size (split view, a sheet, back).
    public var resize: Double
    /// The safe area changes (a status bar, a keyboard's accessory).
    public var insets: Double
    /// The scene is edited: an item inserted, deleted or resized, a child hidden or shown.
    public var edit: Double
    /// The app scrolls, to an offset or an item, animated or not.
    public var scroll: Double
    /// A chat app changes its list: a message arrives at the end, the last one comes back taller
    /// or shorter, the app jumps to the newest (one list only).
    public var message: Double
    /// The keyboard rises over the list or goes down again (format 1.5).
    public var keyboard: Double

    /// The default mix: mostly gestures and pauses, with every disturbance common enough to meet
    /// every motion; no chat messages and no keyboard.
    public init(
      drag: Double = 22, fling: Double = 20, tap: Double = 7, wait: Double = 14,
      rotate: Double = 9, resize: Double = 6, insets: Double = 3, edit: Double = 11,
      scroll: Double = 8, message: Double = 0, keyboard: Double = 0
    ) {
      self.drag = drag
      self.fling = fling
      self.tap = tap
      self.wait = wait
      self.rotate = rotate
      self.resize = resize
      self.insets = insets
      self.edit = edit
      self.scroll = scroll
      self.message = message
      self.keyboard = keyboard
    }

    /// A conversation: gestures and pauses as by default, messages arriving and changing as often
    /// as the user scrolls, older history now and then (an edit of a self-sizing list is a
    /// prepend or a `reloadData`), the keyboard up and down, and fewer rotations, resizes and
    /// inset changes.
    public static let chat = Weights(
      drag: 22, fling: 20, tap: 7, wait: 14, rotate: 3, resize: 2, insets: 1, edit: 5, scroll: 3,
      message: 24, keyboard: 6)
  }

  /// A grammar; the defaults draw 2 to 10 steps, a quarter of gestures with something meanwhile,
  /// and 1.5 s to settle.
  public init(
    steps: ClosedRange<Int> = 2...10, weights: Weights = Weights(), meanwhile: Double = 0.25,
    settle: Double = 1.5
  ) {
    self.steps = steps
    self.weights = weights
    self.meanwhile = meanwhile
    self.settle = settle
  }

  /// The script of `seed`.
  ///
  /// It holds `base`'s device, viewport, content, scene and steps, then the drawn steps and the
  /// settle. The script's own `seed` (its touch jitter's) is `seed` too.
  public func script(seed: UInt64, base: GestureScript) -> GestureScript {
    var draw = Draw(seed: seed)
    var state = ScriptState(base)
    var steps = base.steps
    let count = draw.integer(in: max(0, self.steps.lowerBound)...max(0, self.steps.upperBound))
    for _ in 0..<count {
      steps.append(step(&draw, &state))
    }
    if settle > 0 { steps.append(.wait(duration: settle)) }
    var script = base
    script.seed = seed
    script.steps = steps
    script.metadata["explore"] = "seed \(seed)"
    return script
  }

  /// What may be drawn next.
  private enum Kind {
    case drag, fling, tap, wait, rotate, resize, insets, edit, scroll, message, keyboard
  }

  private func step(_ draw: inout Draw, _ state: inout ScriptState) -> Step {
    let kinds: [(Kind, Double)] = [
      (.drag, weights.drag), (.fling, weights.fling), (.tap, weights.tap), (.wait, weights.wait),
      (.rotate, weights.rotate), (.resize, weights.resize), (.insets, weights.insets),
      (.edit, state.canEdit ? weights.edit : 0), (.scroll, weights.scroll),
      (.message, state.canMessage ? weights.message : 0), (.keyboard, weights.keyboard),
    ]
    let kind = draw.weighted(kinds) ?? .wait
    switch kind {
    case .drag, .fling, .tap:
      let gesture = state.gesture(kind == .drag ? .drag : kind == .fling ? .fling : .tap, &draw)
      guard draw.chance(meanwhile) else { return gesture }
      let disturbances: [(Kind, Double)] = [
        (.rotate, weights.rotate), (.resize, weights.resize), (.insets, weights.insets),
        (.edit, state.canEdit ? weights.edit : 0), (.scroll, weights.scroll),
        (.message, state.canMessage ? weights.message : 0), (.keyboard, weights.keyboard),
      ]
      guard let other = draw.weighted(disturbances) else { return gesture }
      let after = min(gesture.duration, rounded(draw.between(0, gesture.duration), to: 0.01))
      return .during(
        gesture, meanwhile: [TimedStep(after: after, step: disturbance(other, &draw, &state))])
    case .wait:
      let seconds = draw.chance(0.5) ? draw.logValue(in: 0.02...0.3) : draw.value(in: 0.3...1.5)
      return .wait(duration: max(0.01, rounded(seconds, to: 0.01)))
    case .rotate, .resize, .insets, .edit, .scroll, .message, .keyboard:
      return disturbance(kind, &draw, &state)
    }
  }

  private func disturbance(_ kind: Kind, _ draw: inout Draw, _ state: inout ScriptState) -> Step {
    switch kind {
    case .rotate: state.rotate(&draw)
    case .resize: state.resize(&draw)
    case .insets: state.insets(&draw)
    case .edit: state.edit(&draw)
    case .message: state.message(&draw)
    case .keyboard: state.keyboard(&draw)
    default: state.scroll(&draw, positions: itemPositions)
    }
  }
}
