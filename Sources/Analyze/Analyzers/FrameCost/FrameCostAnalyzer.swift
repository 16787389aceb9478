// scrolltrace — what each frame costs: deterministic work, and the device time it is estimated at.

public import Replay

/// Counts each frame's work, prices it with a ``CostModel`` and derives what a device would show:
/// frames over the refresh interval, and hitches per Apple's definition — a frame presented later
/// than expected, by whole refresh intervals (WWDC20 session 10077; Apple, "Understanding hitches in
/// your app").
///
/// A frame whose estimated time is T at refresh interval I is presented ⌈T / I⌉ − 1 intervals late
/// (no pipelining: each frame is priced on its own). The hitch time ratio is the hitch time of
/// scrolling frames over the time spent scrolling, in ms/s, as `MXAnimationMetric`'s
/// `scrollHitchTimeRatio`. A scene's first layout (``Replay/ReplayFrame/isFirstLayout``) is its own
/// figure, ``FirstLayoutSummary``: it is counted in the work totals, but not as a hitch, a frame
/// over budget, the worst frame or in the frame time percentiles. Percentiles come from an HDR
/// histogram with 3 significant digits, so they are exact to 0.1 % and deterministic; the mean is exact
/// (`RecordedTimes`).
public struct FrameCostAnalyzer: FrameAnalyzer {
  /// The cost model.
  public let costModel: CostModel
  /// The refresh interval: the frame budget, in nanoseconds.
  public let budget: Double
  private(set) var frames = 0
  private(set) var totals = WorkTotals()
  private(set) var maxima = WorkTotals()
  private(set) var estimates = RecordedTimes()
  private(set) var framesOverBudget = 0
  private(set) var hitches = 0
  private(set) var hitchTime = 0.0
  private(set) var scrollingHitchTime = 0.0
  private(set) var mergedScrollingTime: Int64 = 0
  private(set) var worst: FrameCostSummary.WorstFrame?
  private(set) var firstLayout = FirstLayoutSummary()
  private var clock: ScrollingClock

  /// An analyzer for a display refreshing `refreshRate` times a second.
  public init(costModel: CostModel, refreshRate: Double) {
    self.costModel = costModel
    budget = ScrollingClock.interval(refreshRate: refreshRate)
    clock = ScrollingClock(refreshRate: refreshRate)
  }

  public mutating func consume(_ frame: ReplayFrame) {
    let created = clock.advance(to: frame)
    frames += 1
    let work = WorkTotals(frame.engine.work, viewsCreated: created)
    totals.add(work)
    maxima.formMaximum(work)
    let estimate = costModel.frameTime(work: frame.engine.work, viewsCreated: created)
    if frame.isFirstLayout {
      firstLayout.add(
        estimatedTime: estimate, viewsCreated: created,
        isStockScene: frame.events.contains(.stockScene))
      return
    }
    estimates.record(RecordedTimes.recordable(estimate))
    if estimate > budget { framesOverBudget += 1 }
    let late = estimate > budget ? ((estimate / budget).rounded(.up) - 1) * budget : 0
    if late > 0 {
      hitches += 1
      hitchTime += late
      if frame.isScrolling { scrollingHitchTime += late }
    }
    if worst.map({ estimate > $0.estimatedTime }) ?? true {
      worst = .init(frame: frame.index, time: frame.time, estimatedTime: estimate, work: work)
    }
  }

  /// Adds another trace's analysis (for a total over traces).
  ///
  /// Takes a run of frames: the repeats of a frame at rest with no work and within budget are
  /// recorded at once (one more estimate each, no hitch); any other run frame by frame.
  public mutating func consume(_ run: FrameRun) {
    guard run.count > 1 else { return consume(run.first) }
    consume(run) { analyzer, frame, time in
      analyzer.repeatFrame(frame, times: run.count &- 2, through: time)
    }
  }

  /// Accounts for `times` repeats of `frame`, the last at `time`, when they only add estimates
  /// within budget; `false` otherwise.
  private mutating func repeatFrame(_ frame: ReplayFrame, times: Int64, through time: Int64) -> Bool
  {
    guard times > 0, !frame.isFirstLayout, frame.engine.work == WorkCounters() else { return false }
    let estimate = costModel.frameTime(work: frame.engine.work, viewsCreated: 0)
    guard estimate <= budget else { return false }
    clock.repeatLastFrame(through: time)
    frames += Int(times)
    estimates.record(RecordedTimes.recordable(estimate), count: UInt64(times))
    return true
  }

  /// Adds another trace's frame costs, as a run over several traces totals them.
  public mutating func merge(_ other: FrameCostAnalyzer) {
    frames += other.frames
    totals.add(other.totals)
    maxima.formMaximum(other.maxima)
    estimates.add(other.estimates)
    framesOverBudget += other.framesOverBudget
    hitches += other.hitches
    hitchTime += other.hitchTime
    scrollingHitchTime += other.scrollingHitchTime
    mergedScrollingTime &+= other.finishedScrollingTime
    firstLayout.merge(other.firstLayout)
    if let theirs = other.worst, worst.map({ theirs.estimatedTime > $0.estimatedTime }) ?? true {
      worst = theirs
    }
  }

