// scrolltrace — a baseline and a candidate, metric by metric.

import Foundation

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
  package var geometricMeans: [GeometricMean]
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
      switch match.kind {
      case .content:
        break
      case .name:
        warnings.append(
          "\(trace.path): matched by name only; the two sides replayed different bytes (\(base.contentHash) and \(trace.contentHash))"
        )
      case .relativeName:
        warnings.append(
          "\(trace.path): matched with \(base.path) by its name in its folder; the two sides replayed different bytes (\(base.contentHash) and \(trace.contentHash))"
        )
      }
      let divisors = MetricComparison.Divisors(
        baselineFrames: base.values["frames"], candidateFrames: trace.values["frames"],
        baselineScrollingSeconds: base.values["scrollingTime"].map { $0 / 1e3 },
        candidateScrollingSeconds: trace.values["scrollingTime"].map { $0 / 1e3 })
      for metric in Metric.catalog {
        rows.append(
          MetricComparison(
            trace: trace.path, metric: metric, baseline: base.values[metric.key],
            candidate: trace.values[metric.key], divisors: divisors,
            tolerance: settings.tolerance(of: metric),
            noise: (base.noise[metric.key], trace.noise[metric.key])))
      }
      guard settings.comparesHostTimings else { continue }
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
    let judged = Metric.catalog + (settings.comparesHostTimings ? Metric.hostCatalog : [])
    geometricMeans = judged.compactMap { metric in
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
