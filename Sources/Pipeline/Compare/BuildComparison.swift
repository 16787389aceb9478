// scrolltrace — two builds of the tool on the same traces, runs interleaved, host timings tested.

public import Analyze
import Foundation

/// Two builds of the tool compared (`diff --baseline-tool`): the baseline engine replayed by
/// another build (a team's previous commit), the candidate by this one, both as processes, so that
/// two commits of an engine compare with statistics.
///
/// The schedule is ``EngineComparison``'s (`InterleavedMeasurement`), with whole runs in place
/// of single replays: each run replays every trace once, and a trace's host samples are one per
/// run. Deterministic metrics are the first recorded run's: a build whose later runs differ is
/// named in a warning.
public struct BuildComparison: Sendable {
  /// A side: a build and the engine it replays.
  public struct Side: Sendable {
    /// The build.
    public var build: ToolBuild
    /// The engine, as that build names it.
    public var engine: String
    /// The side's name in the report.
    public var label: String

    /// A side of `build` replaying `engine`, named `label`.
    public init(build: ToolBuild, engine: String, label: String) {
      self.build = build
      self.engine = engine
      self.label = label
    }
  }

  /// The baseline build.
  public var baseline: Side
  /// The candidate build.
  public var candidate: Side
  /// Recorded runs a side (1: no host timing test).
  public var repetitions: Int
  /// How host timings are judged when deciding to measure again.
  public var diffSettings: DiffSettings

  /// A comparison of `candidate` against `baseline`, `repetitions` runs a side.
  public init(
    baseline: Side, candidate: Side, repetitions: Int, diffSettings: DiffSettings = DiffSettings()
  ) {
    self.baseline = baseline
    self.candidate = candidate
    self.repetitions = max(1, repetitions)
    self.diffSettings = diffSettings
  }

  /// Both sides' metrics on `traces`; `warning` is told of a build whose runs disagree.
  ///
  /// - Throws: ``PipelineError``: `unreadable` for a trace that is not a regular file (every run
  ///   reads it again, so a pipe would reach only the first), `buildFailed` for a run that fails.
  public func run(_ traces: [String], warning: (String) -> Void = { _ in }) throws
    -> EngineComparison.Result
  {
    for path in traces {
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw PipelineError(
          .unreadable,
          "with --baseline-tool, a trace must be a regular file (each run reads it again)",
          path: path)
      }
    }
    let sides = [baseline, candidate]
    let schedule = InterleavedMeasurement(repetitions: repetitions)
    let (recorded, again) = try schedule.run(
      present: [true, true],
      measure: { side, _ in
        try sides[side].build.replay(
          engine: sides[side].engine, traces: traces, label: sides[side].label)
      },
      changed: { recorded in
        guard let base = Self.merged(recorded[0], warning: { _ in }),
          let cand = Self.merged(recorded[1], warning: { _ in })
        else { return false }
        // The two builds may replay different traces (one skips a scene the other lays out):
        // pair them by content hash, as the diff does.
        let baselineTraces = Dictionary(
          base.traces.map { ($0.contentHash, $0) }, uniquingKeysWith: { earlier, _ in earlier })
        return cand.traces.contains { trace in
          guard let other = baselineTraces[trace.contentHash] else { return false }
          return !ReportDiff.hostChanges(baseline: other, candidate: trace, settings: diffSettings)
            .isEmpty
        }
      })
    guard var base = Self.merged(recorded[0], warning: warning),
      var cand = Self.merged(recorded[1], warning: warning)
    else {
      throw PipelineError(.nothingReplayed, "no run was recorded")
    }
    if let again {
      for (side, runs) in again.enumerated() {
        guard let remeasured = Self.merged(runs, warning: warning),
          remeasured.traces.count == (side == 0 ? base : cand).traces.count
        else { continue }
        for index in (side == 0 ? base : cand).traces.indices {
          if side == 0 {
            base.traces[index].remeasuredHost = remeasured.traces[index].host
          } else {
            cand.traces[index].remeasuredHost = remeasured.traces[index].host
          }
        }
      }
    }
    return EngineComparison.Result(baseline: base, candidate: cand)
  }

  /// One side's runs as one: the first's metrics, every run's host samples; `nil` for no run.
  private static func merged(_ runs: [RunMetrics], warning: (String) -> Void) -> RunMetrics? {
    guard var merged = runs.first else { return nil }
    for run in runs.dropFirst() {
      guard run.traces.map(\.contentHash) == merged.traces.map(\.contentHash) else {
        warning(
          "\(merged.label): a later run replayed other traces than the first; its host samples are left out"
        )
        continue
      }
      for index in merged.traces.indices {
        if run.traces[index].values != merged.traces[index].values {
          warning(
            "\(merged.label): \(merged.traces[index].path): a later run's deterministic metrics differ from the first's; the first's are compared"
          )
        }
        for (key, samples) in run.traces[index].host {
          merged.traces[index].host[key, default: []] += samples
        }
      }
    }
    return merged
  }
}
