// scrolltrace — explore's `shift` check finds MagazineLayout's first jump, and reduce shrinks it to
// a regression test the fixed version holds.

import Analyze
import Foundation
import Pipeline
import Replay
import Testing
import TraceIngest

@testable import Explore

@Suite struct ContentShiftFindingTests {
  /// The feed of self-sizing cards explore draws on (`Traces/scripts/magazine-feed.json`).
  static func feed() throws -> GestureScript {
    let url = ScriptJSONTests.root.appendingPathComponent("Traces/scripts/magazine-feed.json")
    return try GestureScript.decode(json: Array(try Data(contentsOf: url)))
  }

  /// From seed 3, 30 scripts on `magazine@1` show a card resolving its size under the finger;
  /// reduced, a few steps still show it, and its budget fails @1 and @3 and holds @2 and @4.
  @Test func theFirstVersionsJumpIsFoundReducedAndHeldByTheFix() throws {
    let v1 = try #require(EngineRegistry.builtIn.entry(named: "magazine@1"))
    let runner = TrialRunner(engine: v1, checks: [Check(.shift)])
    let result = try Explorer(runner: runner, base: try Self.feed()).run(
      seed: 3, count: 30, jobs: 2)
    let found = try #require(
      result.discoveries.first {
        $0.finding.signature.detail == "sizeResolved" && $0.finding.signature.state == "dragging"
      })
    let reduction = try ScriptReducer(runner: runner, keep: [found.finding.signature])
      .reduce(found.script)
    #expect(reduction.script.steps.count <= 4)
    #expect(reduction.script.steps.count < found.script.steps.count)
    #expect(reduction.finding.signature == found.finding.signature)
    let budget = try Budget(json: Array(reduction.finding.budgetJSON(baseline: false).utf8))
    for (engine, holds) in [
      ("magazine@1", false), ("magazine@2", true), ("magazine@3", false), ("magazine@4", true),
    ] {
      let entry = try #require(EngineRegistry.builtIn.entry(named: engine))
      let trial = try TrialRunner(engine: entry, checks: [Check(.shift)])
        .run(trace: reduction.trace, name: "shift.sctrace")
      let summary = try #require(trial.replay?.section.summary)
      let largest = try #require(summary.contentShift?.largest)
      #expect((largest <= 1) == holds, "\(engine): largest shift \(largest) pt")
      #expect(budget.limits.map(\.metric) == ["contentShift.largest"])
    }
  }
}