  /// The scrolling time, counting a last scrolling frame as one refresh interval.
  private var finishedScrollingTime: Int64 { mergedScrollingTime &+ clock.finishedScrollingTime }

  /// The summary so far; the last frame counts as one refresh interval.
  public func summary(bands: HitchBands) -> FrameCostSummary {
    let scrolling = finishedScrollingTime
    let ratio = scrolling > 0 ? (scrollingHitchTime / 1e6) / (Double(scrolling) / 1e9) : 0
    let (p50, p90, p99) = estimates.percentiles(50, 90, 99)
    return FrameCostSummary(
      frames: frames, budget: budget, work: totals, workPerFrameMaximum: maxima,
      estimatedFrameTime: .init(
        p50: Double(p50), p90: Double(p90), p99: Double(p99), max: Double(estimates.max),
        mean: estimates.mean),
      framesOverBudget: framesOverBudget, hitches: hitches, hitchTime: hitchTime,
      scrollingTime: scrolling,
      hitchTimeRatio: ratio, band: bands.band(of: ratio), bands: bands.name, worstFrame: worst,
      firstLayout: firstLayout)
  }
}

/// A replay's frame cost: its work, and what the cost model estimates a device would show.
///
/// Times are in nanoseconds.
public struct FrameCostSummary: Sendable, Hashable {
  /// Frames replayed.
  public var frames: Int
  /// The refresh interval, in nanoseconds.
  public var budget: Double
  /// Work over the replay.
  public var work: WorkTotals
  /// The most of each kind of work in one frame.
  public var workPerFrameMaximum: WorkTotals
  /// Estimated device frame time percentiles, in nanoseconds (first layouts aside).
  public var estimatedFrameTime: Percentiles
  /// Frames whose estimate exceeds the refresh interval (strictly, as Flutter counts).
  public var framesOverBudget: Int
  /// Frames presented late.
  public var hitches: Int
  /// How late, over all frames, in nanoseconds.
  public var hitchTime: Double
  /// Time spent scrolling (a finger down, or content or a resize animation moving), in nanoseconds.
  public var scrollingTime: Int64
  /// Hitch time while scrolling over time spent scrolling, in ms/s.
  public var hitchTimeRatio: Double
  /// The ratio's band.
  public var band: HitchBand
  /// The name of the set of bands used.
  public var bands: String
  /// The frame with the highest estimate, first layouts aside.
  public var worstFrame: WorstFrame?
  /// Scenes' first layouts, kept out of the hitches and percentiles.
  public var firstLayout = FirstLayoutSummary()

  /// Percentiles of a time, in nanoseconds.
  public struct Percentiles: Sendable, Hashable {
    /// The median.
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The largest.
    public var max: Double
    /// The mean.
    public var mean: Double
  }

  /// The most expensive frame.
  public struct WorstFrame: Sendable, Hashable {
    /// Its number.
    public var frame: Int64
    /// When it is presented, in nanoseconds on the trace's clock.
    public var time: Int64
    /// Its estimated device time, in nanoseconds.
    public var estimatedTime: Double
    /// Its work.
    public var work: WorkTotals
  }
}

/// Scenes' first layouts: the frames in which an engine laid out a new scene and created its
/// visible views at once.
///
/// A first layout's cost is what opening the screen costs, not a scrolling
/// hitch, so it is reported here and kept out of the hitch figures.
public struct FirstLayoutSummary: Sendable, Hashable {
  /// First layouts seen (one per scene the trace set, or the engine's stock scene).
  public var layouts = 0
  /// How many of them laid out the engine's stock scene because the trace has none.
  public var stockScenes = 0
  /// Views the first layouts created.
  public var viewsCreated = 0
  /// The largest first layout's estimated device time, in nanoseconds.
  public var largestEstimatedTime = 0.0

  /// No first layout yet.
  public init() {}

  /// Counts a first layout estimated at `estimatedTime` nanoseconds that created `viewsCreated` views.
  mutating func add(estimatedTime: Double, viewsCreated: Int, isStockScene: Bool) {
    layouts += 1
    if isStockScene { stockScenes += 1 }
    self.viewsCreated += viewsCreated
    largestEstimatedTime = max(largestEstimatedTime, estimatedTime)
  }

  /// Adds another trace's first layouts.
  mutating func merge(_ other: FirstLayoutSummary) {
    layouts += other.layouts
    stockScenes += other.stockScenes
    viewsCreated += other.viewsCreated
    largestEstimatedTime = max(largestEstimatedTime, other.largestEstimatedTime)
  }
}
