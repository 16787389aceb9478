// scrolltrace — two builds of the tool on the same traces, runs interleaved, host timings tested.

import Analyze
import Foundation
import Pipeline

/// `diff --baseline-tool`: the baseline engine replayed by another build of the tool, the
/// candidate by this one, both as processes, so that two commits of an engine compare with
/// statistics.
///
/// Like ``EngineComparison``, with whole runs in place of single replays: one unrecorded run a
/// side first (a process's first replays pay for cold caches), then `repetitions` runs a side in
/// the order A B, B A, A B…, each run replaying every trace once; a trace's host samples are one
/// per run. A host timing called changed is measured again (as many runs more), and the change
/// stands only if the second sample agrees. Deterministic metrics are the first run's: a build
/// whose later runs differ is named in a warning.
struct ToolComparison {
  /// A side: a build and the engine it replays.
  struct Side {
    var build: ToolBuild
    var engine: String
    var label: String
  }

  var baseline: Side
  var candidate: Side
  /// The `replay` options both sides run with.
  var arguments: [String]
  /// Recorded runs a side (1: no host timing test).
  var repetitions: Int
  /// How host timings are judged when deciding to measure again.
  var diffSettings: DiffSettings

  /// Both sides' metrics on `traces`.
  ///
  /// - Throws: ``InputFailure`` for a trace that is not a regular file (every run reads it again,
  ///   so a pipe would reach only the first); what a run throws.
  func run(_ traces: [String]) throws -> EngineComparison.Result {
    for path in traces {
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw InputFailure(
          "\(path): with --baseline-tool, a trace must be a regular file (each run reads it again)")
      }
    }
    var sides = try runs(traces, warmUp: repetitions > 1)
    guard let first = sides[0], let second = sides[1] else {
      throw InputFailure("no run was recorded")
    }
    // The two builds may replay different traces (one skips a scene the other lays out): pair
    // them by content hash, as the diff does.
    let baselineTraces = Dictionary(
      first.traces.map { ($0.contentHash, $0) }, uniquingKeysWith: { earlier, _ in earlier })
    let changed = second.traces.contains { cand in
      guard let base = baselineTraces[cand.contentHash] else { return false }
      return !ReportDiff.hostChanges(baseline: base, candidate: cand, settings: diffSettings)
        .isEmpty
    }
    if repetitions > 1, changed {
      let again = try runs(traces, warmUp: false)
      for side in 0..<2 {
        guard let remeasured = again[side] else { continue }
        for index in sides[side]?.traces.indices ?? 0..<0 {
          sides[side]?.traces[index].remeasuredHost = remeasured.traces[index].host
        }
      }
    }
    guard let baselineMetrics = sides[0], let candidateMetrics = sides[1] else {
      throw InputFailure("no run was recorded")
    }
    return EngineComparison.Result(baseline: baselineMetrics, candidate: candidateMetrics)
  }

  /// The sides' metrics over `repetitions` recorded runs each (after a warm-up run each).
  private func runs(_ traces: [String], warmUp: Bool) throws -> [RunMetrics?] {
    var metrics: [RunMetrics?] = [nil, nil]
    let both = [baseline, candidate]
    let skip = warmUp ? 1 : 0
    for repetition in 0..<(skip + repetitions) {
      for index in repetition % 2 == 0 ? [0, 1] : [1, 0] {
        let side = both[index]
        let run = try side.build.replay(
          engine: side.engine, traces: traces, arguments: arguments, label: side.label)
        guard repetition >= skip else { continue }
        if var merged = metrics[index] {
          try merged.addRun(run)
          metrics[index] = merged
        } else {
          metrics[index] = run
        }
      }
    }
    return metrics
  }
}

extension RunMetrics {
  /// Adds another run's host samples of the same traces.
  ///
  /// - Throws: ``InputFailure`` when the run replayed other traces.
  fileprivate mutating func addRun(_ run: RunMetrics) throws {
    guard run.traces.map(\.contentHash) == traces.map(\.contentHash) else {
      throw InputFailure("\(label): a later run replayed other traces than the first")
    }
    for index in traces.indices {
      if run.traces[index].values != traces[index].values {
        StandardError.warning(
          "\(label): \(traces[index].path): a later run's deterministic metrics differ from the first's; the first's are compared"
        )
      }
      for (key, samples) in run.traces[index].host {
        traces[index].host[key, default: []] += samples
      }
    }
  }
}
