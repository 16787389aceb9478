// scrolltrace — every metric a report carries, defined once: key, unit, direction, meaning.

/// One metric of a report: its stable key (the JSON key in `metrics`), unit, which direction is
/// better, what it means, and how it is read off an ``AnalysisSummary``.
///
/// Renderers, `diff` and
/// `gate` all read this catalog, so names and units cannot drift between them.
public struct Metric: Sendable, Hashable {
  /// The stable key, such as `boundaryGlitches.count`.
  public var key: String
  /// The unit: `count`, `ms`, `ms/s`, `pt`, `ratio`, `per s`.
  public var unit: String
  /// Which way is better; an informational metric (a frame count) is never a verdict.
  public var direction: Direction
  /// One sentence on what it measures.
  public var summary: String
  /// Whether it is a host timing: measured on this machine, compared only with repetitions and a
  /// significance test.
  public var isHostTiming: Bool
  /// For a host timing, the multiple of the noise floor its median must move by to count: 2 for a
  /// tail percentile, which a burst of load on the machine moves most.
  public var noiseFloorScale: Double = 1
  let value: @Sendable (AnalysisSummary) -> Double?
  let hostValue: @Sendable (HostTimingSummary) -> Double?

  public static func == (a: Self, b: Self) -> Bool { a.key == b.key }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// The metric's value in `summary` (nil when it does not apply, such as a hit rate without
  /// dequeues, or for a host timing).
  public func value(in summary: AnalysisSummary) -> Double? { value(summary) }

  /// A host timing's value in `timings` (nil for a deterministic metric).
  public func value(in timings: HostTimingSummary) -> Double? { hostValue(timings) }

  /// Which way a metric is better.
  public enum Direction: String, Sendable, Hashable {
    /// Less is better: costs, jumps, glitches, views created.
    case lowerIsBetter
    /// More is better: a reuse hit rate.
    case higherIsBetter
    /// Neither: how much was replayed (frames). A change is shown, never judged.
    case informational
  }

  /// Whether a move from `baseline` to `candidate` is better (true), worse (false) or neither
  /// (nil: equal, or an informational metric).
  public func isImprovement(from baseline: Double, to candidate: Double) -> Bool? {
    guard baseline != candidate else { return nil }
    switch direction {
    case .lowerIsBetter: return candidate < baseline
    case .higherIsBetter: return candidate > baseline
    case .informational: return nil
    }
  }

  init(
    _ key: String, _ unit: String, direction: Direction = .lowerIsBetter, _ summary: String,
    _ value: @escaping @Sendable (AnalysisSummary) -> Double?
  ) {
    self.key = key
    self.unit = unit
    self.direction = direction
    self.summary = summary
    isHostTiming = false
    self.value = value
    hostValue = { _ in nil }
  }

  init(
    host key: String, _ unit: String, noiseFloorScale: Double = 1, _ summary: String,
    _ value: @escaping @Sendable (HostTimingSummary) -> Double?
  ) {
    self.noiseFloorScale = noiseFloorScale
    self.key = key
    self.unit = unit
    direction = .lowerIsBetter
    self.summary = summary
    isHostTiming = true
    self.value = { _ in nil }
    hostValue = value
  }

  /// The metric with `key` in either catalog, if there is one.
  public static func named(_ key: String) -> Metric? {
    catalog.first { $0.key == key } ?? hostCatalog.first { $0.key == key }
  }

  /// The host timings `diff` and `gate` compare, with repetitions and a Mann–Whitney U test.
  public static let hostCatalog: [Metric] = [
    Metric(host: "host.frameWork.p50", "µs", "Median host CPU time of a frame's replay work.") {
      Double($0.p50) / 1e3
    },
    Metric(
      host: "host.frameWork.p99", "µs", noiseFloorScale: 2,
      "99th percentile host CPU time of a frame's replay work."
    ) {
      Double($0.p99) / 1e3
    },
    Metric(
      host: "host.wallTime", "ms", "Wall time of the whole replay (reading, replaying, analysing)."
    ) {
      Double($0.wallTime) / 1e6
    },
  ]

