// Diff and gate on hand-built metrics: exact comparisons, the host test and noise floor, budgets.

import Analyze
import Presentation
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

  @Test func gateFailsBrokenLimitsAndWhatItCannotCheck() throws {
    let budget = try Budget(
      json: Array(
        """
        {"budgets":[
          {"metric":"offsetJumps.count","max":0},
          {"metric":"work.viewsCreated","maxIncrease":5},
          {"metric":"reuse.hitRate","maxDecrease":10}
        ]}
        """.utf8))
    #expect(budget.needsBaseline && !budget.comparesHostTimings)
    let base = side("v1", ["offsetJumps.count": 3, "work.viewsCreated": 100, "reuse.hitRate": 0.9])
    let better = side(
      "v2", ["offsetJumps.count": 0, "work.viewsCreated": 50, "reuse.hitRate": 0.95])
    let pass = try GateVerdict(budget: budget, candidate: better, baseline: base)
    #expect(pass.passed)
    #expect(pass.checks.count == 3)
    let worse = side(
      "v3", ["offsetJumps.count": 0, "work.viewsCreated": 106, "reuse.hitRate": 0.8])
    let fail = try GateVerdict(budget: budget, candidate: worse, baseline: base)
    #expect(!fail.passed)
    #expect(fail.failures.map(\.metric) == ["work.viewsCreated", "reuse.hitRate"])
    let check = try #require(fail.failures.first)
    #expect(
      check.baseline == 100 && check.candidate == 106 && check.limit == 5
        && check.location == "budgets[1]")
    #expect(fail.junit.contains(#"failures="2""#))
    // Fail closed: relative limits with no baseline to compare with fail, not pass.
    let alone = try GateVerdict(budget: budget, candidate: better, baseline: nil)
    #expect(!alone.passed)
    #expect(alone.failures.count == 2)
    #expect(alone.failures.allSatisfy { $0.note == "no baseline to compare with" })
    // ... unless the budget marks them optional: then they are skipped.
    let optional = try Budget(
      json: Array(
        #"{"budgets":[{"metric":"offsetJumps.count","max":0},{"metric":"work.viewsCreated","maxIncrease":5,"optional":true}]}"#
          .utf8))
    let lenient = try GateVerdict(budget: optional, candidate: better, baseline: nil)
    #expect(lenient.passed && lenient.checks.map(\.outcome) == [.passed, .skipped])
    #expect(lenient.junit.contains(#"<skipped message="no baseline to compare with (optional)"/>"#))
    // A limit for traces the candidate does not have checks nothing: a failure too.
    let elsewhere = try Budget(
      json: Array(
        #"{"budgets":[{"metric":"reuse.peakLiveViews","min":1,"traces":["other.sctrace"]}]}"#.utf8))
    let nothing = try GateVerdict(budget: elsewhere, candidate: better, baseline: base)
    #expect(!nothing.passed)
    #expect(nothing.failures.first?.note == "the candidate has no trace at this path")
  }

  /// Nothing to judge is an error, never a pass: a side with no replayed trace (a report of a run
  /// where every trace failed, `"traces": []`).
  @Test func aSideWithoutTracesIsAnError() throws {
    let budget = try Budget(
      json: Array(#"{"budgets":[{"metric":"offsetJumps.count","max":0}]}"#.utf8))
    var empty = RunMetrics(label: "failed.json", traces: [])
    empty.skipped = [SkippedTrace(path: "x.sctrace", reason: "truncated", isFailure: true)]
    let error = try #require(
      throws: AnalyzeError.self,
      performing: { try GateVerdict(budget: budget, candidate: empty, baseline: nil) })
    #expect(error.code == .gate)
    #expect(error.reason.contains("the candidate (failed.json) has no replayed trace"))
    #expect(error.reason.contains("x.sctrace: truncated"))
    #expect(throws: AnalyzeError.self) {
      try GateVerdict(budget: budget, candidate: self.side("b", [:]), baseline: empty)
    }
  }

  /// Deterministic changes within a metric's tolerance are no verdict; counts of work are judged
  /// per frame, so a fix that replays more frames does not regress them.
  @Test func tolerancesAndPerFrameJudgement() throws {
    // nested@2 → nested@3 set 4 more frames of 26 379; paging@1 → paging@2 ran 7 more layout
    // passes because it replayed 14 more frames.
    let base = side("a", ["frames": 898, "work.framesSet": 26379, "work.layoutPasses": 474])
    let cand = side(
      "b", ["frames": 912, "work.framesSet": 26383 * 912 / 898, "work.layoutPasses": 481])
    let diff = ReportDiff(baseline: base, candidate: cand)
    #expect(try row(diff, "work.framesSet").verdict == .withinTolerance)
    #expect(try row(diff, "work.layoutPasses").verdict == .withinTolerance)
    #expect(try row(diff, "work.layoutPasses").judgedPer == .perFrame)
    #expect(diff.regressions.isEmpty)
    // Equal counts over more frames are unchanged, not fewer per frame.
    let equal = ReportDiff(
      baseline: side("a", ["frames": 898, "work.viewsCreated": 3]),
      candidate: side("b", ["frames": 912, "work.viewsCreated": 3]))
    #expect(try row(equal, "work.viewsCreated").verdict == .unchanged)
    // Beyond the tolerance, per frame: a regression; an override can widen it.
    let worse = ReportDiff(
      baseline: side("a", ["frames": 1000, "work.framesSet": 1000]),
      candidate: side("b", ["frames": 1000, "work.framesSet": 1030]))
    #expect(try row(worse, "work.framesSet").verdict == .regressed)
    let widened = ReportDiff(
      baseline: side("a", ["frames": 1000, "work.framesSet": 1000]),
      candidate: side("b", ["frames": 1000, "work.framesSet": 1030]),
      settings: DiffSettings(tolerances: ["work.framesSet": Metric.Tolerance(relative: 0.05)]))
    #expect(try row(widened, "work.framesSet").verdict == .withinTolerance)
    // An event count has no tolerance: one more glitch regresses.
    let glitch = ReportDiff(
      baseline: side("a", ["boundaryGlitches.count": 10]),
      candidate: side("b", ["boundaryGlitches.count": 11]))
    #expect(try row(glitch, "boundaryGlitches.count").verdict == .regressed)
    // A gate's relative limit holds a change within the tolerance.
    let budget = try Budget(
      json: Array(#"{"budgets":[{"metric":"work.framesSet","maxIncrease":0}]}"#.utf8))
    #expect(try GateVerdict(budget: budget, candidate: cand, baseline: base).passed)
    #expect(
      try !GateVerdict(
        budget: budget, candidate: side("b", ["frames": 1000, "work.framesSet": 1030]),
        baseline: side("a", ["frames": 1000, "work.framesSet": 1000])
      ).passed)
  }

  @Test func budgetErrorsNameTheKey() {
    let cases: [(String, String?)] = [
      ("[]", nil), ("{}", "budgets"), (#"{"budgets":[1]}"#, "budgets[0]"),
      (#"{"budgets":[{"metric":"nope","max":1}]}"#, "budgets[0].metric"),
      (#"{"budgets":[{"metric":"frames","max":true}]}"#, "budgets[0].max"),
      (#"{"budgets":[{"metric":"frames","traces":[]}]}"#, "budgets[0].traces"),
      (#"{"version":2,"budgets":[]}"#, "version"), (#"{"budget":[]}"#, "budget"),
      (#"{"budgets":[]}"#, "budgets"),
      (#"{"budgets":[{"metric":"frames","max":1,"optional":true}]}"#, "budgets[0].optional"),
      (#"{"budgets":[{"metric":"frames","maxIncrease":1,"optional":1}]}"#, "budgets[0].optional"),
      (#"{"budgets":[{"metric":"frames","max":1}],"tolerances":{"nope":{}}}"#, "tolerances.nope"),
      (
        #"{"budgets":[{"metric":"frames","max":1}],"tolerances":{"frames":{"relative":-1}}}"#,
        "tolerances.frames.relative"
      ),
    ]
    for (text, key) in cases {
      do {
        _ = try Budget(json: Array(text.utf8))
        Issue.record("\(text) was accepted")
      } catch {
        #expect((error as? AnalyzeError)?.key == key, "\(text): \(error)")
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
