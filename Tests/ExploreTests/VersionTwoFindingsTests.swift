// What explore finds on the v2 engines within a stated budget (seed 1, 300 scripts each), pinned:
// each kind is a documented limit in docs/explore.md, and a fix (or a new finding) changes this
// test and that page together.

import Explore
import Foundation
import Replay
import Testing
import TraceIngest

@Suite struct VersionTwoFindingsTests {
  /// The kinds of finding (with a jump's cause) explore shows on each v2 engine from seed 1 in
  /// 300 scripts, as docs/explore.md ("What explore finds on the v2 engines") lists them.
  static let documented: [String: Set<String>] = [
    "paging@2": ["drift", "glitch", "jump:resize", "jump:sceneEdit"],
    "cardfeed@2": ["drift", "glitch", "jump:resize", "jump:sceneEdit"],
    "nested@3": ["drift", "jump:resize", "jump:sceneEdit"],
  ]

  @Test(arguments: ["paging@2", "cardfeed@2", "nested@3"])
  func theBudgetFindsWhatTheDocsList(_ engine: String) throws {
    let entry = try #require(EngineRegistry.builtIn.entry(named: engine))
    let runner = TrialRunner(engine: entry)
    let result = try Explorer(runner: runner, base: Explorer.stockBase(for: entry))
      .fittingItsEngine().run(seed: 1, count: 300, jobs: 2)
    let kinds = Set(
      result.discoveries.map {
        $0.finding.signature.detail.isEmpty
          ? $0.finding.signature.kind.rawValue
          : "\($0.finding.signature.kind.rawValue):\($0.finding.signature.detail)"
      })
    #expect(kinds == Self.documented[engine])
    // No v2 engine shows its v1's published defect.
    #expect(!kinds.contains("jump:engineLayout") && !kinds.contains("live"))
  }

  /// Budgets/explore-known.json holds exactly what the docs' budget finds on each v2 engine, each
  /// finding triaged: `explore --known` with it passes, and without any one entry fails.
  @Test(arguments: ["paging@2", "cardfeed@2", "nested@3"])
  func theKnownFileHoldsWhatTheBudgetFinds(_ engine: String) throws {
    let bytes = try [UInt8](
      Data(
        contentsOf: ScriptJSONTests.root.appendingPathComponent("Budgets/explore-known.json")))
    let known = try KnownFindings(json: bytes)
    let entry = try #require(EngineRegistry.builtIn.entry(named: engine))
    let result = try Explorer(
      runner: TrialRunner(engine: entry), base: Explorer.stockBase(for: entry)
    )
    .fittingItsEngine().run(seed: 1, count: 300, jobs: 2)
    let listed = known.entries.filter { $0.engine == engine }
    #expect(Set(listed.map(\.signature)) == Set(result.discoveries.map(\.finding.signature)))
    #expect(listed.allSatisfy { $0.triage != .untriaged })
    let summary = ExploreSummary(
      engine: engine, baseline: nil, base: "stock scene", seed: 1, checks: [], result: result,
      known: known)
    #expect(summary.newCount == 0)
    let dropped = try #require(listed.first)
    let fewer = ExploreSummary(
      engine: engine, baseline: nil, base: "stock scene", seed: 1, checks: [], result: result,
      known: KnownFindings(entries: known.entries.filter { $0 != dropped }))
    #expect(fewer.newCount == 1)
    #expect(fewer.table(folder: "f").contains("NEW: \(dropped.signature)"))
  }

  /// The app scrolls to where the engine rests content.
  ///
  /// On an engine that rests content on a rule, the app's scrolls to an item go to its start
  /// (where the rule rests it); on one that rests anywhere, to its start, centre or end. The
  /// scripts are otherwise the same.
  @Test func theGrammarScrollsToWhereTheEngineRestsContent() throws {
    func fitted(_ engine: String) throws -> Explorer {
      let entry = try #require(EngineRegistry.builtIn.entry(named: engine))
      return try Explorer(runner: TrialRunner(engine: entry), base: Explorer.stockBase(for: entry))
        .fittingItsEngine()
    }
    /// A step with each item scroll's position set to `position`, and the positions it had.
    func positions(_ step: Step, to position: ProgrammaticScroll.ItemPosition)
      -> (Step, Set<String>)
    {
      switch step {
      case .scroll(var scroll):
        guard case .item(let section, let index, let was) = scroll.target else { return (step, []) }
        scroll.target = .item(section: section, index: index, position: position)
        return (.scroll(scroll), [was.name])
      case .during(let gesture, let meanwhile):
        var seen: Set<String> = []
        let steps = meanwhile.map { timed in
          let (step, names) = positions(timed.step, to: position)
          seen.formUnion(names)
          return TimedStep(after: timed.after, step: step)
        }
        return (.during(gesture, meanwhile: steps), seen)
      default: return (step, [])
      }
    }
    func drawn(_ explorer: Explorer) -> (steps: [[Step]], positions: Set<String>) {
      var all: Set<String> = []
      let scripts = (0..<200).map { attempt in
        explorer.script(seed: 1, attempt: attempt).steps.map { step in
          let (normalised, names) = positions(step, to: .start)
          all.formUnion(names)
          return normalised
        }
      }
      return (scripts, all)
    }
    let feed = try fitted("cardfeed@2")
    #expect(feed.grammar.itemPositions == [.start])
    let list = try fitted("plain@1")
    #expect(list.grammar.itemPositions == ProgrammaticScroll.ItemPosition.allCases)
    var unfitted = feed
    unfitted.grammar.itemPositions = ProgrammaticScroll.ItemPosition.allCases
    let (fittedScripts, fittedPositions) = drawn(feed)
    let (unfittedScripts, unfittedPositions) = drawn(unfitted)
    #expect(fittedPositions == ["start"])
    #expect(unfittedPositions == ["start", "center", "end"])
    #expect(fittedScripts == unfittedScripts)
  }

  @Test func theDocsListEveryKind() throws {
    let page = try String(
      contentsOf: ScriptJSONTests.root.appendingPathComponent("docs/explore.md"), encoding: .utf8)
    for (engine, kinds) in Self.documented {
      for kind in kinds {
        #expect(page.contains("| `\(engine)` | `\(kind)` |"), "docs/explore.md: \(engine) \(kind)")
      }
    }
  }
}
