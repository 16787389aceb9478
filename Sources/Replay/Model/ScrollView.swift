// scrolltrace — a headless UIScrollView.

public import TraceCore

/// A headless model of `UIScrollView`: geometry, pan, rubber band, deceleration, bounce, paging,
/// animated scrolling and resizes, advanced by the replay's frame clock.
///
/// Input arrives as calls at trace times (nanoseconds): touch samples, resizes, content changes and
/// programmatic scrolls. Before each one, motion in progress is evaluated at that time, so a finger
/// catching a fling catches it where it is at that instant. ``advance(to:delegate:)`` is called at
/// every frame. Motions are closed-form simulations of the time since they began, so where content
/// comes to rest does not depend on the frame rate, and identical input gives identical output.
///
/// The model is a value; engines receive it `inout` in their ``ScrollViewDelegate`` hooks.
public struct ScrollView: Sendable {
  /// Sizes and insets.
  public internal(set) var geometry: ScrollGeometry
  /// The bounds origin, in points.
  ///
  /// Engines may set it directly (no hooks are called); the change
  /// carries into the motion in progress as it does in UIKit: a drag continues from the new offset,
  /// a deceleration continues from it with its velocity, an animation or page snap keeps its target.
  public var contentOffset: Point {
    didSet { if contentOffset != oldValue { needsLayout = true } }
  }
  /// What moves the content now.
  public internal(set) var phase: ScrollPhase = .idle
  /// The content's velocity, in points per second: the simulation's while in motion, the offset's
  /// change over the last frame while dragging, zero at rest.
  public internal(set) var velocity: Point = .zero
  /// The model's parameters.
  ///
  /// The bounce flags are mirrored into ``geometry``; the pan's slop and
  /// lock take effect at the next touch-down.
  public var configuration: ScrollViewConfiguration {
    didSet {
      geometry.alwaysBounceHorizontal = configuration.alwaysBounceHorizontal
      geometry.alwaysBounceVertical = configuration.alwaysBounceVertical
      if !pan.isTracking {
        pan.touchSlop = configuration.touchSlop
        pan.isDirectionalLockEnabled = configuration.isDirectionalLockEnabled
      }
    }
  }
  /// The resize animation on screen, if one is running.
  public internal(set) var transition: ViewportTransition?
  /// The latest time the model has been advanced to, in nanoseconds.
  public internal(set) var time: Int64
  /// Whether the bounds or content changed since the last layout.
  public internal(set) var needsLayout = true

  /// Asks for a layout pass at the next frame (`setNeedsLayout()`): what a collection view does
  /// after its data changed, so that the items an update brought are sized and shown.
  public mutating func setNeedsLayout() { needsLayout = true }
  /// The offset change the input and the model's own motion made since the session last reset it,
  /// in points: the finger while dragging (rubber band included), deceleration, bounce, page snaps,
  /// animations and programmatic scrolls.
  ///
  /// What an engine or a resize policy did is not in it, so
  /// the rest of an offset change is what the input does not explain.
  public internal(set) var inputDisplacement: Point = .zero
  /// The delegate hooks called so far, and those the protocol's defaults answered.
  public internal(set) var delegateHooks = DelegateHookLog()

  var pan: PanRecognizer
  var motion: Motion = .none
  /// The un-rubber-banded offset where the current drag began.
  var dragOrigin: Point = .zero
  /// The axes the current drag moves.
  var dragAxes: Set<Axis> = []
  /// The offset and time of the previous frame, for the drag velocity.
  var previousFrame: (time: Int64, offset: Point)?
  /// The offset the model itself last set: a difference means an engine moved the content.
  var modelOffset: Point = .zero
  /// Whether anything has scrolled the view yet (until then it stays at its minimum offset).
  var hasScrolled = false

  /// A scroll view with `geometry`, resting at its minimum offset (the adjusted inset), at `time`.
  public init(
    geometry: ScrollGeometry, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
    time: Int64 = 0
  ) {
    var geometry = geometry
    geometry.alwaysBounceHorizontal = configuration.alwaysBounceHorizontal
    geometry.alwaysBounceVertical = configuration.alwaysBounceVertical
    self.geometry = geometry
    self.configuration = configuration
    self.contentOffset = geometry.minimumContentOffset
    self.modelOffset = geometry.minimumContentOffset
    self.time = time
    self.pan = PanRecognizer(
      touchSlop: configuration.touchSlop,
      isDirectionalLockEnabled: configuration.isDirectionalLockEnabled)
  }
}

// MARK: - State

extension ScrollView {
  /// Whether a finger is down (`isTracking`).
  public var isTracking: Bool { pan.isTracking }
  /// Where the first finger down is, in the scroll view's coordinates (points); nil with none.
  public var touchLocation: Point? { pan.touchLocation }
  /// Whether the content follows a finger (`isDragging`).
  public var isDragging: Bool { phase == .dragging }
  /// Whether the content moves on its own after a drag (`isDecelerating`).
  public var isDecelerating: Bool { phase == .decelerating || phase == .bouncing }
  /// The offset's distance outside the valid range per axis (zero inside), in points.
  public var overscroll: Point {
    let low = geometry.minimumContentOffset
    let high = geometry.maximumContentOffset
    func outside(_ v: Double, _ l: Double, _ h: Double) -> Double {
      v < l ? v - l : (v > h ? v - h : 0)
    }
    return Point(
      x: outside(contentOffset.x, low.x, high.x), y: outside(contentOffset.y, low.y, high.y))
  }
}

// MARK: - Motion

/// What moves the content when no finger does.
enum Motion: Sendable {
  case none
  case released(start: Int64, x: AxisMotion?, y: AxisMotion?)
  case animation(start: Int64, x: CurveAnimation, y: CurveAnimation)
}

/// One axis of a released scroll: free deceleration with bounce, or a paging snap.
indirect enum AxisMotion: Sendable {
  case ballistic(BouncingDeceleration)
  case snap(SpringSimulation)

  /// Where the axis is at `t` seconds after the release, how fast it moves and whether it is
  /// done or bouncing: one look at the simulation, which is large, where a call for each copied
  /// it out of the enum four times a frame.
  func sample(at t: Double) -> AxisSample {
    switch self {
    case .ballistic(let s):
      let (state, isBouncing) = s.state(at: t)
      return AxisSample(
        position: state.position, velocity: state.velocity, isDone: state.isDone,
        isBouncing: isBouncing)
    case .snap(let s):
      let state = s.state(at: t)
      return AxisSample(
        position: state.position, velocity: state.velocity, isDone: state.isDone,
        isBouncing: false)
    }
  }
}

/// One axis of a released scroll at a moment: position in points, velocity in points per second.
struct AxisSample {
  var position: Double
  var velocity: Double
  var isDone: Bool
  var isBouncing: Bool
}
