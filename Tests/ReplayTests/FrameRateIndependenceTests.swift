// The same synthesized gestures replayed at 60, 120 and 240 Hz come to rest in the same place, and
// that place is the closed form's.

import Foundation
import Replay
import Testing
import TraceIngest

@Suite struct FrameRateIndependenceTests {
  /// A list of `rows` rows of 300 pt driven by `steps`, at `rate` Hz.
  static func script(rate: Double, rows: Int = 100, steps: String) throws -> (
    TraceHeader, [TraceEvent]
  ) {
    let json = """
      {
        "device": { "screen": [390, 844], "scale": 3, "refreshRate": \(rate), "touchRate": 120 },
        "seed": 5, "jitter": { "position": 0.3, "timing": 0.0005 },
        "viewport": { "size": [390, 844], "safeArea": { "top": 47, "bottom": 34 } },
        "scene": { "list": [{ "length": 300, "reuse": "row", "repeat": \(rows) }], "axis": "vertical" },
        "steps": \(steps)
      }
      """
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json.utf8)))
    return (synthesizer.header, try synthesizer.events())
  }

  /// Records the release velocity and the projected target.
  struct Probe: ScrollEngine {
    let descriptor = EngineDescriptor(name: "probe", version: 1, summary: "test", source: "test")
    var releases: [(offset: Point, velocity: Point, target: Point)] = []
    mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {}
    mutating func scrollViewWillEndDragging(
      _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point
    ) {
      releases.append((scrollView.contentOffset, velocity, targetContentOffset))
    }
  }

  /// Replays and returns the frames and the probe.
  static func replay(_ header: TraceHeader, _ events: [TraceEvent]) throws -> ([ReplayFrame], Probe)
  {
    var session = ReplaySession(header: header, engine: Probe())
    var schedule = FrameSchedule(
      events: events.makeIterator(), refreshRate: header.device.refreshRate,
      trailingFrames: Int(header.device.refreshRate * 8))
    var frames: [ReplayFrame] = []
    while let step = schedule.next() {
      if let frame = try session.step(step) { frames.append(frame) }
    }
    return (frames, session.engine)
  }

  @Test func flingRestsInOnePlaceAtEveryRate() throws {
    let steps =
      #"[{ "wait": 0.3 }, { "fling": { "from": [195, 700], "velocity": [0, -3200], "duration": 0.09 } }, { "wait": 0.2 }]"#
    var rests: [Double] = []
    for rate in [60.0, 120.0, 240.0] {
      let (header, events) = try Self.script(rate: rate, steps: steps)
      let (frames, probe) = try Self.replay(header, events)
      let last = try #require(frames.last)
      #expect(last.phase == .idle)
      let release = try #require(probe.releases.first)
      // The closed form: x₀ − v₀/(1000 ln d); the stop rule leaves at most 0.5 pt of it.
      let closedForm =
        release.offset.y + DecelerationRate.normal.decayDistance(velocity: release.velocity.y)
      #expect(abs(last.contentOffset.y - closedForm) <= 0.5 + 1e-9, "at \(rate) Hz")
      #expect(release.target.y == closedForm)
      #expect(release.velocity.y > 2500 && release.velocity.y < 4000)
      rests.append(last.contentOffset.y)
    }
    #expect(rests.max()! - rests.min()! <= 0.5)
    // Touches apply at their own times, so the rest is in fact identical.
    #expect(Set(rests).count == 1)
  }

  @Test func bounceRestsOnTheEdgeAtEveryRate() throws {
    // A fling past the end of a 3000 pt list: the bounce ends on the edge at every rate.
    let steps =
      #"[{ "wait": 0.3 }, { "fling": { "from": [195, 700], "velocity": [0, -6000], "duration": 0.09 } }]"#
    var rests: [Point] = []
    for rate in [60.0, 120.0, 240.0] {
      let (header, events) = try Self.script(rate: rate, rows: 10, steps: steps)
      let (frames, _) = try Self.replay(header, events)
      #expect(frames.contains { $0.phase == .bouncing }, "at \(rate) Hz")
      rests.append(try #require(frames.last).contentOffset)
    }
    #expect(Set(rests.map(\.y)).count == 1)
    #expect(rests[0].y == 3000 + 34 - 844)
  }

  @Test func replayIsBitIdenticalAcrossRuns() throws {
    let steps =
      #"[{ "wait": 0.3 }, { "drag": { "from": [195, 700], "by": [0, -300], "duration": 0.3, "releaseVelocity": [0, -1500] } }, { "wait": 0.4 }, { "fling": { "from": [195, 300], "velocity": [0, 2500] } }]"#
    let (header, events) = try Self.script(rate: 120, steps: steps)
    let (a, _) = try Self.replay(header, events)
    let (b, _) = try Self.replay(header, events)
    #expect(a == b)
    #expect(a.count > 100)
  }
}
