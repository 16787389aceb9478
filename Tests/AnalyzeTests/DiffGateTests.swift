// Diff and gate on hand-built metrics: exact comparisons, the host test and noise floor, budgets.

import Analyze
import Testing

@Suite struct DiffGateTests {
  func side(
    _ label: String, _ values: [String: Double], host: [String: [Double]] = [:],
    path: String = "a.sctrace"
  ) -> RunMetrics {
    RunMetrics(
      label: label, traces: [TraceMetrics(path: path, contentHash: "h", values: values, host: host)]
    )
  }

  func row(_ diff: ReportDiff, _ metric: String) throws -> MetricComparison {
    try #require(diff.rows.first { $0.metric == metric })
  }

  @Test func deterministicMetricsCompareExactlyByDirection() throws {
    let diff = ReportDiff(
      baseline: side(
        "v1", ["work.viewsCreated": 8, "reuse.hitRate": 0.4, "offsetJumps.count": 0, "frames": 100]),
      candidate: side(
        "v2", ["work.viewsCreated": 3, "reuse.hitRate": 0.3, "offsetJumps.count": 2, "frames": 100])
    )
    #expect(try row(diff, "work.viewsCreated").verdict == .improved)
    #expect(try row(diff, "work.viewsCreated").percent == -62.5)
    #expect(try row(diff, "work.viewsCreated").delta == -5)
    #expect(try row(diff, "reuse.hitRate").verdict == .regressed)  // higher is better
    #expect(try row(diff, "offsetJumps.count").verdict == .regressed)
    #expect(try row(diff, "offsetJumps.count").percent == nil)  // from zero
    #expect(try row(diff, "frames").verdict == .unchanged)
    #expect(try row(diff, "boundaryGlitches.count").verdict == .unchanged)  // absent on both sides
    let more = ReportDiff(
      baseline: side("v1", ["frames": 100]), candidate: side("v2", ["frames": 140]))
    #expect(try row(more, "frames").verdict == .changed)  // informational: shown, never judged
    #expect(more.regressions.isEmpty && more.improvements.isEmpty)
    let mean = try #require(diff.geometricMeans.first { $0.metric == "work.viewsCreated" })
    #expect(mean.ratio == 3.0 / 8.0 && mean.traces == 1)
  }

  @Test func hostTimingsNeedSignificanceAndTheNoiseFloor() throws {
    let slow = (0..<9).map { 100 + Double($0) }
    let fast = (0..<9).map { 50 + Double($0) }
    let steady = (0..<9).map { 100 + Double($0) / 10 }
    let close = (0..<9).map { 101 + Double($0) / 10 }  // 1 % slower, yet completely separated
    let regressed = ReportDiff(
      baseline: side("a", [:], host: ["host.wallTime": fast]),
      candidate: side("b", [:], host: ["host.wallTime": slow]))
    let r = try row(regressed, "host.wallTime")
    #expect(r.verdict == .regressed)
    #expect(r.test?.isSignificant == true)
    #expect(r.baseline == 54 && r.candidate == 104)
    let noise = ReportDiff(
      baseline: side("a", [:], host: ["host.wallTime": steady]),
      candidate: side("b", [:], host: ["host.wallTime": close]))
    #expect(try row(noise, "host.wallTime").test?.isSignificant == true)
    #expect(try row(noise, "host.wallTime").verdict == .unchanged)  // inside the 5 % floor
    let oneRun = ReportDiff(
      baseline: side("a", [:], host: ["host.wallTime": [1]]),
      candidate: side("b", [:], host: ["host.wallTime": [9]]))
    #expect(try row(oneRun, "host.wallTime").test == nil)
    #expect(try row(oneRun, "host.wallTime").verdict == .unchanged)
  }

  @Test func gateFailsOnlyBrokenLimitsAndSkipsWhatItCannotCheck() throws {
    let budget = try Budget(
      json: Array(
        """
        {"budgets":[
          {"metric":"offsetJumps.count","max":0},
          {"metric":"work.viewsCreated","maxIncrease":5},
          {"metric":"reuse.hitRate","maxDecrease":10},
          {"metric":"reuse.peakLiveViews","min":1,"traces":["other.sctrace"]}
        ]}
        """.utf8))
    #expect(budget.needsBaseline && !budget.comparesHostTimings)
    let base = side("v1", ["offsetJumps.count": 3, "work.viewsCreated": 100, "reuse.hitRate": 0.9])
    let better = side(
      "v2", ["offsetJumps.count": 0, "work.viewsCreated": 50, "reuse.hitRate": 0.95])
    let pass = GateVerdict(budget: budget, candidate: better, baseline: base)
    #expect(pass.passed)
    #expect(pass.checks.count == 3)  // the last entry names another trace
    let worse = side(
      "v3", ["offsetJumps.count": 0, "work.viewsCreated": 106, "reuse.hitRate": 0.8])
    let fail = GateVerdict(budget: budget, candidate: worse, baseline: base)
    #expect(!fail.passed)
    #expect(fail.failures.map(\.metric) == ["work.viewsCreated", "reuse.hitRate"])
    let check = try #require(fail.failures.first)
    #expect(
      check.baseline == 100 && check.candidate == 106 && check.limit == 5
        && check.location == "budgets[1]")
    let alone = GateVerdict(budget: budget, candidate: worse, baseline: nil)
    #expect(alone.passed)
    #expect(alone.checks.filter { $0.outcome == .skipped }.count == 2)
    #expect(alone.junit.contains(#"<skipped message="needs a baseline"/>"#))
    #expect(fail.junit.contains(#"failures="2""#))
  }

  @Test func budgetErrorsNameTheKey() {
    let cases: [(String, String?)] = [
      ("[]", nil), ("{}", "budgets"), (#"{"budgets":[1]}"#, "budgets[0]"),
      (#"{"budgets":[{"metric":"nope","max":1}]}"#, "budgets[0].metric"),
      (#"{"budgets":[{"metric":"frames","max":true}]}"#, "budgets[0].max"),
      (#"{"budgets":[{"metric":"frames","traces":[]}]}"#, "budgets[0].traces"),
      (#"{"version":2,"budgets":[]}"#, "version"), (#"{"budget":[]}"#, "budget"),
    ]
    for (text, key) in cases {
      do {
        _ = try Budget(json: Array(text.utf8))
        Issue.record("\(text) was accepted")
      } catch {
        #expect(error.key == key, "\(text): \(error)")
      }
    }
  }
}

extension DiffGateTests {
  /// Three timings of a trace are tested together (Holm–Bonferroni): a p-value that passes α alone
  /// must pass α/3 when it is the smallest of three.
  @Test func hostTimingsOfATraceAreCorrectedTogether() throws {
    // Slower by 3.5 %: p ≈ 0.027 alone, above 0.05 / 3.
    let base = (0..<9).map { 100 + Double($0) }
    let cand = (0..<9).map { 103.5 + Double($0) }  // scipy: p = 0.0273
    let single = try #require(MannWhitneyU(base, cand))
    #expect(single.pValue < 0.05 && single.pValue > 0.05 / 3)
    let host = ["host.wallTime": cand, "host.frameWork.p50": base, "host.frameWork.p99": base]
    let diff = ReportDiff(
      baseline: side(
        "a", [:],
        host: ["host.wallTime": base, "host.frameWork.p50": base, "host.frameWork.p99": base]),
      candidate: side("b", [:], host: host))
    let wall = try row(diff, "host.wallTime")
    #expect(wall.test?.isSignificant == false)
    #expect(wall.verdict == .unchanged)
  }
}
