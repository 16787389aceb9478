// The frame clock and the order of events and frames.

import Replay
import Testing
import TraceIngest

@Suite struct FrameClockTests {
  @Test(arguments: [60.0, 120.0, 240.0, 59.94])
  func framesDoNotDriftOverAMillionFrames(rate: Double) {
    let clock = FrameClock(refreshRate: rate, origin: 1_000)
    let frame: Int64 = 1_000_000
    let exact = 1_000 + Double(frame) * 1e9 / rate
    #expect(abs(Double(clock.time(ofFrame: frame)) - exact) <= 0.5)
    #expect(clock.time(ofFrame: 0) == 1_000)
  }

  @Test func frameAtOrAfterIsTheFirstFrameNotBeforeATime() {
    let clock = FrameClock(refreshRate: 120)
    #expect(clock.frame(atOrAfter: 0) == 0)
    #expect(clock.frame(atOrAfter: 1) == 1)
    #expect(clock.frame(atOrAfter: 8_333_333) == 1)
    #expect(clock.frame(atOrAfter: 8_333_334) == 2)
    #expect(clock.frame(atOrAfter: -1) == 0)
    for t in stride(from: Int64(0), to: 100_000_000, by: 777_777) {
      let frame = clock.frame(atOrAfter: t)
      #expect(clock.time(ofFrame: frame) >= t)
      #expect(clock.time(ofFrame: frame - 1) < t)
    }
  }

  /// Property test over hostile times (found by FuzzReplay): an origin at 0 and times near
  /// Int64.min used to walk, frame by frame, a band of 2.8 × 10⁹ frames where the time saturated.
  ///
  /// The answer is found in a few steps anywhere, and it is the first frame not before the time.
  @Test func frameAtOrAfterHoldsAtTheEndsOfTime() {
    var generator = SystemRandomNumberGenerator()
    let origins: [Int64] = [0, .min, .max, .min + 1, .max - 1, -4_611_686_018_427_387_904, 1_000]
    let fixed: [Int64] = [
      .min, .min + 1, .min + 8_333_333, -9_200_000_000_000_000_000, 0, .max - 1, .max,
    ]
    for rate in [120.0, 1000, 59.94, 1e-6] {
      for origin in origins {
        let clock = FrameClock(refreshRate: rate, origin: origin)
        for t in fixed + (0..<40).map({ _ in Int64.random(in: .min ... .max, using: &generator) }) {
          let frame = clock.frame(atOrAfter: t)
          #expect(clock.time(ofFrame: frame) >= t, "rate \(rate) origin \(origin) t \(t)")
          #expect(
            frame == .min || clock.time(ofFrame: frame - 1) < t,
            "rate \(rate) origin \(origin) t \(t) frame \(frame)")
        }
      }
    }
    // The time saturates only beyond Int64's range, so it never decreases with the frame.
    let clock = FrameClock(refreshRate: 120, origin: 0)
    let edge = clock.frame(atOrAfter: .min + 1)
    for frame in (edge - 3)...(edge + 3) {
      #expect(clock.time(ofFrame: frame) <= clock.time(ofFrame: frame + 1))
    }
    #expect(clock.time(ofFrame: edge) > .min)
  }

  static func steps(_ events: [TraceEvent], rate: Double = 100, trailing: Int = 0) -> [ReplayStep] {
    var schedule = FrameSchedule(
      events: events.makeIterator(), refreshRate: rate, trailingFrames: trailing)
    var steps: [ReplayStep] = []
    while let step = schedule.next() { steps.append(step) }
    return steps
  }

  @Test func eventsApplyBeforeTheFirstFrameAtOrAfterThem() {
    let a = TraceEvent(timestamp: 0, .marker("a"))
    let b = TraceEvent(timestamp: 15_000_000, .marker("b"))
    let c = TraceEvent(timestamp: 20_000_000, .marker("c"))
    let steps = Self.steps([a, b, c], rate: 100, trailing: 2)
    #expect(
      steps == [
        .event(a), .frame(index: 0, time: 0), .frame(index: 1, time: 10_000_000), .event(b),
        .event(c), .frame(index: 2, time: 20_000_000), .frame(index: 3, time: 30_000_000),
      ])
  }

  @Test func frameTicksDriveTheFramesWhenPresent() {
    let touch = TraceEvent(timestamp: 5, .marker("t"))
    let events = [
      TraceEvent(timestamp: 0, .frameTick), touch, TraceEvent(timestamp: 16_000_000, .frameTick),
      TraceEvent(timestamp: 33_500_000, .frameTick),
    ]
    let steps = Self.steps(events, rate: 60, trailing: 1)
    #expect(
      steps == [
        .frame(index: 0, time: 0), .event(touch), .frame(index: 1, time: 16_000_000),
        .frame(index: 2, time: 33_500_000), .frame(index: 3, time: 33_500_000 + 16_666_667),
      ])
  }

  @Test func theSameTraceGivesTheSameSchedule() throws {
    let script = try GestureScript.decode(
      json: Array(
        #"{"device": {"screen": [390, 844], "refreshRate": 120}, "scene": {"pages": 2}, "steps": [{"fling": {"from": [300, 400], "velocity": [-2000, 0]}}, {"wait": 0.5}]}"#
          .utf8))
    let events = try Synthesizer(script: script).events()
    let first = Self.steps(events, rate: 120, trailing: 10)
    #expect(first == Self.steps(events, rate: 120, trailing: 10))
    let frames = first.compactMap {
      if case .frame(_, let time) = $0 { return time } else { return nil }
    }
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 > $0 })
    #expect(
      first.filter { if case .event = $0 { return true } else { return false } }.count
        == events.count)
  }
}
