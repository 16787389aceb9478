// scrolltrace — the warm-up's script, made in code, is the script its JSON form describes.

import Testing
import TraceIngest

@testable import Pipeline

@Suite struct WarmUpTests {
  /// The warm-up as a gesture script (docs/synth.md): what `WarmUp.script` builds in code.
  private static let json = """
    {"device": {"name": "warm-up", "screen": [393, 852], "scale": 3, "refreshRate": 120,
                "touchRate": 120},
     "scene": {"pages": 3},
     "steps": [
       {"drag": {"from": [200, 600], "by": [0, -300], "duration": 0.2, "releaseVelocity": [0, -1500]}},
       {"wait": 0.4},
       {"fling": {"from": [300, 400], "velocity": [-1800, 0]}},
       {"wait": 0.4},
       {"rotate": {"duration": 0.2}},
       {"fling": {"from": [200, 300], "velocity": [0, 2000]}},
       {"wait": 0.6}
     ]}
    """

  @Test func theScriptMadeInCodeIsItsJSONForm() throws {
    let decoded = try GestureScript.decode(json: Array(Self.json.utf8))
    #expect(WarmUp.script == decoded)
  }

  @Test func theScriptMakesATraceOfTouchesAndARotation() throws {
    let events = try Synthesizer(script: WarmUp.script).events()
    #expect(events.filter { $0.kind == .touch }.count >= 30)
    #expect(events.contains { $0.kind == .viewport })
  }
}
