// scrolltrace — a trackpad's and a mouse wheel's scrolls (format 1.9) replayed through the pan.

import Replay
import Testing
import TraceCore
import TraceIngest

@Suite struct ScrollInputTests {
  /// The frames of `steps` on a list of 200 rows of 120 pt in an iPad's 820 × 1180 pt viewport,
  /// replayed on the plain engine at 120 Hz.
  static func frames(_ steps: String) throws -> [ReplayFrame] {
    let json = """
      {
        "device": { "screen": [820, 1180], "scale": 2, "refreshRate": 120, "touchRate": 120 },
        "viewport": { "size": [820, 1180] },
        "scene": { "list": [{ "length": 120, "reuse": "row", "repeat": 200 }], "axis": "vertical" },
        "steps": \(steps)
      }
      """
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json.utf8)))
    var session = ReplaySession(header: synthesizer.header, engine: PlainEngine())
    var schedule = FrameSchedule(
      events: try synthesizer.events().makeIterator(),
      refreshRate: synthesizer.header.device.refreshRate, trailingFrames: 2)
    var frames: [ReplayFrame] = []
    while let step = schedule.next() {
      if let frame = try session.step(step) { frames.append(frame) }
    }
    return frames
  }

  /// A scroll has no slop: under the fingers the content follows the whole translation, where a
  /// finger's drag of the same path moves it by the translation less the slop; the pan tracks while
  /// it goes on, and nothing of it is a touch.
  @Test func aScrollFollowsItsWholeTranslation() throws {
    let scroll = try Self.frames(
      #"[{ "wait": 0.1 }, { "trackpad": { "by": [0, -400], "duration": 0.4 } }, { "wait": 3 }, { "marker": "end" }]"#
    )
    let drag = try Self.frames(
      #"[{ "wait": 0.1 }, { "drag": { "from": [400, 900], "by": [0, -400], "duration": 0.4 } }, { "wait": 3 }, { "marker": "end" }]"#
    )
    // The last frame under the fingers, one sample before the end, where the motion eases to a
    // stop: the drag lags by the first sample's motion past the slop (10 pt, and the 2 pt more the
    // finger moved by that sample).
    let scrolled = try #require(scroll.last { $0.isTracking }).contentOffset.y
    let dragged = try #require(drag.last { $0.isTracking }).contentOffset.y
    #expect(scrolled > 397 && scrolled <= 400, "\(scrolled)")
    let slop = ScrollViewConfiguration().touchSlop
    #expect(scrolled - dragged >= slop && scrolled - dragged < slop + 3, "\(scrolled - dragged)")
    #expect(scroll.contains { $0.isTracking && $0.phase == .dragging })
    #expect(try #require(scroll.last).isAtRest)
    #expect(scroll.allSatisfy { $0.touchLocation == nil })
  }

  /// A scroll that ends moving decelerates as a finger's release at the same speed does, and a
  /// wheel's scroll is replayed as a trackpad's; a cancelled scroll stops where it is.
  @Test func aScrollReleasesAsAFingerDoes() throws {
    let trackpad = try Self.frames(
      #"[{ "wait": 0.1 }, { "trackpad": { "by": [0, -300], "duration": 0.2, "releaseVelocity": [0, -3000] } }, { "wait": 3 }, { "marker": "end" }]"#
    )
    let wheel = try Self.frames(
      #"[{ "wait": 0.1 }, { "trackpad": { "by": [0, -300], "duration": 0.2, "releaseVelocity": [0, -3000], "source": "discrete" } }, { "wait": 3 }, { "marker": "end" }]"#
    )
    #expect(trackpad.map(\.contentOffset) == wheel.map(\.contentOffset))
    #expect(trackpad.contains { $0.phase == .decelerating })
    let travelled = try #require(trackpad.last).contentOffset.y
    // 300 pt under the fingers, then UIKit's deceleration from about 3,000 pt/s: about 1,500 more.
    #expect(travelled > 1_500 && travelled < 2_200, "\(travelled)")
  }

  /// While a scroll goes on, touches are ignored, and while a finger is down, a scroll is.
  @Test func oneGestureAtATime() {
    var pan = PanRecognizer(touchSlop: 10)
    #expect(pan.handle(ScrollInput(phase: .began, translation: .zero), at: 0) == .began)
    #expect(pan.isTracking && pan.isScrolling)
    #expect(
      pan.handle(TouchSample(touchID: 1, phase: .began, location: Point(x: 1, y: 1)), at: 1) == nil)
    #expect(
      pan.handle(ScrollInput(phase: .changed, translation: Point(x: 0, y: 30)), at: 2) == .changed)
    #expect(pan.translation == Point(x: 0, y: 30))
    #expect(
      pan.handle(ScrollInput(phase: .cancelled, translation: Point(x: 0, y: 30)), at: 3)
        == .ended(velocity: .zero))
    #expect(!pan.isTracking)
    #expect(
      pan.handle(ScrollInput(phase: .changed, translation: .zero), at: 4) == nil,
      "no scroll goes on")
    #expect(
      pan.handle(TouchSample(touchID: 1, phase: .began, location: Point(x: 1, y: 1)), at: 5)
        == .touchDown)
    #expect(pan.handle(ScrollInput(phase: .began, translation: .zero), at: 6) == nil)
  }

  /// The directional lock holds a scroll to the axis of its first motion, as a finger's is held
  /// to the axis it passes the slop along.
  @Test func theDirectionalLockHoldsAScroll() {
    var pan = PanRecognizer(touchSlop: 10, isDirectionalLockEnabled: true)
    _ = pan.handle(ScrollInput(phase: .began, translation: .zero), at: 0)
    _ = pan.handle(ScrollInput(phase: .changed, translation: Point(x: 1, y: 20)), at: 1)
    _ = pan.handle(ScrollInput(phase: .changed, translation: Point(x: 80, y: 30)), at: 2)
    #expect(pan.lockedAxis == .vertical)
    #expect(pan.translation == Point(x: 0, y: 30))
  }
}
