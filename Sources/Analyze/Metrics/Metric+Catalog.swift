// scrolltrace — the catalog: every metric a report carries, with its unit, direction and tolerance.

extension Metric {
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
      "scrollingTime", "ms", direction: .informational,
      "Time spent scrolling: frames in motion or under a finger (informational)."
    ) { Double($0.frameCost.scrollingTime) / 1e6 },
    Metric(
      "frameCost.framesOverBudget", "count", per: .perFrame, tolerance: .init(relative: 0.05),
      "Frames whose estimated device time exceeds the refresh interval."
    ) {
      Double($0.frameCost.framesOverBudget)
    },
    Metric(
      "frameCost.hitches", "count", per: .perFrame, tolerance: .init(relative: 0.05),
      "Frames presented late by the cost model's estimate (first layouts aside)."
    ) { Double($0.frameCost.hitches) },
    Metric(
      "frameCost.hitchTime", "ms", per: .perScrollingSecond, tolerance: .init(relative: 0.02),
      "Time frames were presented late, in all."
    ) {
      $0.frameCost.hitchTime / 1e6
    },
    Metric(
      "frameCost.hitchTimeRatio", "ms/s", tolerance: .init(relative: 0.02, absolute: 0.05),
      "Hitch time while scrolling per second of scrolling (Apple's ratio)."
    ) {
      $0.frameCost.hitchTimeRatio
    },
    Metric(
      "frameCost.estimatedFrameTime.p50", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "Median estimated device frame time."
    ) {
      $0.frameCost.estimatedFrameTime.p50 / 1e6
    },
    Metric(
      "frameCost.estimatedFrameTime.p90", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "90th percentile estimated device frame time."
    ) {
      $0.frameCost.estimatedFrameTime.p90 / 1e6
    },
    Metric(
      "frameCost.estimatedFrameTime.p99", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "99th percentile estimated device frame time."
    ) {
      $0.frameCost.estimatedFrameTime.p99 / 1e6
    },
    Metric(
      "frameCost.estimatedFrameTime.max", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "Largest estimated device frame time."
    ) {
      $0.frameCost.estimatedFrameTime.max / 1e6
    },
    Metric(
      "frameCost.firstLayout.estimatedTime", "ms",
      tolerance: .init(relative: 0.01, absolute: 0.001),
      "The largest estimated device time of a scene's first layout (not a hitch)."
    ) {
      $0.frameCost.firstLayout.largestEstimatedTime / 1e6
    },
    Metric(
      "frameCost.firstLayout.viewsCreated", "count", "Views scenes' first layouts created at once."
    ) {
      Double($0.frameCost.firstLayout.viewsCreated)
    },
    Metric(
      "work.layoutPasses", "count", per: .perFrame, tolerance: .init(relative: 0.01),
      "Layout passes run."
    ) {
      Double($0.frameCost.work.layoutPasses)
    },
    Metric(
      "work.viewsCreated", "count", per: .perFrame, tolerance: .init(relative: 0.01),
      "Views created."
    ) {
      Double($0.frameCost.work.viewsCreated)
    },
    Metric(
      "work.itemsConfigured", "count", per: .perFrame, tolerance: .init(relative: 0.01),
      "Items configured with content."
    ) {
      Double($0.frameCost.work.itemsConfigured)
    },
    Metric(
      "work.framesSet", "count", per: .perFrame, tolerance: .init(relative: 0.01),
      "View frames assigned."
    ) {
      Double($0.frameCost.work.framesSet)
    },
    Metric(
      "work.poolScanSteps", "count", per: .perFrame, tolerance: .init(relative: 0.01),
      "Reuse-pool search steps."
    ) {
      Double($0.frameCost.work.poolScanSteps)
    },
    Metric(
      "offsetJumps.count", "count",
      "Frames where content moved on screen beyond what the input explains."
    ) {
      Double($0.offsetJumps.count)
    },
    Metric(
      "offsetJumps.largest", "pt", tolerance: .halfPoint, "The largest offset jump."
    ) { $0.offsetJumps.largest },
    Metric(
      "offsetJumps.worstAnchorDrift", "pt", tolerance: .halfPoint,
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
    Metric(
      "boundaryGlitches.restingTime", "ms", tolerance: .init(relative: 0.02),
      "Time spent resting in a glitched position."
    ) {
      Double($0.boundaryGlitches.restingTime) / 1e6
    },
    Metric(
      "boundaryGlitches.worstMisalignment", "pt", tolerance: .halfPoint,
      "The largest misalignment at rest."
    ) {
      $0.boundaryGlitches.worstMisalignment
    },
    Metric(
      "boundaryGlitches.transitionSeams", "count", "Resize animations that showed a pager seam."
    ) {
      Double($0.boundaryGlitches.transitionSeams)
    },
    Metric(
      "reuse.dequeuesCreated", "count", per: .perFrame, tolerance: .init(relative: 0.01),
      "Dequeues that had to create a view."
    ) {
      Double($0.reuse.dequeuesCreated)
    },
    Metric(
      "reuse.dequeuesReused", "count", direction: .informational,
      "Dequeues that reused a queued view (informational: the hit rate judges reuse)."
    ) {
      Double($0.reuse.dequeuesReused)
    },
    Metric(
      "reuse.hitRate", "ratio", direction: .higherIsBetter, tolerance: .init(absolute: 0.005),
      "Reused dequeues over all dequeues."
    ) { $0.reuse.hitRate },
    Metric(
      "reuse.viewsCreatedPerScrollingSecond", "per s", tolerance: .init(relative: 0.02),
      "Views created while scrolling per second of scrolling."
    ) {
      $0.reuse.viewsCreatedPerScrollingSecond
    },
    Metric("reuse.peakLiveViews", "count", "The most views in use at once.") {
      Double($0.reuse.peakLiveViews)
    },
    Metric("reuse.peakPoolSize", "count", "The most views queued at once, at the end of a frame.") {
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

extension Metric.Tolerance {
  /// Half a point, or 1 % of the baseline: a length that moved less than this is no change (half
  /// the analyzers' default glitch tolerance; under a pixel at 2×).
  static let halfPoint = Metric.Tolerance(relative: 0.01, absolute: 0.5)
}
