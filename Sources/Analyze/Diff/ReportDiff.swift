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
///
/// Traces are matched by content (the hash of their bytes), so `./Traces/x.sctrace` and
/// `Traces/x.sctrace` are one trace; a trace whose bytes differ but whose path matches is matched by
/// name with a warning. Settings that differ between the sides (a cost model, a threshold, a model
/// option) are warnings too: the metrics that depend on them may move for that reason alone.
public struct ReportDiff: Sendable, Hashable {
  /// The baseline's label.
  public var baseline: String
  /// The candidate's label.
  public var candidate: String
  /// The settings used.
  public var settings: DiffSettings
  /// The traces compared, in the candidate's order, and how each was matched.
  public var matches: [TraceMatch]
  /// A row per trace (in the candidate's order) and metric (in catalog order, host timings last).
  public var rows: [MetricComparison]
  /// Per metric, the geometric mean of candidate / baseline over traces where both are positive,
  /// and how many changed traces that leaves out.
  public var geometricMeans: [GeometricMean]
  /// Traces only one side has.
  public var unmatchedTraces: [String]
  /// What a reader must know before trusting the rows: name-only matches, differing settings.
  public var warnings: [String]

  /// Compares `candidate` with `baseline`, matching traces by content hash, then by path.
  public init(baseline: RunMetrics, candidate: RunMetrics, settings: DiffSettings = DiffSettings())
  {
    self.baseline = baseline.label
    self.candidate = candidate.label
    self.settings = settings
    matches = TraceMatch.pairs(baseline: baseline.traces, candidate: candidate.traces)
    var rows: [MetricComparison] = []
    var warnings: [String] = []
    for match in matches {
      let base = baseline.traces[match.baselineIndex]
      let trace = candidate.traces[match.candidateIndex]
      if match.kind == .name {
        warnings.append(
          "\(trace.path): matched by name only; the two sides replayed different bytes (\(base.contentHash) and \(trace.contentHash))"
        )
      }
      for metric in Metric.catalog {
        rows.append(
          MetricComparison(
            trace: trace.path, metric: metric, baseline: base.values[metric.key],
            candidate: trace.values[metric.key]))
      }
      var hostRows = Self.hostRows(trace: trace.path, base.host, trace.host, settings: settings)
      if !base.remeasuredHost.isEmpty || !trace.remeasuredHost.isEmpty {
        let again = Self.hostRows(
          trace: trace.path, base.remeasuredHost, trace.remeasuredHost, settings: settings)
        for (index, row) in again.enumerated() { hostRows[index].confirm(with: row) }
      }
      rows += hostRows
    }
    self.rows = rows
    let matchedBase = Set(matches.map(\.baselineIndex))
    let matchedCandidate = Set(matches.map(\.candidateIndex))
    unmatchedTraces =
      candidate.traces.indices.filter { !matchedCandidate.contains($0) }.map {
        candidate.traces[$0].path
      }
      + baseline.traces.indices.filter { !matchedBase.contains($0) }.map {
        baseline.traces[$0].path
      }
    warnings += RunMetrics.settingDifferences(baseline.settings, candidate.settings).map {
      "settings differ: \($0) — metrics that depend on it may move for that reason alone"
    }
    self.warnings = warnings
    geometricMeans = (Metric.catalog + Metric.hostCatalog).compactMap { metric in
      GeometricMean(metric: metric.key, rows: rows.filter { $0.metric == metric.key })
    }
  }

  /// One trace's host timing rows from each side's samples by key, tested together
  /// (Holm–Bonferroni).
  static func hostRows(
    trace: String, _ baseline: [String: [Double]], _ candidate: [String: [Double]],
    settings: DiffSettings
  ) -> [MetricComparison] {
    var rows = Metric.hostCatalog.map { metric in
      MetricComparison(
        trace: trace, metric: metric, baselineSamples: baseline[metric.key] ?? [],
        candidateSamples: candidate[metric.key] ?? [], settings: settings)
    }
    MetricComparison.applyHolm(to: &rows, alpha: settings.alpha)
    return rows
  }

  /// The host timings of one trace that its samples call improved or regressed, before any
  /// re-measuring: what a comparison measures again.
  public static func hostChanges(
    baseline: TraceMetrics, candidate: TraceMetrics, settings: DiffSettings
  ) -> [MetricComparison] {
    hostRows(trace: candidate.path, baseline.host, candidate.host, settings: settings).filter {
      $0.verdict == .improved || $0.verdict == .regressed
    }
  }

  /// Whether the two sides share at least one trace (a diff of nothing in common says nothing).
  public var sharesTraces: Bool { !matches.isEmpty }

  /// Rows that regressed.
  public var regressions: [MetricComparison] { rows.filter { $0.verdict == .regressed } }
  /// Rows that improved.
  public var improvements: [MetricComparison] { rows.filter { $0.verdict == .improved } }
  /// Host timing rows whose medians moved beyond the noise floor without a significant test.
  public var inconclusive: [MetricComparison] { rows.filter { $0.verdict == .inconclusive } }
}

