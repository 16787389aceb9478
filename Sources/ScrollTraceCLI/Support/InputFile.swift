// scrolltrace — the small inputs a verb reads whole: scripts, reports, budgets, cost models.

import Analyze
import Pipeline
import TraceIngest

/// The JSON inputs a verb reads whole, each with the largest size it accepts: parsing holds a
/// whole file in memory at a few times its size, so a wrong path (a trace, a log) or a crafted
/// file cannot fill memory.
///
/// docs/ci.md and docs/synth.md state the limits.
enum InputFile: String {
  case script, report, budget
  case costModel = "cost model"

  /// The largest file accepted, in bytes: what the parsers accept for a gesture script
  /// (``GestureScript/maximumSize``) or a saved report (``RunMetrics/maximumReportSize``), both
  /// 16 MiB; 1 MiB for a budget or a cost model.
  var limit: Int64 {
    switch self {
    case .script: Int64(GestureScript.maximumSize)
    case .report: Int64(RunMetrics.maximumReportSize)
    case .budget, .costModel: 1 << 20
    }
  }

  /// The bytes of the file at `path`.
  ///
  /// - Throws: ``InputFailure`` naming the file when it cannot be opened or read, or is larger
  ///   than ``limit``.
  func read(_ path: String) throws -> [UInt8] {
    try WholeFile.read(path, limit: limit, what: rawValue)
  }
}
