// scrolltrace — what `gate` of saved reports is asked, judged as `gate` judges.

import Analyze
import ArgumentParser
import Pipeline

/// What `gate` of saved reports is asked: the budget, the reports (a baseline and a candidate, or
/// a candidate alone), the verdict's other outputs, and strictness; every other option at its
/// default.
///
/// ``DirectInvocation`` makes one from that common form without argument-parser; it is judged as
/// ``GateCommand`` judges the same arguments parsed (``GateCommand/judge(_:readFiles:junit:markdown:strict:settings:sides:)``).
struct GateRequest: Equatable {
  /// The budget file.
  var budget: String
  /// One or two saved reports, the candidate last.
  var reports: [String]
  /// Where the verdict also goes as JUnit XML.
  var junit: String?
  /// Where the verdict also goes as markdown.
  var markdown: String?
  /// Whether warnings and skipped or inconclusive checks fail.
  var strict = false

  /// Judges the candidate report against the budget, and against the baseline report if given.
  ///
  /// - Throws: `ValidationError` for no report or more than two, as ``GateCommand`` words it.
  func run() throws {
    guard let candidate = reports.last, reports.count <= 2 else {
      throw ValidationError(CompareOptions.reportsExpected)
    }
    let limits = try GateCommand.budget(at: budget)
    try GateCommand.judge(
      limits, readFiles: reports + [budget], junit: junit, markdown: markdown, strict: strict,
      settings: { try CompareOptions.diffSettings(budget: limits.tolerances) },
      sides: {
        EngineComparison.Result(
          baseline: reports.count == 2 ? try CompareOptions.savedReport(reports[0]) : nil,
          candidate: try CompareOptions.savedReport(candidate))
      })
  }
}
