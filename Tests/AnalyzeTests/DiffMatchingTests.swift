// Diff and gate: traces matched by content, warnings, inconclusive timings, what the geometric
// mean leaves out, and --strict.

import Analyze
import Presentation
import Replay
import Testing

@Suite struct DiffMatchingTests {
  func trace(
    _ path: String, _ hash: String, _ values: [String: Double] = ["frames": 1],
    host: [String: [Double]] = [:]
  ) -> TraceMetrics {
    TraceMetrics(path: path, contentHash: hash, values: values, host: host)
  }

  @Test func tracesAreMatchedByContentThenByName() throws {
    let baseline = RunMetrics(
      label: "a",
      traces: [
        trace("./Traces/x.sctrace", "h1"), trace("Traces/y.sctrace", "h2"), trace("z", "h3"),
      ])
    let candidate = RunMetrics(
      label: "b",
      traces: [trace("Traces/x.sctrace", "h1"), trace("Traces//y.sctrace", "h9"), trace("w", "h8")])
    let diff = ReportDiff(baseline: baseline, candidate: candidate)
    #expect(diff.matches.map(\.kind) == [.content, .name])
    #expect(diff.matches.map(\.baselinePath) == ["./Traces/x.sctrace", "Traces/y.sctrace"])
    #expect(diff.unmatchedTraces == ["w", "z"])
    #expect(diff.warnings.count == 1)
    #expect(diff.warnings.first?.contains("Traces//y.sctrace: matched by name only") == true)
    #expect(diff.sharesTraces)
    // Renamed but identical bytes: one trace, no warning.
    let renamed = ReportDiff(
      baseline: RunMetrics(label: "a", traces: [trace("old/name.sctrace", "h1")]),
      candidate: RunMetrics(label: "b", traces: [trace("new/name.sctrace", "h1")]))
    #expect(renamed.matches.count == 1 && renamed.warnings.isEmpty)
    let nothing = ReportDiff(
      baseline: RunMetrics(label: "a", traces: [trace("x", "h1")]),
      candidate: RunMetrics(label: "b", traces: [trace("y", "h2")]))
    #expect(!nothing.sharesTraces && nothing.rows.isEmpty)
    #expect(nothing.unmatchedTraces == ["y", "x"])
  }

