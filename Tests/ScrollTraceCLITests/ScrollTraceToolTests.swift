// The tool as a library: a tool built with engines of its own, run in process.

import Foundation
import Pipeline
import Replay
import ScrollTraceCLI
import TestSupport
import Testing
import TraceIngest

/// An engine of a user's own: the model alone, under its own name, saying so.
private struct TeamEngine: ScrollEngine {
  var name = "team"
  var descriptor: EngineDescriptor {
    EngineDescriptor(name: name, version: 1, summary: "The team's list.", source: "a test")
  }
  var isModelOnly: Bool { true }
}

/// A team's engine whose hooks are written with near-miss signatures: `layoutSubviews(scrollView:)`
/// for `layoutSubviews(_:)` and UIKit's `withVelocity:` label.
///
/// It compiles, and the protocol's
/// defaults answer every call: it lays out nothing.
private struct NearMissEngine: ScrollEngine {
  var descriptor: EngineDescriptor {
    EngineDescriptor(name: "nearmiss", version: 1, summary: "A silent list.", source: "a test")
  }
  var laidOut = 0
  mutating func layoutSubviews(scrollView: inout ScrollView) { laidOut += 1 }
  mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {}
  mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame {
    var report = EngineFrame()
    report.work.layoutPasses = laidOut
    return report
  }
}

@Suite(.serialized) struct ScrollTraceToolTests {
  /// A silent engine fails every verb that replays (exit 2), never a green report or gate; the
  /// library's error names the engine, the hooks the defaults answered and the likely cause.
  @Test func aSilentEngineFailsReplayDiffAndGate() throws {
    let entry = EngineRegistry.Entry { NearMissEngine() }
    let tool = ScrollTraceTool(adding: [entry])
    let trace = CLI.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace").path
    let budget = CLI.root.appendingPathComponent("Budgets/samples.json").path
    #expect(tool.run(["replay", trace, "--engine", "nearmiss"]) == 2)
    #expect(
      tool.run(["diff", "--baseline", "nearmiss", "--candidate", "nearmiss", trace, "--no-timings"])
        == 2)
    #expect(
      tool.run([
        "gate", "--budget", budget, "--baseline", "cardfeed@2", "--candidate", "nearmiss", trace,
      ])
        == 2)
    let error = try #require(
      throws: PipelineError.self,
      performing: {
        try TraceReplay(TraceSource(path: trace), engine: entry, settings: ReplaySettings())
      })
    #expect(error.code == .silentEngine)
    #expect(error.description.contains("nearmiss@1 laid out nothing over the whole trace"))
    #expect(error.description.contains("the protocol's defaults answered"))
    #expect(error.description.contains("layoutSubviews(_:)"))
    #expect(
      error.description.contains("scrollViewWillEndDragging(_:velocity:targetContentOffset:)"))
  }

  @Test func aToolWithItsOwnEnginesReplaysAndGatesThem() throws {
    let tool = ScrollTraceTool(adding: [EngineRegistry.Entry { TeamEngine() }])
    #expect(try tool.engines.get().entry(named: "team")?.descriptor.description == "team@1")
    #expect(try tool.engines.get().entry(named: "paging@1") != nil)
    let folder = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("r.json").path
    let trace = CLI.root.appendingPathComponent("Traces/nested-container.sctrace").path
    #expect(tool.run(["replay", trace, "--engine", "team", "--format", "json", "-o", report]) == 0)
    let json = try String(contentsOfFile: report, encoding: .utf8)
    #expect(json.contains("\"id\":\"team@1\""))
    let budget = CLI.root.appendingPathComponent("Budgets/samples.json").path
    let junit = folder.appendingPathComponent("gate.xml").path
    #expect(
      tool.run([
        "gate", "--budget", budget, "--baseline", "team", "--candidate", "team+viewPerFrame", trace,
        "--junit", junit,
      ]) == 1)
    #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<failure"))
  }

  @Test func aNameClashIsAnErrorAtStartUp() {
    let tool = ScrollTraceTool(adding: [EngineRegistry.Entry { TeamEngine(name: "paging") }])
    #expect(
      throws: EngineRegistryError(
        .nameTaken, engine: "paging@1", holders: ["paging@1", "paging@2"])
    ) {
      try tool.engines.get()
    }
    #expect(tool.run(["engines"]) == 2)
    #expect(
      tool.run(["info", CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path]) == 2
    )
  }

  /// One descriptor shape: `engines --json` writes each engine as a report's `engine` object,
  /// without the hooks only a replay sees (docs/report-schema.md).
  @Test func enginesAndReportsDescribeAnEngineAlike() throws {
    let listed = try CLI.run(["engines", "--json"]).stdout.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary
    }
    let report = try CLI.run([
      "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@2", "--format", "json",
    ])
    let root = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
    let engine = try #require(root?["engine"] as? [String: Any])
    #expect(engine["hooks"] != nil)
    let described = NSDictionary(dictionary: engine.filter { $0.key != "hooks" })
    #expect(listed.contains { $0 == described }, "\(described)")
    #expect(
      listed.allSatisfy {
        Set(($0?.allKeys as? [String]) ?? []) == Set(described.allKeys as? [String] ?? [])
      })
  }

  @Test func theShippedToolIsTheEntryPointWithTheBuiltIns() throws {
    let listed = try CLI.run(["engines", "--json"])
    #expect(listed.status == 0)
    let names = listed.stdout.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"]
        as? String
    }
    #expect(names == EngineRegistry.builtIn.entries.map(\.descriptor.description))
    // The shipped tool's engines are the built-ins, made when first asked for; a tool given them
    // whole lists the same.
    let shipped = try ScrollTraceTool().engines.get().entries.map(\.descriptor.description)
    #expect(shipped == names)
    let given = ScrollTraceTool(engines: .builtIn).run(["engines", "--json"], environment: [:])
    #expect(given.status == 0 && given.standardOutput == listed.stdout)
    let unknown = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "paging@1", "--candidate",
      "pager@9", "Traces/pager-rotation.sctrace",
    ])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "scrolltrace: error: --candidate: unknown engine 'pager@9'; expected one of \(EngineRegistry.builtIn.names) (optionally +viewPerFrame)\n"
    )
  }
}
