// scrolltrace — a candidate held to a budget: what passed, what broke, what could not be checked.

import TraceCore

/// The checks of a ``Budget`` on a candidate (and a baseline, for relative limits): one per trace,
/// limit and bound.
///
/// Improvements never fail, nor do changes within a metric's tolerance. The gate fails closed: a
/// relative limit with no baseline to compare with fails (unless the budget marks it `optional`),
/// so does a limit whose `traces` match no candidate trace, and a side with no replayed trace is
/// an error, not a pass. A host timing past a relative limit without a significant test is
/// inconclusive. Under `strict`, skipped and inconclusive checks fail, and so does any warning of
/// the comparison.
public struct GateVerdict: Sendable, Hashable {
  /// Every check, by trace (candidate order), then budget order.
  public var checks: [Check]
  /// The comparison with the baseline, when there is one.
  public var comparison: ReportDiff?
  /// Whether skipped and inconclusive checks and warnings fail the gate.
  public var isStrict: Bool

  /// What the comparison with the baseline warns of (``ReportDiff/warnings``).
  public var warnings: [String] { comparison?.warnings ?? [] }

  /// Whether every check passed (or was skipped or inconclusive, unless strict), and — when
  /// strict — nothing was warned of.
  public var passed: Bool { failures.isEmpty && !(isStrict && !warnings.isEmpty) }
  /// The checks that failed.
  public var failures: [Check] { checks.filter { $0.outcome == .failed } }

  /// Checks `candidate` against `budget`; relative limits against `baseline`, with host timings
  /// judged by `settings`.
  ///
  /// With `strict`, checks that cannot be decided fail.
  ///
  /// - Throws: ``AnalyzeError`` with `gate` when either side replayed no
  ///   trace: nothing to judge is never a pass.
  public init(
    budget: Budget, candidate: RunMetrics, baseline: RunMetrics?,
    settings: DiffSettings = DiffSettings(), strict: Bool = false
  ) throws {
    for (role, side) in [("candidate", candidate), ("baseline", baseline)] {
      guard let side, side.traces.isEmpty else { continue }
      throw AnalyzeError(
        .gate, key: nil,
        reason: "the \(role) (\(side.label)) has no replayed trace, so there is nothing to judge"
          + (side.skipped.isEmpty
            ? ""
            : ": "
              + MessageText.list(
                side.skipped.map { "\($0.path): \($0.reason)" }, separator: "; ")))
    }
    let diff = baseline.map { ReportDiff(baseline: $0, candidate: candidate, settings: settings) }
    comparison = diff
    isStrict = strict
    var rows: [String: [String: MetricComparison]] = [:]
    for row in diff?.rows ?? [] { rows[row.trace, default: [:]][row.metric] = row }
    var checks: [Check] = []
    for trace in candidate.traces {
      let path = TraceMatch.normalizedPath(trace.path)
      for limit in budget.limits
      where limit.traces?.contains(where: { TraceMatch.normalizedPath($0) == path }) ?? true {
        guard let metric = Metric.named(limit.metric) else { continue }
        let row = rows[trace.path]?[limit.metric]
        let value =
          metric.isHostTiming
          ? (trace.host[metric.key] ?? []).median : trace.values[metric.key]
        func check(_ bound: Check.Bound, _ limitValue: Double, _ passes: (Double) -> Bool) {
          var outcome = Check.Outcome.passed
          var note: String?
          if let value {
            outcome = passes(value) ? .passed : .failed
          } else {
            outcome = .skipped
            note = "no value"
          }
          checks.append(
            Check(
              trace: trace.path, metric: metric.key, unit: metric.unit, bound: bound,
              limit: limitValue,
              baseline: row?.baseline, candidate: value, outcome: outcome, note: note,
              location: limit.location))
        }
        if let max = limit.max { check(.max, max) { $0 <= max } }
        if let min = limit.min { check(.min, min) { $0 >= min } }
        for (bound, percent) in [
          (Check.Bound.maxIncrease, limit.maxIncrease), (.maxDecrease, limit.maxDecrease),
        ] {
          guard let percent else { continue }
          guard let row, row.baseline != nil || row.candidate != nil else {
            // Fail closed: a relative limit that cannot compare is not a pass.
            let why = baseline == nil ? "no baseline to compare with" : "trace not in the baseline"
            checks.append(
              Check(
                trace: trace.path, metric: metric.key, unit: metric.unit, bound: bound,
                limit: percent, baseline: nil,
                candidate: value, outcome: limit.isOptional ? .skipped : .failed,
                note: limit.isOptional ? why + " (optional)" : why, location: limit.location))
            continue
          }
          var outcome = Check.Outcome.passed
          var note: String?
          let change =
            row.percent
            ?? ((row.candidate ?? 0) > (row.baseline ?? 0) ? Double.infinity : -Double.infinity)
          let broken =
            (bound == .maxIncrease ? change > percent : change < -percent)
            && row.verdict != .withinTolerance && row.verdict != .withinNoise
            && row.verdict != .unchanged
          if metric.isHostTiming {
            if let test = row.test {
              note =
                "p = \(Self.short(test.pValue)), \(test.baselineRepetitions) vs \(test.candidateRepetitions) runs"
              if broken {
                outcome =
                  test.isSignificant ? (test.isBeyondNoise ? .failed : .passed) : .inconclusive
              }
            } else {
              outcome = limit.isOptional ? .skipped : .failed
              note = "cannot test one run a side (two or more repetitions can)"
            }
          } else if broken {
            outcome = .failed
          }
          if row.judgedPer != .total, !metric.isHostTiming {
            note = "judged per " + (row.judgedPer == .perFrame ? "frame" : "second of scrolling")
          }
          checks.append(
            Check(
              trace: trace.path, metric: metric.key, unit: metric.unit, bound: bound,
              limit: percent, baseline: row.baseline,
              candidate: row.candidate, outcome: outcome, note: note, location: limit.location))
        }
      }
    }
    // A limit for traces the candidate does not have checks nothing: that is a failure too.
    for limit in budget.limits {
      guard let wanted = limit.traces, let metric = Metric.named(limit.metric) else { continue }
      let paths = Set(candidate.traces.map { TraceMatch.normalizedPath($0.path) })
      for trace in wanted where !paths.contains(TraceMatch.normalizedPath(trace)) {
        checks.append(
          Check(
            trace: trace, metric: metric.key, unit: metric.unit,
            bound: limit.max != nil ? .max : limit.min != nil ? .min : .maxIncrease,
            limit: limit.max ?? limit.min ?? limit.maxIncrease ?? limit.maxDecrease ?? 0,
            baseline: nil, candidate: nil, outcome: .failed,
            note: "the candidate has no trace at this path", location: limit.location))
      }
    }
    // A limit that no trace had a value for judged nothing (a measured metric on traces without
    // observed frames): a failure unless the budget marks it optional. A value missing on some
    // traces only (a hit rate where nothing was dequeued) stays skipped there.
    for limit in budget.limits {
      guard let metric = Metric.named(limit.metric) else { continue }
      let own = checks.filter { $0.location == limit.location }
      guard !own.isEmpty, own.allSatisfy({ $0.outcome == .skipped && $0.note == "no value" })
      else { continue }
      checks.removeAll { $0.location == limit.location }
      checks.append(
        Check(
          trace: candidate.traces.count == 1 ? candidate.traces[0].path : "(every trace)",
          metric: metric.key, unit: metric.unit,
          bound: limit.max != nil ? .max : .min,
          limit: limit.max ?? limit.min ?? 0, baseline: nil, candidate: nil,
          outcome: limit.isOptional ? .skipped : .failed,
          note: "no trace has a value for \(metric.key), so the limit judges nothing"
            + (metric.key.hasPrefix("measured.") || metric.key.hasPrefix("fidelity.")
              ? " (it needs traces with observed frames)" : "")
            + (limit.isOptional ? " (optional)" : ""),
          location: limit.location))
    }
    self.checks = strict ? checks.map(Self.strictly) : checks
  }

