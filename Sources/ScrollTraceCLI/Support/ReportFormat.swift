// scrolltrace — the formats `replay` and `diff` print in.

import Analyze
import ArgumentParser
import Presentation

/// The formats of `replay`'s report and of `diff`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json, markdown, html
  /// One flat JSON object per trace (`replay` only): the fleet summary stream, docs/fleet.md.
  case ndjson

  /// The format `--format` names, or the one the output file's extension implies (`.json`,
  /// `.md`, `.html`, `.ndjson` or `.jsonl`), or a table: `-o report.json` writes JSON, not a
  /// table in a `.json` file.
  static func resolved(_ given: ReportFormat?, output: String?) -> ReportFormat {
    if let given { return given }
    guard let output, let dot = output.lastIndex(of: "."), !output[dot...].contains("/") else {
      return .table
    }
    switch output[output.index(after: dot)...].lowercased() {
    case "json": return .json
    case "md", "markdown": return .markdown
    case "html", "htm": return .html
    case "ndjson", "jsonl": return .ndjson
    default: return .table
    }
  }

  /// `report` in this format; `plots` (one per trace) feed the HTML page's charts.
  func render(_ report: Report, plots: [PlotSeries] = []) -> String {
    switch self {
    case .table: report.table
    case .json: report.json
    case .markdown: report.markdown
    case .html: report.html(plots: plots)
    case .ndjson: report.ndjson
    }
  }

  /// `diff` in this format (`ndjson`, refused by `diff`'s validation, falls back to JSON).
  func render(_ diff: ReportDiff) -> String {
    switch self {
    case .table: diff.table
    case .json: diff.json
    case .markdown: diff.markdown
    case .html: diff.html()
    case .ndjson: diff.json
    }
  }
}
