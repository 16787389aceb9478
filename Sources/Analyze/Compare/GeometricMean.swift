// scrolltrace — a metric's ratio over traces.

import Foundation

/// A metric's geometric mean ratio over traces (compare.py's OVERALL_GEOMEAN), and what it leaves
/// out: a ratio needs both values positive, so a metric that fell to 0 (every jump fixed) or rose
/// from 0 cannot enter it.
package struct GeometricMean: Sendable, Hashable {
  /// The metric's key.
  package var metric: String
  /// exp(mean(log(candidate / baseline))) over the traces where both are positive; nil when there
  /// are none.
  package var ratio: Double?
  /// Traces where both values are positive.
  package var traces: Int
  /// Traces whose values differ but cannot enter the mean: a side is 0 or has no value.
  package var leftOut: Int

  /// Creates a mean.
  package init(metric: String, ratio: Double?, traces: Int, leftOut: Int) {
    self.metric = metric
    self.ratio = ratio
    self.traces = traces
    self.leftOut = leftOut
  }

  /// The mean over one metric's `rows`; nil when no trace has a ratio and none was left out.
  init?(metric: String, rows: [MetricComparison]) {
    var logs: [Double] = []
    var leftOut = 0
    for row in rows {
      if let b = row.baseline, let c = row.candidate, b > 0, c > 0 {
        logs.append(log(c / b))
      } else if row.baseline != row.candidate {
        leftOut += 1
      }
    }
    guard !logs.isEmpty || leftOut > 0 else { return nil }
    self.init(
      metric: metric, ratio: logs.isEmpty ? nil : exp(logs.reduce(0, +) / Double(logs.count)),
      traces: logs.count, leftOut: leftOut)
  }

  /// Whether it says anything: a ratio other than 1, or traces left out.
  package var isNotable: Bool { leftOut > 0 || ratio.map { abs($0 - 1) > 1e-12 } ?? false }
}
