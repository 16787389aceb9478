// What explore finds on the v2 engines within a stated budget (seed 1, 300 scripts each), pinned:
// each kind is a documented limit in docs/explore.md, and a fix (or a new finding) changes this
// test and that page together.

import Explore
import Foundation
import Replay
import Testing

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
      .run(seed: 1, count: 300, jobs: 2)
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
