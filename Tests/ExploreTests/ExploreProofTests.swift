// Explore finds each v1 engine's published defect from a fixed seed, reduce brings it to a few
// steps, and the v2 engine does not show it; the same seed finds the same with one job or two.

import Explore
import Replay
import Testing
import TraceIngest

@Suite struct ExploreProofTests {
  static func entry(_ name: String) throws -> EngineRegistry.Entry {
    try #require(EngineRegistry.builtIn.entry(named: name))
  }

  /// Explores `engine` against the fixed engine from seed 1 for `count` scripts, looking for
  /// `metric` worse than the fixed engine's (`--baseline fixed --check regression`), reduces the
  /// first such script keeping that regression and the engine's finding of `kind` there, and
  /// checks the reduced script: a few steps, both still shown.
  func prove(
    _ engine: String, fixed: String, metric: String, kind: Check.Kind, count: Int, steps: Int
  ) throws -> GestureScript {
    let runner = TrialRunner(
      engine: try Self.entry(engine), baseline: try Self.entry(fixed),
      checks: [Check(.regression), Check(kind)])
    let explorer = Explorer(runner: runner, base: Explorer.stockBase(for: runner.engine))
    let result = try explorer.run(seed: 1, count: count)
    let regression = Signature(kind: .regression, detail: metric)
    #expect(result.discoveries.contains { $0.finding.signature == regression })
    // The first script that shows both the regression and the engine's own finding of that kind.
    var found: (script: GestureScript, own: Finding)?
    for attempt in 0..<count where found == nil {
      let script = explorer.script(seed: 1, attempt: attempt)
      let findings = try runner.run(script, name: "d.sctrace").findings
      if findings.contains(where: { $0.signature == regression }),
        let own = findings.first(where: { $0.signature.kind == kind })
      {
        found = (script, own)
      }
    }
    let (script, own) = try #require(found, "\(engine): no script of \(count) shows both")
    let keep = [regression, own.signature]
    let reduction = try ScriptReducer(runner: runner, keep: keep).reduce(script)
    #expect(reduction.script.steps.count <= steps, "\(reduction.script.json)")
    #expect(reduction.script.steps.count <= script.steps.count)
    let shown = try runner.run(reduction.script, name: "r.sctrace").findings.map(\.signature)
    #expect(keep.allSatisfy(shown.contains), "\(reduction.script.json)")
    return reduction.script
  }

  /// The Vimeo pager as first built: a rotation mid-fling leaves it resting between tabs, where
  /// paging@2 keeps its page.
  @Test func pagingVersionOneRestsBetweenTabsAfterARotation() throws {
    let script = try prove(
      "paging@1", fixed: "paging@2", metric: "boundaryGlitches.count", kind: .glitch, count: 60,
      steps: 6)
    #expect(script.steps.contains { if case .rotate = $0 { true } else { false } })
  }

  /// CardScrollView: collapsing a card it recycles moves the offset — the card feed's jump.
  @Test func cardFeedVersionOneJumpsWhenItLaysOut() throws {
    _ = try prove(
      "cardfeed@1", fixed: "cardfeed@2", metric: "offsetJumps.count", kind: .jump, count: 30,
      steps: 4)
  }

  /// The naive container lays every child list out whole: every row has a view, alive at once.
  @Test func nestedVersionOneMaterialisesEveryRow() throws {
    _ = try prove(
      "nested@1", fixed: "nested@3", metric: "reuse.peakLiveViews", kind: .live, count: 2,
      steps: 1)
  }

  /// The same seed and count give the same findings, byte for byte, on one thread or two.
  @Test func theSameSeedFindsTheSameWithAnyJobs() throws {
    let runner = TrialRunner(engine: try Self.entry("cardfeed@1"))
    let explorer = Explorer(runner: runner, base: Explorer.stockBase(for: runner.engine))
    func summary(jobs: Int) throws -> String {
      let result = try explorer.run(seed: 7, count: 48, jobs: jobs)
      return ExploreSummary(
        engine: "cardfeed@1", baseline: nil, base: "stock scene", seed: 7, checks: runner.checks,
        result: result
      ).json + result.discoveries.map { $0.script.json }.joined()
    }
    let one = try summary(jobs: 1)
    #expect(one.contains("\"findings\":[{"))
    #expect(try summary(jobs: 2) == one)
    #expect(try summary(jobs: 1) == one)
  }
}
