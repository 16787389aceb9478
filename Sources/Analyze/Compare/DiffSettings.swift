// scrolltrace — how a diff judges changes.

/// How `diff` and `gate` decide that a metric changed: the tolerances of deterministic metrics,
/// the test of host timings, and whether host timings are compared at all.
public struct DiffSettings: Sendable, Hashable {
  /// The significance level of the Mann–Whitney U test (default 0.05, as compare.py).
  public var alpha: Double
  /// A change of the median smaller than this fraction is "no change" even when significant
  /// (default 0.05: 5 %, package-benchmark's default relative threshold).
  public var noiseFloor: Double
  /// Tolerances that override the catalog's (``Metric/tolerance``), by metric key.
  public var tolerances: [String: Metric.Tolerance]
  /// Whether host timings are compared: with `false` (`diff --no-timings`) they get no rows and
  /// no geometric mean.
  public var comparesHostTimings: Bool

  /// Settings with the documented defaults.
  public init(
    alpha: Double = 0.05, noiseFloor: Double = 0.05, tolerances: [String: Metric.Tolerance] = [:],
    comparesHostTimings: Bool = true
  ) {
    self.alpha = alpha
    self.noiseFloor = noiseFloor
    self.tolerances = tolerances
    self.comparesHostTimings = comparesHostTimings
  }

  /// The tolerance `metric` is judged with: an override, or the catalog's.
  public func tolerance(of metric: Metric) -> Metric.Tolerance {
    tolerances[metric.key] ?? metric.tolerance
  }
}
