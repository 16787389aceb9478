// scrolltrace — the budget a finding breaks: what makes a reduced script a regression test.

import Analyze
import TraceCore

extension Finding {
  /// A budget (docs/ci.md) that this finding breaks and a fixed engine holds.
  ///
  /// It limits the metric of the finding's kind where the check draws its line. A `regression` compares with a
  /// baseline (`maxIncrease` of 0 beyond the metric's tolerance, `maxDecrease` for a metric where
  /// higher is better); an `error` has no metric (a failed replay fails the gate by itself), so its
  /// budget holds the replay to no glitch.
  public func budgetJSON(baseline: Bool) -> String {
    let (metric, limit): (String, String)
    switch signature.kind {
    case .glitch: (metric, limit) = ("boundaryGlitches.count", "\"max\": 0")
    case .jump: (metric, limit) = ("offsetJumps.count", "\"max\": 0")
    case .shift:
      (metric, limit) = ("contentShift.largest", "\"max\": \(JSONObject.number(self.limit ?? 1))")
    case .bottom:
      (metric, limit) = ("contentShift.bottomGap", "\"max\": \(JSONObject.number(self.limit ?? 1))")
    case .drift:
      (metric, limit) = (
        "offsetJumps.worstAnchorDrift", "\"max\": \(JSONObject.number(self.limit ?? 1))"
      )
    case .churn:
      (metric, limit) = (
        "reuse.viewsCreatedPerScrollingSecond", "\"max\": \(JSONObject.number(self.limit ?? 20))"
      )
    case .live:
      (metric, limit) = ("reuse.peakLiveViews", "\"max\": \(JSONObject.number(self.limit ?? 200))")
    case .lifecycle: (metric, limit) = ("reuse.lifecycleViolations", "\"max\": 0")
    case .error: (metric, limit) = ("boundaryGlitches.count", "\"max\": 0")
    case .regression:
      let key = signature.detail
      let better = Metric.named(key)?.direction == .higherIsBetter
      (metric, limit) = (
        key, baseline ? (better ? "\"maxDecrease\": 0" : "\"maxIncrease\": 0") : "\"max\": 0"
      )
    }
    return """
      {
        "version": 1,
        "budgets": [
          { "metric": "\(metric)", \(limit) }
        ]
      }
      """
  }
}
