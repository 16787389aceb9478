// A script written as JSON reads back as the same script: the samples, and drawn scripts.

import Explore
import Foundation
import PropertyBased
import Replay
import Testing
import TraceIngest

@Suite struct ScriptJSONTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test(arguments: ["pager-rotation", "cardfeed-mixed", "nested-container"])
  func theSampleScriptsReadBackAsThemselves(_ name: String) throws {
    let url = Self.root.appendingPathComponent("Traces/scripts/\(name).json")
    let script = try GestureScript.decode(json: Array(try Data(contentsOf: url)))
    let again = try GestureScript.decode(json: Array(script.json.utf8))
    #expect(again == script)
    #expect(again.json == script.json)  // canonical
    // And the trace is the same, byte for byte.
    #expect(try TrialRunner.trace(of: again) == TrialRunner.trace(of: script))
  }

  @Test func stepsMeanwhileReadBackAndHappenMidGesture() throws {
    let text = """
      { "device": { "screen": [393, 852] }, "scene": { "pages": 3 },
        "steps": [ { "drag": { "from": [300, 400], "by": [-200, 0], "duration": 0.4,
          "meanwhile": [ { "after": 0.2, "step": { "rotate": { "duration": 0.3 } } } ] } } ] }
      """
    let script = try GestureScript.decode(json: Array(text.utf8))
    guard case .during(let gesture, let meanwhile) = script.steps[0] else {
      Issue.record("not a step with steps meanwhile: \(script.steps[0])")
      return
    }
    #expect(gesture.isGesture && meanwhile.count == 1 && meanwhile[0].after == 0.2)
    #expect(try GestureScript.decode(json: Array(script.json.utf8)) == script)
    // The rotation's viewport change comes 0.2 s into the drag, between its samples.
    let events = try Synthesizer(script: script).events()
    let rotation = try #require(events.first { $0.kind == .viewport && $0.timestamp > 0 })
    #expect(rotation.timestamp == 200_000_000)
    #expect(events.contains { $0.touch != nil && $0.timestamp > rotation.timestamp })
    for bad in [#""after": 0.5"#, #""after": -1"#] {
      let refused = text.replacingOccurrences(of: #""after": 0.2"#, with: bad)
      #expect(throws: ScriptError.self) { try GestureScript.decode(json: Array(refused.utf8)) }
    }
  }

  /// Any seed draws a script that reads back as itself and synthesizes, on every engine's stock
  /// scene: the grammar makes only valid steps.
  @Test func drawnScriptsReadBackAndSynthesize() async {
    let bases = EngineRegistry.builtIn.entries.map { Explorer.stockBase(for: $0) }
    await propertyCheck(
      count: 400, input: Gen.int(in: 0...(1 << 40)), Gen.int(in: 0...(bases.count - 1))
    ) {
      seed, base in
      let script = ScriptGrammar().script(seed: UInt64(seed), base: bases[base])
      let again = try? GestureScript.decode(json: Array(script.json.utf8))
      #expect(again == script, "\(script.json)")
      #expect((try? TrialRunner.trace(of: script)) != nil, "\(script.json)")
    }
  }

  @Test func aSeedDrawsTheSameScriptEveryTime() {
    let base = Explorer.stockBase(for: EngineRegistry.builtIn.entry(named: "cardfeed@2")!)
    #expect(
      ScriptGrammar().script(seed: 42, base: base) == ScriptGrammar().script(seed: 42, base: base))
    #expect(
      ScriptGrammar().script(seed: 42, base: base) != ScriptGrammar().script(seed: 43, base: base))
  }
}