  /// Every deterministic metric, in report order.
  public static let catalog: [Metric] = [
    Metric(
      "frames", "count", direction: .informational,
      "Frames replayed (informational: more input, more frames)."
    ) { Double($0.frames) },
    Metric(
      "frameCost.framesOverBudget", "count",
      "Frames whose estimated device time exceeds the refresh interval."
    ) {
      Double($0.frameCost.framesOverBudget)
    },
    Metric(
      "frameCost.hitches", "count",
      "Frames presented late by the cost model's estimate (first layouts aside)."
    ) { Double($0.frameCost.hitches) },
    Metric("frameCost.hitchTime", "ms", "Time frames were presented late, in all.") {
      $0.frameCost.hitchTime / 1e6
    },
    Metric(
      "frameCost.hitchTimeRatio", "ms/s",
      "Hitch time while scrolling per second of scrolling (Apple's ratio)."
    ) {
      $0.frameCost.hitchTimeRatio
    },
    Metric("frameCost.estimatedFrameTime.p50", "ms", "Median estimated device frame time.") {
      $0.frameCost.estimatedFrameTime.p50 / 1e6
    },
    Metric("frameCost.estimatedFrameTime.p90", "ms", "90th percentile estimated device frame time.")
    {
      $0.frameCost.estimatedFrameTime.p90 / 1e6
    },
    Metric("frameCost.estimatedFrameTime.p99", "ms", "99th percentile estimated device frame time.")
    {
      $0.frameCost.estimatedFrameTime.p99 / 1e6
    },
    Metric("frameCost.estimatedFrameTime.max", "ms", "Largest estimated device frame time.") {
      $0.frameCost.estimatedFrameTime.max / 1e6
    },
    Metric(
      "frameCost.firstLayout.estimatedTime", "ms",
      "The largest estimated device time of a scene's first layout (not a hitch)."
    ) {
      $0.frameCost.firstLayout.largestEstimatedTime / 1e6
    },
    Metric(
      "frameCost.firstLayout.viewsCreated", "count", "Views scenes' first layouts created at once."
    ) {
      Double($0.frameCost.firstLayout.viewsCreated)
    },
    Metric("work.layoutPasses", "count", "Layout passes run.") {
      Double($0.frameCost.work.layoutPasses)
    },
    Metric("work.viewsCreated", "count", "Views created.") {
      Double($0.frameCost.work.viewsCreated)
    },
    Metric("work.itemsConfigured", "count", "Items configured with content.") {
      Double($0.frameCost.work.itemsConfigured)
    },
    Metric("work.framesSet", "count", "View frames assigned.") {
      Double($0.frameCost.work.framesSet)
    },
    Metric("work.poolScanSteps", "count", "Reuse-pool search steps.") {
      Double($0.frameCost.work.poolScanSteps)
    },
    Metric(
      "offsetJumps.count", "count",
      "Frames where content moved on screen beyond what the input explains."
    ) {
      Double($0.offsetJumps.count)
    },
    Metric("offsetJumps.largest", "pt", "The largest offset jump.") { $0.offsetJumps.largest },
    Metric(
      "offsetJumps.worstAnchorDrift", "pt",
      "The farthest a resize moved the content under the viewport's centre."
    ) {
      $0.offsetJumps.worstAnchorDrift
    },
    Metric(
      "boundaryGlitches.count", "count",
      "Resting positions that break the component's resting rule."
    ) {
      Double($0.boundaryGlitches.count)
    },
    Metric("boundaryGlitches.restingTime", "ms", "Time spent resting in a glitched position.") {
      Double($0.boundaryGlitches.restingTime) / 1e6
    },
    Metric("boundaryGlitches.worstMisalignment", "pt", "The largest misalignment at rest.") {
      $0.boundaryGlitches.worstMisalignment
    },
    Metric(
      "boundaryGlitches.transitionSeams", "count", "Resize animations that showed a pager seam."
    ) {
      Double($0.boundaryGlitches.transitionSeams)
    },
    Metric("reuse.dequeuesCreated", "count", "Dequeues that had to create a view.") {
      Double($0.reuse.dequeuesCreated)
    },
    Metric(
      "reuse.dequeuesReused", "count", direction: .informational,
      "Dequeues that reused a queued view (informational: the hit rate judges reuse)."
    ) {
      Double($0.reuse.dequeuesReused)
    },
    Metric(
      "reuse.hitRate", "ratio", direction: .higherIsBetter, "Reused dequeues over all dequeues."
    ) { $0.reuse.hitRate },
    Metric(
      "reuse.viewsCreatedPerScrollingSecond", "per s",
      "Views created while scrolling per second of scrolling."
    ) {
      $0.reuse.viewsCreatedPerScrollingSecond
    },
    Metric("reuse.peakLiveViews", "count", "The most views in use at once.") {
      Double($0.reuse.peakLiveViews)
    },
    Metric("reuse.peakPoolSize", "count", "The most views queued at once.") {
      Double($0.reuse.peakPoolSize)
    },
    Metric(
      "reuse.reusedWithoutPreparing", "count",
      "Queued views handed out again without prepareForReuse()."
    ) {
      Double($0.reuse.lifecycle.reusedWithoutPreparing)
    },
    Metric(
      "reuse.lifecycleViolations", "count",
      "View steps out of UIKit's order: enqueued twice, reused while in use, used after removal."
    ) {
      Double($0.reuse.lifecycle.violations.count)
    },
  ]
}
