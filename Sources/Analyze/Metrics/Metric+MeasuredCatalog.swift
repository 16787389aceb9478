// scrolltrace — the catalog's figures measured on a device: each with its value and its noise.

extension Metric {
  /// The `measured.*` metrics, in catalog order.
  ///
  /// What the device measured over a recording's observed frames (null without them), each with
  /// the 95 % interval of its sampling noise (``MeasuredNoise``). ``catalog`` holds them between
  /// the estimate and the work.
  static let measuredCatalog: [Metric] = [
    Metric(
      "measured.frames", "count", direction: .informational,
      "Observed frames the device recorded and the replay presented (informational)."
    ) { $0.measured.map { Double($0.frames) } },
    Metric(
      "measured.hitches", "count", tolerance: .init(relative: 0.05),
      "Frames the device presented later than expected by over half an interval."
    ) { $0.presentedMeasured.map { Double($0.hitches) } }
    .sampled { $0.presentedMeasured?.noise.hitches },
    Metric(
      "measured.hitchTime", "ms", tolerance: .init(relative: 0.02),
      "How late the device presented its hitches, in all."
    ) { $0.presentedMeasured.map { Double($0.hitchTime) / 1e6 } }
    .sampled { $0.presentedMeasured?.noise.hitchTime },
    Metric(
      "measured.hitchTimeRatio", "ms/s", tolerance: .init(relative: 0.02, absolute: 0.05),
      "Measured hitch time while scrolling per second of scrolling (Apple's ratio)."
    ) { $0.presentedMeasured?.hitchTimeRatio }
    .sampled { $0.presentedMeasured?.noise.hitchTimeRatio },
    Metric(
      "measured.slowFrames", "count", tolerance: .init(relative: 0.05),
      "Slow frames (Sentry's rule for a display link, Android vitals' for framestats)."
    ) { $0.presentedMeasured.map { Double($0.slowFrames) } }
    .sampled { $0.presentedMeasured?.noise.slowFrames },
    Metric(
      "measured.frozenFrames", "count",
      "Frames longer than 700 ms, as Sentry and Android vitals count."
    ) { $0.presentedMeasured.map { Double($0.frozenFrames) } }
    .sampled { $0.presentedMeasured?.noise.frozenFrames },
    Metric(
      "measured.missedDeadlines", "count", tolerance: .init(relative: 0.05),
      "Frames the platform called late for missing their deadline (Android's jank rule, Instruments' hitches)."
    ) { $0.presentedMeasured.flatMap { $0.deadlineFrames > 0 ? Double($0.missedDeadlines) : nil } }
    .sampled { $0.presentedMeasured?.noise.missedDeadlines },
    Metric(
      "measured.framesOverBudget", "count", tolerance: .init(relative: 0.05),
      "Frames whose measured work exceeds their own refresh interval."
    ) { $0.presentedMeasured.map { Double($0.framesOverBudget) } }
    .sampled { $0.presentedMeasured?.noise.framesOverBudget },
    Metric(
      "measured.frameTime.p50", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "Median measured frame work (busy time)."
    ) { $0.presentedMeasured?.measuredFrameTime.map { $0.p50 / 1e6 } }
    .sampled { $0.presentedMeasured?.noise.frameTimeP50 },
    Metric(
      "measured.frameTime.p90", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "90th percentile measured frame work."
    ) { $0.presentedMeasured?.measuredFrameTime.map { $0.p90 / 1e6 } }
    .sampled { $0.presentedMeasured?.noise.frameTimeP90 },
    Metric(
      "measured.frameTime.p99", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "99th percentile measured frame work."
    ) { $0.presentedMeasured?.measuredFrameTime.map { $0.p99 / 1e6 } }
    .sampled { $0.presentedMeasured?.noise.frameTimeP99 },
    Metric(
      "measured.frameTime.max", "ms", tolerance: .init(relative: 0.01, absolute: 0.001),
      "Largest measured frame work."
    ) { $0.presentedMeasured?.measuredFrameTime.map { $0.max / 1e6 } }
    .sampled { $0.presentedMeasured?.noise.frameTimeMax },
  ]
}