/// One metric of one trace, baseline against candidate.
public struct MetricComparison: Sendable, Hashable {
  /// The trace's path.
  public var trace: String
  /// The metric's catalog key.
  public var metric: String
  /// Its unit.
  public var unit: String
  /// Which way is better.
  public var direction: Metric.Direction
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
    direction = metric.direction
    self.baseline = baseline
    self.candidate = candidate
    test = nil
    switch (baseline, candidate) {
    case (nil, nil): verdict = .unchanged
    case (let b?, let c?) where b == c: verdict = .unchanged
    case (let b?, let c?):
      verdict = metric.isImprovement(from: b, to: c).map { $0 ? .improved : .regressed } ?? .changed
    default: verdict = .changed
    }
  }

  /// A host timing: the medians, and a change only when the Mann–Whitney U test finds one at
  /// `settings.alpha` and the medians differ by more than the noise floor.
  init(
    trace: String, metric: Metric, baselineSamples: [Double], candidateSamples: [Double],
    settings: DiffSettings
  ) {
    self.trace = trace
    self.metric = metric.key
    unit = metric.unit
    direction = metric.direction
    baseline = Self.median(baselineSamples)
    candidate = Self.median(candidateSamples)
    verdict = .unchanged
    test = nil
    guard baselineSamples.count >= 2, candidateSamples.count >= 2,
      let u = MannWhitneyU(baselineSamples, candidateSamples),
      let b = baseline, let c = candidate
    else { return }
    let ratio = b > 0 ? c / b : (c > 0 ? .infinity : 1)
    test = HostTest(
      baselineRepetitions: baselineSamples.count, candidateRepetitions: candidateSamples.count,
      pValue: u.pValue,
      medianRatio: ratio, isSignificant: u.pValue < settings.alpha,
      isBeyondNoise: abs(ratio - 1) > settings.noiseFloor * metric.noiseFloorScale)
    decide()
  }

  /// Sets the verdict of a tested host timing: a change only when significant and beyond noise;
  /// medians apart by more than the noise floor without significance are inconclusive.
  private mutating func decide() {
    guard let test, let b = baseline, let c = candidate else { return }
    guard test.isBeyondNoise else {
      verdict = .unchanged
      return
    }
    guard test.isSignificant else {
      verdict = .inconclusive
      return
    }
    verdict = (c < b) == (direction == .lowerIsBetter) ? .improved : .regressed
  }

  /// Holm–Bonferroni over one trace's host timings, tested together: the smallest p-value must be
  /// below α/m, the next below α/(m−1), and so on, so that three timings per trace do not triple
  /// the chance of a false change.
  static func applyHolm(to rows: inout [MetricComparison], alpha: Double) {
    let tested = rows.indices.filter { rows[$0].test != nil }.sorted {
      (rows[$0].test?.pValue ?? 1) < (rows[$1].test?.pValue ?? 1)
    }
    var rejecting = true
    for (rank, index) in tested.enumerated() {
      let threshold = alpha / Double(tested.count - rank)
      rejecting = rejecting && (rows[index].test?.pValue ?? 1) < threshold
      rows[index].test?.isSignificant = rejecting
      rows[index].decide()
    }
  }

  /// Holds this host row's change to `again`, the same timing measured a second time: the change
  /// stands only if the second measurement calls it the same; otherwise it was noise, and the row
  /// is unchanged.
  mutating func confirm(with again: MetricComparison) {
    guard verdict == .improved || verdict == .regressed else { return }
    test?.remeasuredPValue = again.test?.pValue
    test?.remeasuredMedianRatio = again.test?.medianRatio
    test?.isConfirmed = again.verdict == verdict
    if again.verdict != verdict { verdict = .unchanged }
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
    /// Different, in an informational metric (a frame count), or one side has a value and the
    /// other none (such as a hit rate without dequeues): shown, not judged.
    case changed
    /// A host timing whose medians are further apart than the noise floor, but not significantly
    /// so: more repetitions would tell. Not a pass.
    case inconclusive
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
  /// When the first samples called a change and the timing was measured again: the second
  /// test's p-value.
  public var remeasuredPValue: Double?
  /// The second measurement's median ratio, when there was one.
  public var remeasuredMedianRatio: Double?
  /// Whether the second measurement called the same change (nil: not re-measured).
  public var isConfirmed: Bool?
}

/// A metric's geometric mean ratio over traces (compare.py's OVERALL_GEOMEAN), and what it leaves
/// out: a ratio needs both values positive, so a metric that fell to 0 (every jump fixed) or rose
/// from 0 cannot enter it.
public struct GeometricMean: Sendable, Hashable {
  /// The metric's key.
  public var metric: String
  /// exp(mean(log(candidate / baseline))) over the traces where both are positive; nil when there
  /// are none.
  public var ratio: Double?
  /// Traces where both values are positive.
  public var traces: Int
  /// Traces whose values differ but cannot enter the mean: a side is 0 or has no value.
  public var leftOut: Int

  /// Creates a mean.
  public init(metric: String, ratio: Double?, traces: Int, leftOut: Int) {
    self.metric = metric
    self.ratio = ratio
    self.traces = traces
    self.leftOut = leftOut
  }

  /// The mean over one metric's `rows`; nil when no trace has a ratio and none was left out.
  init?(metric: String, rows: [MetricComparison]) {
    var logs: [Double] = []
    var leftOut = 0
    for row in rows {
      if let b = row.baseline, let c = row.candidate, b > 0, c > 0 {
        logs.append(log(c / b))
      } else if row.baseline != row.candidate {
        leftOut += 1
      }
    }
    guard !logs.isEmpty || leftOut > 0 else { return nil }
    self.init(
      metric: metric, ratio: logs.isEmpty ? nil : exp(logs.reduce(0, +) / Double(logs.count)),
      traces: logs.count, leftOut: leftOut)
  }

  /// Whether it says anything: a ratio other than 1, or traces left out.
  public var isNotable: Bool { leftOut > 0 || ratio.map { abs($0 - 1) > 1e-12 } ?? false }
}
