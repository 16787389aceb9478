// scrolltrace — a diff's rows as a table lists them: rows with nothing on either side in one line.

import Analyze

extension ReportDiff {
  /// A line of a table of a diff's rows.
  enum TableLine {
    /// One row.
    case row(MetricComparison)
    /// Several rows of one trace and one group of metrics (`measured`, `fidelity`: the key's part
    /// before its first dot), one after the other, with nothing on either side — the device's
    /// frames of a trace that recorded none.
    case empty(trace: String, group: String, count: Int)

    /// The trace the line is of.
    var trace: String {
      switch self {
      case .row(let row): row.trace
      case .empty(let trace, _, _): trace
      }
    }
  }

  /// `rows` as a table lists them: each row, but two or more consecutive rows of one trace and
  /// one group of metrics with nothing on either side as one line.
  static func tableLines(_ rows: [MetricComparison]) -> [TableLine] {
    func group(_ row: MetricComparison) -> Substring? {
      guard row.baseline == nil, row.candidate == nil else { return nil }
      return row.metric.split(separator: ".", maxSplits: 1).first
    }
    var lines: [TableLine] = []
    var index = rows.startIndex
    while index < rows.endIndex {
      let row = rows[index]
      let name = group(row)
      var end = index + 1
      while name != nil, end < rows.endIndex, rows[end].trace == row.trace,
        group(rows[end]) == name
      {
        end += 1
      }
      if end - index >= 2, let name {
        lines.append(.empty(trace: row.trace, group: String(name), count: end - index))
      } else {
        lines.append(.row(row))
      }
      index = end
    }
    return lines
  }

  /// What a line of rows with nothing on either side says in the verdict column.
  static let noValueText = "nothing on either side"
}
