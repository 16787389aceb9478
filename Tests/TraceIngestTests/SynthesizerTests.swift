// Gesture scripts into traces: deterministic, realistic, and clear about mistakes.

import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct SynthesizerTests {
  static func script(_ steps: String, jitter: String = "{}", extra: String = "") throws
    -> GestureScript
  {
    let json = """
      {"device": {"screen": [390, 844], "touchRate": 120}, "seed": 3, "jitter": \(jitter), \(extra)
       "scene": {"pages": 3}, "steps": \(steps)}
      """
    return try GestureScript.decode(json: Array(json.utf8))
  }

  static func touches(_ events: [TraceEvent]) -> [(Int64, TouchSample)] {
    events.compactMap {
      if case .touch(let t) = $0.payload { return ($0.timestamp, t) } else { return nil }
    }
  }

  @Test func aDragIsSampledAtTheTouchRateAndEndsWhereItSays() throws {
    let events = try Synthesizer(
      script: Self.script(#"[{"drag": {"from": [300, 400], "by": [-240, 0], "duration": 0.25}}]"#)
    ).events()
    let touches = Self.touches(events)
    #expect(touches.count == 31)  // 0.25 s at 120 Hz: 30 intervals
    #expect(touches.first?.1.phase == .began)
    #expect(touches.last?.1.phase == .ended)
    #expect(touches.last?.0 == 250_000_000)
    #expect(touches.last?.1.location == Point(x: 60, y: 400))
    let gaps = zip(touches, touches.dropFirst()).map { $1.0 - $0.0 }
    #expect(gaps.allSatisfy { abs($0 - 8_333_000) <= 1000 })
  }

  @Test(arguments: [-1400.0, -600.0, 0.0])
  func aDragLiftsAtItsReleaseVelocity(velocity: Double) throws {
    let events = try Synthesizer(
      script: Self.script(
        #"[{"drag": {"from": [300, 400], "by": [-240, 0], "duration": 0.25, "releaseVelocity": [\#(velocity), 0]}}]"#
      )
    ).events()
    let touches = Self.touches(events)
    let (t1, a) = touches[touches.count - 2]
    let (t2, b) = touches[touches.count - 1]
    let measured = (b.location.x - a.location.x) / (Double(t2 - t1) / 1e9)
    let profile = try TouchProfile.drag(
      translation: Point(x: -240, y: 0), releaseVelocity: Point(x: velocity, y: 0), duration: 0.25)
    #expect(profile.velocity(at: 1).x == velocity)
    // A difference over the last interval is the velocity at its middle (exact for a quadratic,
    // within 1 pt/s here), up to the 1/256 pt grid.
    #expect(abs(measured - profile.velocity(at: 1 - 0.5 / 30).x) <= 1)
  }

  @Test func aFlingTravelsHalfItsVelocityTimesItsDuration() throws {
    let events = try Synthesizer(
      script: Self.script(
        #"[{"fling": {"from": [200, 600], "velocity": [0, -3000], "duration": 0.08}}]"#)
    ).events()
    let touches = Self.touches(events)
    #expect(touches.last?.1.location == Point(x: 200, y: 480))
  }

  @Test func sameScriptSameBytes() throws {
    let script = try Self.script(
      #"[{"drag": {"from": [300, 400], "by": [-240, 0], "duration": 0.25}}, {"rotate": {}}, {"wait": 1}]"#,
      jitter: #"{"position": 0.3, "timing": 0.0005}"#, extra: #""frameTicks": true,"#)
    let synthesizer = Synthesizer(script: script)
    let a = try TraceWriter.encode(header: synthesizer.header, events: try synthesizer.events())
    let b = try TraceWriter.encode(header: synthesizer.header, events: try synthesizer.events())
    #expect(a == b)
    let (_, decoded) = try readAll(a)
    #expect(decoded == (try synthesizer.events()))
    #expect(decoded.filter { $0.kind == .frameTick }.count == 187)  // 1.55 s at 120 Hz, both ends
  }

  @Test func rotationSwapsTheViewportAndTurnsTheSafeArea() throws {
    let script = try GestureScript.decode(
      json: Array(
        #"""
        {"device": {"screen": [390, 844]}, "viewport": {"size": [390, 844], "safeArea": {"top": 47, "bottom": 34}},
         "scene": {"pages": 2}, "steps": [{"rotate": {"duration": 0.4}}]}
        """#.utf8))
    let viewports = try Synthesizer(script: script).events().compactMap {
      event -> ViewportChange? in
      if case .viewport(let v) = event.payload { return v } else { return nil }
    }
    #expect(
      viewports.last
        == ViewportChange(
          size: Size(width: 844, height: 390),
          safeAreaInsets: EdgeInsets(top: 0, left: 34, bottom: 0, right: 47),
          transitionDuration: 400_000_000))
  }

  @Test func anImpossibleDragNamesTheStep() throws {
    let script = try Self.script(
      #"[{"wait": 1}, {"drag": {"from": [0, 0], "by": [10, 0], "duration": 0.5, "releaseVelocity": [5000, 0]}}]"#
    )
    #expect { try Synthesizer(script: script).events() } throws: { error in
      (error as? ScriptError)?.path == "steps[1]"
    }
  }

  @Test(arguments: [
    (
      #"{"device": {"screen": [390, 844]}, "scene": {"pages": 3}, "steps": [{"drag": {"from": [1, 2], "by": [3, 4]}}]}"#,
      "steps[0].drag.duration"
    ),
    (
      #"{"device": {"screen": [390, 844]}, "scene": {"pages": 3}, "steps": [{"hop": 1}]}"#,
      "steps[0]"
    ),
    (#"{"device": {"screen": [390]}, "scene": {"pages": 3}, "steps": []}"#, "device.screen[1]"),
    (#"{"device": {"screen": [390, 844]}, "steps": []}"#, "scene"),
    (
      #"{"device": {"screen": [390, 844]}, "scene": {"pages": 3}, "steps": [{"wait": -1}]}"#,
      "steps[0].wait"
    ),
  ])
  func malformedScriptsNameTheKey(json: String, path: String) {
    #expect { try GestureScript.decode(json: Array(json.utf8)) } throws: { error in
      (error as? ScriptError)?.path == path
    }
  }

  @Test func aClean120HertzTouchStreamTakesAtMostThreeBytesPerEvent() throws {
    var steps: [String] = []
    for i in 0..<200 {
      steps.append(
        #"{"fling": {"from": [200, 600], "velocity": [0, \#(i % 2 == 0 ? -2500 : 2500)], "duration": 0.09}}"#
      )
      steps.append(
        #"{"drag": {"from": [200, 650], "by": [0, -300], "duration": 0.6, "releaseVelocity": [0, -800]}}"#
      )
    }
    let synthesizer = Synthesizer(script: try Self.script("[" + steps.joined(separator: ",") + "]"))
    let events = try synthesizer.events()
    let bytes = try TraceWriter.encode(header: synthesizer.header, events: events)
    #expect(events.count > 15_000)
    #expect(Double(bytes.count) / Double(events.count) <= 3)
  }
}
