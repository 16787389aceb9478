// scrolltrace — a baseline and a candidate, metric by metric.

import Foundation

/// How `diff` decides that host timings changed.
public struct DiffSettings: Sendable, Hashable {
  /// The significance level of the Mann–Whitney U test (default 0.05, as compare.py).
  public var alpha: Double
  /// A change of the median smaller than this fraction is "no change" even when significant
  /// (default 0.05: 5 %, package-benchmark's default relative threshold).
  public var noiseFloor: Double

  /// Settings with the documented defaults.
  public init(alpha: Double = 0.05, noiseFloor: Double = 0.05) {
    self.alpha = alpha
    self.noiseFloor = noiseFloor
  }
}

/// The comparison of a baseline and a candidate on the same traces: a row per trace and metric,
/// and the geometric mean of each metric's ratio over the traces.
public struct ReportDiff: Sendable, Hashable {
  /// The baseline's label.
  public var baseline: String
  /// The candidate's label.
  public var candidate: String
  /// The settings used.
  public var settings: DiffSettings
  /// A row per trace (in the candidate's order) and metric (in catalog order, host timings last).
  public var rows: [MetricComparison]
  /// Per metric, the geometric mean of candidate / baseline over traces where both are positive.
  public var geometricMeans: [GeometricMean]
  /// Traces only one side has.
  public var unmatchedTraces: [String]

  /// Compares `candidate` with `baseline`, matching traces by path.
  public init(baseline: RunMetrics, candidate: RunMetrics, settings: DiffSettings = DiffSettings()) {
    self.baseline = baseline.label
    self.candidate = candidate.label
    self.settings = settings
    var rows: [MetricComparison] = []
    let baseByPath = Dictionary(baseline.traces.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    for trace in candidate.traces {
      guard let base = baseByPath[trace.path] else { continue }
      for metric in Metric.catalog {
        rows.append(MetricComparison(trace: trace.path, metric: metric, baseline: base.values[metric.key], candidate: trace.values[metric.key]))
      }
      var hostRows = Metric.hostCatalog.map { metric in
        MetricComparison(
          trace: trace.path, metric: metric, baselineSamples: base.host[metric.key] ?? [],
          candidateSamples: trace.host[metric.key] ?? [], settings: settings)
      }
      MetricComparison.applyHolm(to: &hostRows, alpha: settings.alpha)
      rows += hostRows
    }
    self.rows = rows
    let candidatePaths = Set(candidate.traces.map(\.path))
    unmatchedTraces =
      candidate.traces.map(\.path).filter { baseByPath[$0] == nil }
      + baseline.traces.map(\.path).filter { !candidatePaths.contains($0) }
    geometricMeans = (Metric.catalog + Metric.hostCatalog).compactMap { metric in
      let ratios = rows.filter { $0.metric == metric.key }.compactMap { row -> Double? in
        guard let b = row.baseline, let c = row.candidate, b > 0, c > 0 else { return nil }
        return c / b
      }
      guard !ratios.isEmpty else { return nil }
      let mean = exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
      return GeometricMean(metric: metric.key, ratio: mean, traces: ratios.count)
    }
  }

  /// Rows that regressed.
  public var regressions: [MetricComparison] { rows.filter { $0.verdict == .regressed } }
  /// Rows that improved.
  public var improvements: [MetricComparison] { rows.filter { $0.verdict == .improved } }
}

/// One metric of one trace, baseline against candidate.
public struct MetricComparison: Sendable, Hashable {
  /// The trace's path.
  public var trace: String
  /// The metric's catalog key.
  public var metric: String
  /// Its unit.
  public var unit: String
  /// Whether lower is better.
  public var lowerIsBetter: Bool
  /// The baseline's value (the median of its samples for a host timing), nil when it has none.
  public var baseline: Double?
  /// The candidate's value.
  public var candidate: Double?
  /// What the difference means.
  public var verdict: Verdict
  /// For a host timing: the test of the samples, when both sides have at least two.
  public var test: HostTest?

  /// The candidate minus the baseline.
  public var delta: Double? {
    guard let baseline, let candidate else { return nil }
    return candidate - baseline
  }

  /// The change in percent of the baseline (nil when either is missing or the baseline is 0 and
  /// the candidate is not; 0 when both are 0).
  public var percent: Double? {
    guard let baseline, let candidate else { return nil }
    if baseline == 0 { return candidate == 0 ? 0 : nil }
    return (candidate - baseline) / abs(baseline) * 100
  }

