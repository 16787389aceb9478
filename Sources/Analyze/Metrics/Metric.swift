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
  /// What a comparison judges: the total, or the value per frame or per second of scrolling, so
  /// that a candidate that replays more frames (a longer settle) does not regress a count of work
  /// for that alone.
  public var judgedPer: Scale = .total
  /// How far a deterministic value may move, in the judged scale, and still be "within
  /// tolerance" rather than improved or regressed.
  public var tolerance: Tolerance = .exact
  /// Whether a report leaves the metric out, rather than writing `null`, when it does not apply: a
  /// figure only some engines have (content shift needs item identities), so reports of the
  /// others stay byte for byte as they were before it existed.
  public var isOmittedWhenAbsent = false
  let value: @Sendable (AnalysisSummary) -> Double?
  /// The 95 % interval of a measured value's sampling noise; nil for an exact figure.
  private(set) var noiseInterval: (@Sendable (AnalysisSummary) -> ClosedRange<Double>?)?
  let hostValue: @Sendable (HostTimingSummary) -> Double?

  public static func == (a: Self, b: Self) -> Bool { a.key == b.key }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// The metric's value in `summary` (nil when it does not apply, such as a hit rate without
  /// dequeues, or for a host timing).
  public func value(in summary: AnalysisSummary) -> Double? { value(summary) }

  /// The 95 % interval of the value's sampling noise in `summary`, in the metric's unit.
  ///
  /// What another recording of the same session could show by chance (``MeasuredNoise``). `nil`
  /// for a modelled figure, which is exact, and where the recording has nothing to judge it by.
  public func noise(in summary: AnalysisSummary) -> ClosedRange<Double>? {
    noiseInterval?(summary)
  }

  /// Whether the metric is measured on a device, over a recording's frames: a sample with noise
  /// (``noise(in:)``), where every modelled metric is exact.
  public var isSampled: Bool { noiseInterval != nil }

  /// The metric with its sampling noise read off a summary by `interval`.
  func sampled(_ interval: @escaping @Sendable (AnalysisSummary) -> ClosedRange<Double>?) -> Metric
  {
    var metric = self
    metric.noiseInterval = interval
    return metric
  }

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
    _ key: String, _ unit: String, direction: Direction = .lowerIsBetter,
    per judgedPer: Scale = .total, tolerance: Tolerance = .exact, omittedWhenAbsent: Bool = false,
    _ summary: String, _ value: @escaping @Sendable (AnalysisSummary) -> Double?
  ) {
    isOmittedWhenAbsent = omittedWhenAbsent
    self.key = key
    self.unit = unit
    self.direction = direction
    self.judgedPer = judgedPer
    self.tolerance = tolerance
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

  /// What a comparison divides a metric's value by before judging it.
  public enum Scale: String, Sendable, Hashable {
    /// The value as it is.
    case total
    /// The value per frame replayed.
    case perFrame
    /// The value per second of scrolling.
    case perScrollingSecond
  }
}
