// scrolltrace — the catalog: every deterministic metric a report carries, with its unit, direction
// and tolerance.

extension Metric {
  /// Every deterministic metric, in report order.
  public static let catalog: [Metric] =
    [
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
        "frameCost.firstLayout.viewsCreated", "count",
        "Views scenes' first layouts created at once."
      ) {
        Double($0.frameCost.firstLayout.viewsCreated)
      },
    ]
    + measuredCatalog
    + [
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
        "contentShift.count", "count", omittedWhenAbsent: true,
        "Frames where the content looked at (under the finger, else the first wholly visible item) moved on screen beyond the input: a size resolved, an update, an inset change."
      ) { $0.contentShift.map { Double($0.count) } },
      Metric(
        "contentShift.whileTracking", "count", omittedWhenAbsent: true,
        "Content shifts while a finger was down: the content moved under it."
      ) { $0.contentShift.map { Double($0.whileTracking) } },
      Metric(
        "contentShift.largest", "pt", tolerance: .halfPoint, omittedWhenAbsent: true,
        "The largest content shift."
      ) { $0.contentShift?.largest },
      Metric(
        "contentShift.total", "pt", tolerance: .halfPoint, omittedWhenAbsent: true,
        "Content shifts added up."
      ) { $0.contentShift?.totalDistance },
      Metric(
        "contentShift.flingVelocityLost", "pt/s", tolerance: .init(absolute: 1),
        omittedWhenAbsent: true,
        "The most speed an update took from a fling, beyond the deceleration's own decay."
      ) { $0.contentShift?.largestVelocityLost },
      Metric(
        "contentShift.leftBottom", "count", omittedWhenAbsent: true,
        "Times a change the input does not explain left a list resting at the bottom above it: a message arriving unseen, a last message shrinking."
      ) { $0.contentShift.map { Double($0.leftBottom) } },
      Metric(
        "contentShift.bottomGap", "pt", tolerance: .halfPoint, omittedWhenAbsent: true,
        "The farthest above the bottom such a change left the list."
      ) { $0.contentShift?.largestBottomGap },
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
      Metric("reuse.peakPoolSize", "count", "The most views queued at once, at the end of a frame.")
      {
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
      Metric(
        "fidelity.frames", "count", direction: .informational,
        "Observed frames whose device offset the model was compared with (informational)."
      ) { $0.fidelity.map { Double($0.frames) } },
      Metric(
        "fidelity.offsetError.p50", "pt", tolerance: .fidelity,
        "Median distance between the model's offset and the device's."
      ) { $0.fidelity?.offsetError.p50 },
      Metric(
        "fidelity.offsetError.p99", "pt", tolerance: .fidelity,
        "99th percentile distance between the model's offset and the device's."
      ) { $0.fidelity?.offsetError.p99 },
      Metric(
        "fidelity.offsetError.max", "pt", tolerance: .fidelity,
        "Largest distance between the model's offset and the device's."
      ) { $0.fidelity?.offsetError.max },
      Metric(
        "fidelity.divergedFrames", "count",
        "Frames where the model and the device part by more than the fidelity threshold."
      ) { $0.fidelity.map { Double($0.divergedFrames) } },
      Metric(
        "fidelity.worstRestDistance", "pt", tolerance: .fidelity,
        "The largest distance between where the model and the device came to rest."
      ) { $0.fidelity?.worstRestDistance },
      Metric(
        "fidelity.worstSettleTimeDifference", "ms", tolerance: .init(relative: 0.02, absolute: 1),
        "The largest difference between the device's and the model's settle times (magnitude)."
      ) { $0.fidelity.map { Double($0.worstSettleTimeDifference.magnitude) / 1e6 } },
    ]
}

extension Metric.Tolerance {
  /// Half a point, or 1 % of the baseline: a length that moved less than this is no change (half
  /// the analyzers' default glitch tolerance; under a pixel at 2×).
  static let halfPoint = Metric.Tolerance(relative: 0.01, absolute: 0.5)
  /// A twentieth of a point, or 1 %: the model's distance from the device moves by less between
  /// two engines or recordings only by rounding.
  static let fidelity = Metric.Tolerance(relative: 0.01, absolute: 0.05)
}