  /// A deterministic metric: compared exactly.
  init(trace: String, metric: Metric, baseline: Double?, candidate: Double?) {
    self.trace = trace
    self.metric = metric.key
    unit = metric.unit
    lowerIsBetter = metric.lowerIsBetter
    self.baseline = baseline
    self.candidate = candidate
    test = nil
    switch (baseline, candidate) {
    case (nil, nil): verdict = .unchanged
    case (let b?, let c?) where b == c: verdict = .unchanged
    case (let b?, let c?): verdict = (c < b) == metric.lowerIsBetter ? .improved : .regressed
    default: verdict = .changed
    }
  }

  /// A host timing: the medians, and a change only when the Mann–Whitney U test finds one at
  /// `settings.alpha` and the medians differ by more than the noise floor.
  init(trace: String, metric: Metric, baselineSamples: [Double], candidateSamples: [Double], settings: DiffSettings) {
    self.trace = trace
    self.metric = metric.key
    unit = metric.unit
    lowerIsBetter = metric.lowerIsBetter
    baseline = Self.median(baselineSamples)
    candidate = Self.median(candidateSamples)
    verdict = .unchanged
    test = nil
    guard baselineSamples.count >= 2, candidateSamples.count >= 2, let u = MannWhitneyU(baselineSamples, candidateSamples),
      let b = baseline, let c = candidate
    else { return }
    let ratio = b > 0 ? c / b : (c > 0 ? .infinity : 1)
    test = HostTest(
      baselineRepetitions: baselineSamples.count, candidateRepetitions: candidateSamples.count, pValue: u.pValue,
      medianRatio: ratio, isSignificant: u.pValue < settings.alpha,
      isBeyondNoise: abs(ratio - 1) > settings.noiseFloor * metric.noiseFloorScale)
    decide()
  }

  /// Sets the verdict of a tested host timing: a change only when significant and beyond noise.
  private mutating func decide() {
    guard let test, let b = baseline, let c = candidate else { return }
    verdict = test.isSignificant && test.isBeyondNoise ? ((c < b) == lowerIsBetter ? .improved : .regressed) : .unchanged
  }

  /// Holm–Bonferroni over one trace's host timings, tested together: the smallest p-value must be
  /// below α/m, the next below α/(m−1), and so on, so that three timings per trace do not triple
  /// the chance of a false change.
  static func applyHolm(to rows: inout [MetricComparison], alpha: Double) {
    let tested = rows.indices.filter { rows[$0].test != nil }.sorted { (rows[$0].test?.pValue ?? 1) < (rows[$1].test?.pValue ?? 1) }
    var rejecting = true
    for (rank, index) in tested.enumerated() {
      let threshold = alpha / Double(tested.count - rank)
      rejecting = rejecting && (rows[index].test?.pValue ?? 1) < threshold
      rows[index].test?.isSignificant = rejecting
      rows[index].decide()
    }
  }

  static func median(_ samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// What a difference means.
  public enum Verdict: String, Sendable, Hashable {
    /// Equal (deterministic), or not a significant change beyond the noise floor (host).
    case unchanged
    /// Better in the metric's direction.
    case improved
    /// Worse in the metric's direction.
    case regressed
    /// One side has a value and the other none (such as a hit rate without dequeues).
    case changed
  }
}

/// A Mann–Whitney U test of host timing samples.
public struct HostTest: Sendable, Hashable {
  /// The baseline's repetitions.
  public var baselineRepetitions: Int
  /// The candidate's repetitions.
  public var candidateRepetitions: Int
  /// The two-sided p-value.
  public var pValue: Double
  /// The candidate's median over the baseline's.
  public var medianRatio: Double
  /// Whether the p-value is below α after the Holm–Bonferroni correction over the trace's host
  /// timings.
  public var isSignificant: Bool
  /// Whether the medians differ by more than the metric's noise floor.
  public var isBeyondNoise: Bool
}

/// A metric's geometric mean ratio over traces (compare.py's OVERALL_GEOMEAN).
public struct GeometricMean: Sendable, Hashable {
  /// The metric's key.
  public var metric: String
  /// exp(mean(log(candidate / baseline))).
  public var ratio: Double
  /// Traces where both values are positive.
  public var traces: Int
}
