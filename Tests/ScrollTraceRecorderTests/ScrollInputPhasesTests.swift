// scrolltrace — the scroll view's pans that no finger makes, told from a finger's.

import ScrollTraceRecorder
import Testing
import TraceCore

@Suite struct ScrollInputPhasesTests {
  /// A pan that begins with no touch is a scroll through its end, which has none either way; a
  /// finger's pan is never one, though its end has no touch; states that are no step give none.
  @Test func aPanWithNoTouchIsAScrollToItsEnd() {
    var phases = ScrollInputPhases()
    let step = { (state: Int, touches: Int, y: Double) -> ScrollInput? in
      phases.step(stateRawValue: state, numberOfTouches: touches, translation: Point(x: 0, y: y))
    }
    #expect(step(1, 0, 0) == ScrollInput(phase: .began, translation: Point(x: 0, y: 0)))
    #expect(step(2, 0, 12) == ScrollInput(phase: .changed, translation: Point(x: 0, y: 12)))
    #expect(step(3, 0, 20) == ScrollInput(phase: .ended, translation: Point(x: 0, y: 20)))
    #expect(step(2, 0, 25) == nil, "ended: no scroll goes on")
    #expect(step(1, 1, 0) == nil, "a finger's pan")
    #expect(step(2, 1, 5) == nil)
    #expect(step(3, 0, 9) == nil, "a finger's pan ends with no touch")
    #expect(step(1, 0, 0)?.phase == .began)
    #expect(step(0, 0, 0) == nil, "possible")
    #expect(step(2, 0, .nan) == nil, "a translation that is not finite is not recorded")
    #expect(step(5, 0, 3) == ScrollInput(phase: .cancelled, translation: Point(x: 0, y: 3)))
    #expect(!phases.isScrolling)
  }

  /// A recorded scroll reads back as written, in a trace of format 1.9.
  @Test func aScrollIsRecorded() throws {
    let path = try temporaryTrace("scroll")
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(
        device: DeviceInfo(
          name: "iPad", screenSize: Size(width: 820, height: 1180), scale: 2, refreshRate: 120,
          touchSampleRate: 120)))
    let scroll = ScrollInput(phase: .changed, source: .discrete, translation: Point(x: -3, y: 42))
    recorder.recordScroll(scroll, at: 10)
    _ = recorder.stop()
    let (reader, events) = try readEvents(path)
    #expect(reader.header.version == .scrollInput)
    #expect(events.map(\.payload) == [.scroll(scroll)])
  }
}
