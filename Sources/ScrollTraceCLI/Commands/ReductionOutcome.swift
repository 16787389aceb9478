// scrolltrace — what `reduce` tells its user: the finding kept, the sizes before and after.

import Analyze
import Explore
import TraceCore

/// A reduction's result for `reduce` to write and print.
struct ReductionOutcome {
  /// A script's or trace's size.
  struct Size {
    var units: Int
    var unit: String
    var bytes: Int
    var seconds: Double

    var text: String {
      "\(units) \(unit), \(TextFormat.number(seconds)) s, \(bytes) bytes"
    }
  }

  var finding: Finding
  var trials: Int
  var before: Size
  var after: Size
  /// The reduced script's JSON (a script), or empty.
  var text: String
  /// The reduced trace's bytes (a trace), or nil.
  var bytes: [UInt8]?

  /// The summary: the finding, the sizes, where the result went, and how to gate it.
  func summary(input: String, output: String?, budget: String?) -> String {
    var lines = [
      "scrolltrace reduce — \(finding.signature)",
      "  \(finding.detail)",
      "  before: \(before.text)",
      "  after:  \(after.text) (\(trials) trials)",
    ]
    if let output {
      lines.append("  written to \(output)" + (budget.map { ", its budget to \($0)" } ?? ""))
    }
    return lines.joined(separator: "\n")
  }
}
