// scrolltrace — explore's `bottom` check finds ChatLayout's two published defects, and reduce
// shrinks each to a regression test the fixed release holds.

import Analyze
import Foundation
import Pipeline
import Replay
import Testing
import TraceIngest

@testable import Explore

@Suite struct BottomFindingTests {
  /// The conversation explore draws on (`Traces/scripts/chat-conversation.json`): 40 messages,
  /// read at the bottom.
  static func conversation() throws -> GestureScript {
    let url = ScriptJSONTests.root.appendingPathComponent("Traces/scripts/chat-conversation.json")
    return try GestureScript.decode(json: Array(try Data(contentsOf: url)))
  }

  /// From seed 1, within explore's default 500 scripts of the chat mix, `chat@1` leaves the bottom
  /// at an update (a message appended and not revealed) and so does `chat@2` (the last message
  /// shrinking, compensated twice); each reduces to a few steps whose budget `chat@3` holds and
  /// the version it was found on breaks.
  ///
  /// (chat@2's reduced script keeps a rotation and an earlier message, which the reducer could not
  /// remove and keep the signature.)
  @Test(arguments: ["chat@1", "chat@2"])
  func aDefectIsFoundReducedAndHeldByTheFix(_ engine: String) throws {
    let entry = try #require(EngineRegistry.builtIn.entry(named: engine))
    let runner = TrialRunner(engine: entry, checks: [Check(.bottom)])
    let explorer = Explorer(
      runner: runner, base: try Self.conversation(),
      grammar: ScriptGrammar(weights: .chat))
    let result = try explorer.run(seed: 1, count: 500, jobs: 2)
    let found = try #require(
      result.discoveries.first {
        $0.finding.signature.kind == .bottom && $0.finding.signature.detail == "batchUpdate"
      }, "\(engine)")
    let reduction = try ScriptReducer(runner: runner, keep: [found.finding.signature])
      .reduce(found.script)
    #expect(reduction.script.steps.count <= 5, "\(engine)")
    #expect(reduction.script.steps.count < found.script.steps.count)
    let edits = reduction.script.steps.compactMap { step -> BatchUpdate? in
      if case .edit(.batchUpdate(let update)) = step { return update }
      return nil
    }
    // chat@1's ends in a message appended; chat@2's in the last message reloaded shorter.
    if engine == "chat@1" {
      #expect(edits.last?.inserts.isEmpty == false)
    } else {
      let reload = try #require(edits.last?.reloads.first)
      #expect(reload.item.length < reload.item.estimatedLength ?? 0)
    }
    let budget = try Budget(json: Array(reduction.finding.budgetJSON(baseline: false).utf8))
    #expect(budget.limits.map(\.metric) == ["contentShift.bottomGap"])
    for (other, holds) in [(engine, false), ("chat@3", true)] {
      let entry = try #require(EngineRegistry.builtIn.entry(named: other))
      let trial = try TrialRunner(engine: entry, checks: [Check(.bottom)])
        .run(trace: reduction.trace, name: "bottom.sctrace")
      let gap = try #require(trial.replay?.section.summary.contentShift?.largestBottomGap)
      #expect((gap <= 1) == holds, "\(other): left the bottom by \(gap) pt")
    }
  }

  /// The same 500 scripts find no update that leaves the bottom on `chat@3`. (What they find is a
  /// safe area growing at the bottom, which leaves the offset where it is, as UIKit does.)
  @Test func theFixedReleaseLeavesTheBottomAtNoUpdate() throws {
    let entry = try #require(EngineRegistry.builtIn.entry(named: "chat@3"))
    let explorer = Explorer(
      runner: TrialRunner(engine: entry, checks: [Check(.bottom)]), base: try Self.conversation(),
      grammar: ScriptGrammar(weights: .chat))
    let result = try explorer.run(seed: 1, count: 500, jobs: 2)
    #expect(!result.discoveries.contains { $0.finding.signature.detail == "batchUpdate" })
    #expect(result.discoveries.allSatisfy { $0.finding.signature.detail == "resize" })
  }
}
