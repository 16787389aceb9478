// scrolltrace — content that comes to rest where its component does not mean it to.

public import Replay
public import TraceCore

/// Finds boundary glitches: each time the content comes to rest (no finger, no motion, no resize
/// animation) in a new position, judges it by the engine's `RestingRule` — a pager's bounds off
/// the page grid, a card feed with two cards in its content area (inside the adjusted insets, as
/// bars cover the rest) or a card edge inside it — and times how
/// long it rests there.
///
/// During a resize animation of a pager, it also finds the seams on screen:
/// presented offsets off the grid of the presented width.
public struct BoundaryGlitchAnalyzer: FrameAnalyzer {
  /// Misalignments at most this large are not glitches, in points.
  public let tolerance: Double
  /// The refresh interval, in nanoseconds: how long the last frame stays on screen.
  public let frameInterval: Int64
  private(set) var glitches: CappedEvents<BoundaryGlitch>
  private(set) var seams: CappedEvents<TransitionSeam>
  private(set) var rests = 0
  private(set) var restingTime: Int64 = 0
  private(set) var worst = 0.0
  private(set) var seamTime: Int64 = 0
  private(set) var worstSeam = 0.0
  private(set) var rules: Set<RestingRule> = []
  private var previous: Previous?
  /// The rule of the previous frame, so that `rules` is touched only when the rule changes.
  private var lastRule: RestingRule?

  private struct Previous: Sendable {
    var time: Int64
    var restKey: RestKey?
    var glitched: Bool
    var seam: Bool
  }

  private struct RestKey: Sendable, Hashable {
    var offset: Point
    var bounds: Size
    var contentSize: Size
    var rule: RestingRule
  }

  /// An analyzer with `tolerance` points, for a display refreshing `refreshRate` times a second,
  /// listing at most `eventLimit` glitches and seams.
  public init(tolerance: Double, refreshRate: Double, eventLimit: Int) {
    self.tolerance = tolerance
    frameInterval = Int64(ScrollingClock.interval(refreshRate: refreshRate).rounded())
    glitches = CappedEvents(limit: eventLimit)
    seams = CappedEvents(limit: eventLimit)
  }

  public mutating func consume(_ frame: ReplayFrame) {
    if let previous { account(previous, duration: max(0, frame.time &- previous.time)) }
    if frame.restingRule != lastRule {
      rules.insert(frame.restingRule)
      lastRule = frame.restingRule
    }
    var next = Previous(time: frame.time, restKey: nil, glitched: false, seam: false)
    if frame.isAtRest {
      let key = RestKey(
        offset: frame.contentOffset, bounds: frame.boundsSize, contentSize: frame.contentSize,
        rule: frame.restingRule)
      next.restKey = key
      if let previous, previous.restKey == key {
        next.glitched = previous.glitched
      } else {
        rests += 1
        let position = RestingPosition(
          judging: frame.restingRule == .singleItem ? frame.contentArea : frame.viewport,
          overflows: RestingPosition.overflows(of: frame, tolerance: tolerance),
          visibleItems: frame.engine.visibleItems,
          by: frame.restingRule, restingOffset: frame.engine.restingOffset, tolerance: tolerance)
        if position.misalignment > tolerance {
          next.glitched = true
          worst = max(worst, position.misalignment)
          glitches.append(
            BoundaryGlitch(
              frame: frame.index, time: frame.time, rule: frame.restingRule,
              contentOffset: frame.contentOffset,
              misalignment: position.misalignment, items: position.items, restingTime: 0))
        }
      }
    }
    if let transition = frame.transition, frame.restingRule == .pageGrid {
      let shown = Rect(
        x: transition.contentOffset.x, y: transition.contentOffset.y,
        width: transition.boundsSize.width,
        height: transition.boundsSize.height)
      let position = RestingPosition(
        judging: shown,
        overflows: RestingPosition.overflows(of: frame, tolerance: tolerance),
        visibleItems: [],
        by: .pageGrid, tolerance: tolerance)
      if position.misalignment > tolerance {
        next.seam = true
        worstSeam = max(worstSeam, position.misalignment)
        if previous?.seam != true {
          seams.append(
            TransitionSeam(frame: frame.index, time: frame.time, worstMisalignment: 0, duration: 0))
        }
        seams.updateLast { $0.worstMisalignment = max($0.worstMisalignment, position.misalignment) }
      }
    }
    previous = next
  }