  /// A skipped or inconclusive check failed, as `--strict` asks.
  private static func strictly(_ check: Check) -> Check {
    guard check.outcome == .skipped || check.outcome == .inconclusive else { return check }
    var failed = check
    failed.note = "strict: \(check.outcome.rawValue)" + (check.note.map { ", \($0)" } ?? "")
    failed.outcome = .failed
    return failed
  }

  private static func short(_ p: Double) -> String {
    p < 0.001 ? "< 0.001" : String((p * 1000).rounded() / 1000)
  }

  /// One limit on one trace.
  public struct Check: Sendable, Hashable {
    /// The trace's path.
    public var trace: String
    /// The metric's key.
    public var metric: String
    /// Its unit.
    public var unit: String
    /// Which bound.
    public var bound: Bound
    /// The limit: a value in the unit, or percent for relative bounds.
    public var limit: Double
    /// The baseline's value, when there is one.
    public var baseline: Double?
    /// The candidate's value.
    public var candidate: Double?
    /// What happened.
    public var outcome: Outcome
    /// Why it was skipped, or the test behind a host timing.
    public var note: String?
    /// The limit's place in the budget file.
    public var location: String

    /// The bound a check applies.
    public enum Bound: String, Sendable, Hashable {
      /// At most.
      case max
      /// At least.
      case min
      /// At most this many percent above the baseline.
      case maxIncrease
      /// At most this many percent below the baseline.
      case maxDecrease
    }

    /// A check's outcome.
    public enum Outcome: String, Sendable, Hashable {
      /// Within the limit.
      case passed
      /// Beyond it.
      case failed
      /// Not checkable: no value, or no baseline for a relative limit.
      case skipped
      /// A host timing's median is past a relative limit, but the test is not significant: more
      /// repetitions would tell. Not a failure, not a pass.
      case inconclusive
    }

    /// What was measured, one `key: value` a line: metric, unit, baseline, candidate, limit,
    /// outcome, place in the budget, note (JUnit's `system-out`).
    public var measured: String {
      [
        "metric: \(metric)", "unit: \(unit)", "baseline: \(TextFormat.number(baseline))",
        "candidate: \(TextFormat.number(candidate))",
        "limit: \(limitText)", "outcome: \(outcome.rawValue)", "budget: \(location)",
      ].joined(separator: "\n") + (note.map { "\nnote: \($0)" } ?? "")
    }

    /// The limit as people read it: `≤ 0 count`, `≤ +5 %`.
    public var limitText: String {
      switch bound {
      case .max: "≤ \(TextFormat.number(limit)) \(unit)"
      case .min: "≥ \(TextFormat.number(limit)) \(unit)"
      case .maxIncrease: "≤ +\(TextFormat.number(limit)) %"
      case .maxDecrease: "≥ −\(TextFormat.number(limit)) %"
      }
    }
  }
}
