// ddmin and the reducers on their own terms: 1-minimal results, valid traces, the finding kept.

import Analyze
import Replay
import Testing
import TraceIngest

@testable import Explore

@Suite struct ReductionTests {
  /// paging@1 resting between tabs after a rotation mid-fling, as `reduce` left it.
  static let pagingFinding = """
    {
      "device": { "name": "iPhone 15 Pro", "screen": [393, 852], "scale": 3, "refreshRate": 120, "touchRate": 60 },
      "seed": 0,
      "viewport": { "size": [393, 852], "safeArea": { "top": 59, "bottom": 34 } },
      "scene": { "pages": 5, "axis": "horizontal" },
      "steps": [
        { "rotate": { "duration": 0.3 } },
        { "fling": { "from": [460, 150], "velocity": [-1500, 0], "duration": 0.08 } },
        { "rotate": { "duration": 0.3 } },
        { "wait": 0.89 },
        { "hold": { "at": [370, 60], "duration": 0.1 } }
      ]
    }
    """

  @Test func ddminFindsTheFailingPairAndIsOneMinimal() {
    var tests = 0
    let result = ddmin(Array(0..<40)) { candidate in
      tests += 1
      return candidate.contains(7) && candidate.contains(31)
    }
    #expect(result == [7, 31])
    #expect(tests < 80)
    #expect(ddmin([5]) { $0.contains(5) } == [5])
    #expect(ddmin([1, 2, 3]) { _ in true } == [])
  }

  @Test func aSignatureReadsBackFromItsText() {
    for text in [
      "glitch after resize while decelerating", "jump:sceneEdit after sceneEdit while idle", "live",
      "regression:work.viewsCreated", "error:replayFailed",
    ] {
      #expect(Signature(text)?.description == text)
    }
    #expect(Signature("glitch after") == nil || Signature("glitch after")?.trigger == "")
    #expect(Signature("nonsense after resize") == nil)
    #expect(Signature("glitch sideways") == nil)
  }

  /// A trace reduces to fewer events that still show the finding, and stays a valid trace: every
  /// touch begins and ends.
  @Test func aTraceReducesByWholeTouchesAndStaysValid() throws {
    let engine = try #require(EngineRegistry.builtIn.entry(named: "paging@1"))
    let script = try GestureScript.decode(json: Array(Self.pagingFinding.utf8))
    let runner = TrialRunner(engine: engine, checks: [Check(.glitch)])
    let bytes = try TrialRunner.trace(of: script)
    let keep = try #require(runner.run(trace: bytes, name: "t.sctrace").findings.first).signature
    // Some noise to take out: another tap at the end, after the glitch.
    var trace = TraceEvents(
      header: Synthesizer(script: script).header, events: try Synthesizer(script: script).events())
    let end = try #require(trace.events.last?.timestamp)
    let tap: [(Int64, TouchSample.Phase)] = [(0, .began), (40, .moved), (80, .ended)]
    for (offset, phase) in tap {
      trace.events.append(
        TraceEvent(
          timestamp: end + 100_000_000 + offset * 1_000_000,
          .touch(TouchSample(touchID: 99, phase: phase, location: Point(x: 100, y: 100)))))
    }
    let reduction = try TraceReducer(runner: runner, keep: [keep]).reduce(trace)
    #expect(reduction.finding.signature == keep)
    #expect(reduction.trace.events.count < trace.events.count)
    var open: Set<UInt32> = []
    for event in reduction.trace.events {
      guard let touch = event.touch else { continue }
      if touch.phase == .began { #expect(open.insert(touch.touchID).inserted) }
      if touch.phase == .ended || touch.phase == .cancelled {
        #expect(open.remove(touch.touchID) != nil)
      }
    }
    #expect(open.isEmpty)
    // A rest is timed until the next event: one of the two taps after it stays, not both.
    let touches = Set(reduction.trace.events.compactMap { $0.touch?.touchID })
    #expect(touches.count < Set(trace.events.compactMap { $0.touch?.touchID }).count)
  }
}

@Suite struct PredicateTests {
  /// A team's own check finds and reduces like a built-in one.
  @Test func aPredicateOfOnesOwnExploresAndReduces() throws {
    let engine = try #require(EngineRegistry.builtIn.entry(named: "cardfeed@1"))
    let views = Predicate(name: "views") { summary, _ in
      summary.reuse.viewsCreated > 8
        ? [
          Finding(
            signature: Signature(kind: .churn, detail: "views"),
            size: Double(summary.reuse.viewsCreated),
            detail: "\(summary.reuse.viewsCreated) views created")
        ]
        : []
    }
    let runner = TrialRunner(engine: engine, checks: [], predicates: [views])
    let explorer = Explorer(runner: runner, base: Explorer.stockBase(for: engine))
    let result = try explorer.run(seed: 3, count: 30)
    let discovery = try #require(result.discoveries.first)
    #expect(discovery.finding.signature.description == "churn:views")
    #expect(result.discoveries.count == 1)
    let reduction = try ScriptReducer(runner: runner, keep: [discovery.finding.signature])
      .reduce(discovery.script)
    #expect(reduction.script.steps.count < discovery.script.steps.count)
    #expect((reduction.finding.size ?? 0) > 8)
  }
}