  /// Takes a run of frames: repeats of a frame at rest, on the rest the frame before began and
  /// with no transition, add their time on screen to that rest (and its glitch) at once; any
  /// other run is taken frame by frame.
  public mutating func consume(_ run: FrameRun) {
    guard run.count > 1 else { return consume(run.first) }
    consume(run) { analyzer, frame, time in
      guard let previous = analyzer.previous, frame.isAtRest, frame.transition == nil,
        !previous.seam,
        previous.restKey
          == RestKey(
            offset: frame.contentOffset, bounds: frame.boundsSize, contentSize: frame.contentSize,
            rule: frame.restingRule)
      else { return false }
      analyzer.account(previous, duration: max(0, time &- previous.time))
      analyzer.previous?.time = time
      return true
    }
  }

  /// Adds a finished frame's time on screen to the glitch or seam it showed.
  private mutating func account(_ frame: Previous, duration: Int64) {
    if frame.glitched {
      restingTime &+= duration
      glitches.updateLast { $0.restingTime &+= duration }
    }
    if frame.seam {
      seamTime &+= duration
      seams.updateLast { $0.duration &+= duration }
    }
  }

  /// Adds another trace's analysis (for a total over traces).
  public mutating func merge(_ other: BoundaryGlitchAnalyzer) {
    let other = other.finished
    glitches.merge(other.glitches)
    seams.merge(other.seams)
    rests += other.rests
    restingTime &+= other.restingTime
    worst = max(worst, other.worst)
    seamTime &+= other.seamTime
    worstSeam = max(worstSeam, other.worstSeam)
    rules.formUnion(other.rules)
  }

  /// The analysis with its last frame counted as one refresh interval on screen.
  private var finished: BoundaryGlitchAnalyzer {
    var copy = self
    if let previous { copy.account(previous, duration: frameInterval) }
    copy.previous = nil
    return copy
  }

  /// The summary so far; the last frame counts as one refresh interval on screen.
  public var summary: BoundaryGlitchSummary {
    let done = finished
    return BoundaryGlitchSummary(
      tolerance: tolerance, rules: RestingRule.allCases.filter(done.rules.contains),
      rests: done.rests,
      count: done.glitches.count, restingTime: done.restingTime, worstMisalignment: done.worst,
      glitches: done.glitches.events, glitchesOmitted: done.glitches.omitted,
      transitionSeams: done.seams.count,
      transitionSeamTime: done.seamTime, worstTransitionSeam: done.worstSeam,
      seams: done.seams.events,
      seamsOmitted: done.seams.omitted)
  }
}

/// Content resting where its component does not mean it to.
public struct BoundaryGlitch: Sendable, Hashable {
  /// The first frame at rest there.
  public var frame: Int64
  /// When it is presented, in nanoseconds on the trace's clock.
  public var time: Int64
  /// The rule broken.
  public var rule: RestingRule
  /// The resting offset, in points.
  public var contentOffset: Point
  /// The distance to the nearest allowed position, in points.
  public var misalignment: Double
  /// The items in view, at most two.
  public var items: [RestingPosition.ItemID]
  /// How long the content rested there, in nanoseconds.
  public var restingTime: Int64
}

/// A seam on screen during a resize animation.
public struct TransitionSeam: Sendable, Hashable {
  /// The first frame showing it.
  public var frame: Int64
  /// When that frame is presented, in nanoseconds on the trace's clock.
  public var time: Int64
  /// The largest distance from the page grid on screen, in points.
  public var worstMisalignment: Double
  /// How long it showed, in nanoseconds.
  public var duration: Int64
}

/// A replay's boundary glitches and transition seams.
public struct BoundaryGlitchSummary: Sendable, Hashable {
  /// The tolerance, in points.
  public var tolerance: Double
  /// The resting rules the engine applied.
  public var rules: [RestingRule]
  /// Resting positions judged.
  public var rests: Int
  /// Glitches: resting positions that break the rule.
  public var count: Int
  /// Time spent resting in a glitched position, in nanoseconds.
  public var restingTime: Int64
  /// The largest misalignment at rest, in points.
  public var worstMisalignment: Double
  /// The first glitches, in order.
  public var glitches: [BoundaryGlitch]
  /// Glitches counted but not listed.
  public var glitchesOmitted: Int
  /// Resize animations that showed a seam.
  public var transitionSeams: Int
  /// Time a seam showed, in nanoseconds.
  public var transitionSeamTime: Int64
  /// The largest misalignment on screen during a resize animation, in points.
  public var worstTransitionSeam: Double
  /// The first seams, in order.
  public var seams: [TransitionSeam]
  /// Seams counted but not listed.
  public var seamsOmitted: Int
}