  /// A session recorded again into another folder: matched by its name in its folder, with a
  /// warning, after content and path; a name two folders deep keeps its subfolder.
  @Test func aReRecordedSessionIsMatchedByItsNameInItsFolder() {
    let baseline = RunMetrics(
      label: "a",
      traces: [
        trace("runs/a/feed.sctrace", "h1"), trace("runs/a/day2/chat.sctrace", "h2"),
        trace("runs/a/same.sctrace", "h3"),
      ])
    let candidate = RunMetrics(
      label: "b",
      traces: [
        trace("./runs/b/day2/chat.sctrace", "h7"), trace("runs/b/feed.sctrace", "h8"),
        trace("runs/b/other.sctrace", "h3"), trace("runs/b/new.sctrace", "h9"),
      ])
    let diff = ReportDiff(baseline: baseline, candidate: candidate)
    #expect(diff.matches.map(\.kind) == [.relativeName, .relativeName, .content])
    #expect(
      diff.matches.map(\.baselinePath)
        == ["runs/a/day2/chat.sctrace", "runs/a/feed.sctrace", "runs/a/same.sctrace"])
    #expect(diff.unmatchedTraces == ["runs/b/new.sctrace"])
    #expect(diff.warnings.count == 2)
    #expect(
      diff.warnings.first?.hasPrefix(
        "./runs/b/day2/chat.sctrace: matched with runs/a/day2/chat.sctrace by its name in its folder"
      )
        == true)
    #expect(
      TraceMatch.relativeNames(["/x/a/1.sctrace", "/x/a/b/2.sctrace"]) == [
        "1.sctrace", "b/2.sctrace",
      ])
    #expect(TraceMatch.relativeNames(["feed.sctrace"]) == ["feed.sctrace"])
    #expect(TraceMatch.relativeNames(["a/feed.sctrace"]) == ["feed.sctrace"])
    #expect(TraceMatch.relativeNames(["a/x", "b/y"]) == ["a/x", "b/y"])
    #expect(TraceMatch.relativeNames([]) == [])
  }

  @Test func theSameFileTwiceIsMatchedInOrder() {
    let side = RunMetrics(
      label: "a", traces: [trace("t", "h", ["frames": 1]), trace("t", "h", ["frames": 2])])
    let other = RunMetrics(
      label: "b", traces: [trace("t", "h", ["frames": 1]), trace("t", "h", ["frames": 2])])
    let diff = ReportDiff(baseline: side, candidate: other)
    #expect(diff.matches.map(\.baselineIndex) == [0, 1])
    #expect(diff.rows.allSatisfy { $0.verdict == .unchanged })
  }

  @Test func differentSettingsAreWarnings() {
    var settings = ReportSettings(
      Report(
        engine: EngineDescriptor(name: "e", version: 1, summary: "", source: ""),
        settings: AnalysisSettings(), modelOptions: [], traces: [],
        total: TraceAnalysis(settings: AnalysisSettings(), refreshRate: 60).summary,
        hostTotal: HostTimings().summary))
    let a = RunMetrics(label: "a", traces: [trace("t", "h")], settings: settings)
    settings.costModel?["frame_us"] = 3000
    let b = RunMetrics(label: "b", traces: [trace("t", "h")], settings: settings)
    let diff = ReportDiff(baseline: a, candidate: b)
    #expect(
      diff.warnings == [
        "settings differ: costModel — metrics that depend on it may move for that reason alone"
      ])
    #expect(ReportDiff(baseline: a, candidate: a).warnings.isEmpty)
    // A side whose settings are unknown (built by hand) is not a difference.
    #expect(
      ReportDiff(baseline: a, candidate: RunMetrics(label: "c", traces: [trace("t", "h")])).warnings
        .isEmpty)
  }

  /// A host p99 going from 8.2 µs to 127 µs with p = 0.133 is not ✅: it is inconclusive.
  @Test func aLargeMoveWithoutSignificanceIsInconclusive() throws {
    let base = [8.2, 8.1, 8.3]
    let cand = [127.0, 8.0, 130]
    let diff = ReportDiff(
      baseline: RunMetrics(
        label: "a", traces: [trace("t", "h", host: ["host.frameWork.p99": base])]),
      candidate: RunMetrics(
        label: "b", traces: [trace("t", "h", host: ["host.frameWork.p99": cand])]))
    let row = try #require(diff.rows.first { $0.metric == "host.frameWork.p99" })
    #expect(row.test?.isSignificant == false)
    #expect(row.verdict == .inconclusive)
    #expect(diff.inconclusive.count == 1)
    #expect(diff.table.contains("0 regressed, 0 improved, 1 inconclusive"))
    #expect(diff.json.contains(#""inconclusive":1"#))
    let budget = try Budget(
      json: Array(#"{"budgets":[{"metric":"host.frameWork.p99","maxIncrease":10}]}"#.utf8))
    let gate = try GateVerdict(
      budget: budget,
      candidate: RunMetrics(
        label: "b", traces: [trace("t", "h", host: ["host.frameWork.p99": cand])]),
      baseline: RunMetrics(
        label: "a", traces: [trace("t", "h", host: ["host.frameWork.p99": base])]))
    #expect(gate.checks.map(\.outcome) == [.inconclusive])
    #expect(gate.passed)
    #expect(gate.table.contains("1 inconclusive"))
    #expect(gate.junit.contains("inconclusive: p = "))
  }

  /// Jumps that fell to 0 cannot enter a geometric mean; the output says so instead of dropping them.
  @Test func theGeometricMeanSaysWhatItLeavesOut() throws {
    let diff = ReportDiff(
      baseline: RunMetrics(
        label: "a",
        traces: [
          trace("t", "h", ["offsetJumps.count": 3, "work.viewsCreated": 10]),
          trace("u", "i", ["offsetJumps.count": 2, "work.viewsCreated": 10]),
        ]),
      candidate: RunMetrics(
        label: "b",
        traces: [
          trace("t", "h", ["offsetJumps.count": 0, "work.viewsCreated": 5]),
          trace("u", "i", ["offsetJumps.count": 1, "work.viewsCreated": 10]),
        ]))
    let jumps = try #require(diff.geometricMeans.first { $0.metric == "offsetJumps.count" })
    #expect(jumps.ratio == 0.5 && jumps.traces == 1 && jumps.leftOut == 1)
    let views = try #require(diff.geometricMeans.first { $0.metric == "work.viewsCreated" })
    #expect(views.leftOut == 0 && views.traces == 2)
    #expect(diff.table.contains("1 left out (a side is 0)"))
    #expect(diff.json.contains(#""metric":"offsetJumps.count","ratio":0.5,"traces":1,"leftOut":1"#))
    for line in diff.table.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
  }

  @Test func strictFailsSkippedChecksAndWarnings() throws {
    let budget = try Budget(
      json: Array(
        #"{"budgets":[{"metric":"work.viewsCreated","maxIncrease":5},{"metric":"offsetJumps.count","max":0}]}"#
          .utf8))
    let optional = try Budget(
      json: Array(
        #"{"budgets":[{"metric":"work.viewsCreated","maxIncrease":5,"optional":true},{"metric":"offsetJumps.count","max":0}]}"#
          .utf8))
    let candidate = RunMetrics(
      label: "b", traces: [trace("t", "h", ["work.viewsCreated": 1, "offsetJumps.count": 0])])
    let lenient = try GateVerdict(budget: optional, candidate: candidate, baseline: nil)
    #expect(lenient.passed && lenient.checks.map(\.outcome) == [.skipped, .passed])
    let strict = try GateVerdict(
      budget: optional, candidate: candidate, baseline: nil, strict: true)
    #expect(!strict.passed)
    #expect(
      strict.failures.first?.note == "strict: skipped, no baseline to compare with (optional)")
    let renamed = RunMetrics(
      label: "a", traces: [trace("t", "other", ["work.viewsCreated": 1, "offsetJumps.count": 0])])
    let warned = try GateVerdict(
      budget: budget, candidate: candidate, baseline: renamed, strict: true)
    #expect(warned.failures.isEmpty && warned.warnings.count == 1 && !warned.passed)
    #expect(warned.table.hasPrefix("scrolltrace gate: FAILED — 1 warning under --strict"))
    #expect(warned.junit.contains(#"type="warning""#))
    #expect(try GateVerdict(budget: budget, candidate: candidate, baseline: renamed).passed)
  }

  @Test func budgetTracesMatchNormalisedPaths() throws {
    let budget = try Budget(
      json: Array(
        #"{"budgets":[{"metric":"offsetJumps.count","max":0,"traces":["Traces/x.sctrace"]}]}"#.utf8)
    )
    let candidate = RunMetrics(
      label: "b", traces: [trace("./Traces/x.sctrace", "h", ["offsetJumps.count": 2])])
    #expect(
      try GateVerdict(budget: budget, candidate: candidate, baseline: nil).failures.count == 1)
    #expect(TraceMatch.normalizedPath("./a//b/./c") == "a/b/c")
    #expect(TraceMatch.normalizedPath("/x/../y") == "/x/../y")
    #expect(TraceMatch.normalizedPath("./") == ".")
  }
}
