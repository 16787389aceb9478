// scrolltrace — the formats `replay` and `diff` print in.

import Analyze
import ArgumentParser

/// The formats of `replay`'s report and of `diff`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json, markdown

  /// `report` in this format.
  func render(_ report: Report) -> String {
    switch self {
    case .table: report.table
    case .json: report.json
    case .markdown: report.markdown
    }
  }

  /// `diff` in this format.
  func render(_ diff: ReportDiff) -> String {
    switch self {
    case .table: diff.table
    case .json: diff.json
    case .markdown: diff.markdown
    }
  }
}
