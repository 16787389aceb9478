// The tool as a library: a tool built with engines of its own, run in process.

import Foundation
import Replay
import ScrollTraceCLI
import Testing
import TraceFormat

/// An engine of a user's own: the model alone, under its own name, saying so.
private struct TeamEngine: ScrollEngine {
  var name = "team"
  var descriptor: EngineDescriptor {
    EngineDescriptor(name: name, version: 1, summary: "The team's list.", source: "a test")
  }
  var isModelOnly: Bool { true }
}

@Suite(.serialized) struct ScrollTraceToolTests {
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
    #expect(throws: EngineRegistryError.nameTaken("paging@1", by: ["paging@1", "paging@2"])) {
      try tool.engines.get()
    }
    #expect(tool.run(["engines"]) == 2)
    #expect(
      tool.run(["info", CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path]) == 2
    )
  }

  @Test func theShippedToolIsTheEntryPointWithTheBuiltIns() throws {
    let listed = try CLI.run(["engines", "--json"])
    #expect(listed.status == 0)
    let names = listed.stdout.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["engine"]
        as? String
    }
    #expect(names == EngineRegistry.builtIn.entries.map(\.descriptor.description))
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
