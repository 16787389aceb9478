// Busy time charged to the frame it delays: run loops simulated call by call, and a real Core
// Foundation run loop driven pass by pass with UIKit's commit stood in by an observer at its order.

import CoreFoundation
import Foundation
import Testing

@testable import ScrollTraceRecorder
@testable import TraceCore

@Suite struct FrameAttributionTests {
  /// The observations of the trace at `path`, with their event times.
  private func frames(_ path: String) throws -> [(Int64, ObservedFrame)] {
    try readEvents(path).1.compactMap { event in
      if case .observedFrame(let frame) = event.payload { return (event.timestamp, frame) }
      return nil
    }
  }

  private func recorder(_ path: String) throws -> TraceRecorder {
    try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice, eventsPerHandOff: 2))
  }

  /// Frame 1's pass: 2 ms of touch handling, the callback, then 5 ms of layout and commit.
  ///
  /// Frame 2's
  /// pass does 1 ms in all. The commit counts for frame 1, whose display it delays, and the offset
  /// is the one the pass committed, not the one at the callback.
  @Test func theCommitAfterTheCallbackIsChargedToItsFrame() throws {
    let path = try temporaryTrace()
    let recorder = try recorder(path)
    let before = ScrollViewGeometry(
      contentOffset: Point(x: 0, y: 100), boundsSize: Size(width: 390, height: 844),
      contentSize: Size(width: 390, height: 5_000))
    var after = before
    after.contentOffset.y = 125
    recorder.runLoopDidWake(at: 10.000)
    recorder.recordTouch(
      ObjectIdentifier(recorder), phase: .began, location: Point(x: 1, y: 1), timestamp: 9.999)
    recorder.recordFrame(timestamp: 10.000, targetTimestamp: 10.008, geometry: before)
    #expect(recorder.hasOpenFrame)
    // Nothing is written before the pass ends, whatever the batch size.
    recorder.recordTouch(
      ObjectIdentifier(recorder), phase: .moved, location: Point(x: 1, y: 2), timestamp: 10.001)
    recorder.runLoopDidFinishPass(at: 10.007, sleeping: true, geometry: after)
    #expect(!recorder.hasOpenFrame)
    // An idle wake between frames (a timer): its work delays frame 2.
    recorder.runLoopDidWake(at: 10.010)
    recorder.runLoopDidFinishPass(at: 10.0105, sleeping: true)
    recorder.runLoopDidWake(at: 10.0166)
    recorder.recordFrame(timestamp: 10.0166, targetTimestamp: 10.025, geometry: after)
    recorder.runLoopDidFinishPass(at: 10.0176, sleeping: false)
    recorder.stop()

    let observed = try frames(path)
    #expect(observed.count == 2)
    #expect(observed.map(\.0) == [10_000_000_000, 10_016_600_000])
    #expect(observed[0].1.busyDuration == 7_000_000)
    #expect(observed[0].1.contentOffset == Point(x: 0, y: 125))
    #expect(observed[1].1.busyDuration == 1_500_000)
  }

  /// Without run-loop notifications the frame is written at its callback, with no busy time; a
  /// pass that never reports its end gives its frame what ended before the next callback.
  @Test func framesWithoutAPassEndAreWrittenAnyway() throws {
    let path = try temporaryTrace()
    let recorder = try recorder(path)
    recorder.recordFrame(
      timestamp: 1, targetTimestamp: 1.008, contentOffset: .zero,
      contentSize: Size(width: 1, height: 1))
    #expect(!recorder.hasOpenFrame)
    recorder.runLoopDidWake(at: 1.010)
    recorder.runLoopWillSleep(at: 1.012)
    recorder.runLoopDidWake(at: 1.016)
    recorder.recordFrame(
      timestamp: 1.016, targetTimestamp: 1.025, contentOffset: .zero,
      contentSize: Size(width: 1, height: 1))
    recorder.recordFrame(
      timestamp: 1.025, targetTimestamp: 1.033, contentOffset: .zero,
      contentSize: Size(width: 1, height: 1))
    recorder.flush()
    #expect(!recorder.hasOpenFrame, "a flush writes the open frame")
    recorder.stop()
    let busy = try frames(path).map(\.1.busyDuration)
    // The second frame: the 2 ms that ended before the third callback; the third: nothing ended.
    #expect(busy == [nil, 2_000_000, 0])
  }

  /// A real run loop, driven one vsync at a time.
  ///
  /// Each vsync is a source the test signals, as the display link's port would be, whose callback
  /// records a frame and works 1 ms; an observer at Core Animation's order (2 000 000) stands for
  /// the commit and works 5 ms when the callback left something to commit, on a clock the test
  /// advances. While the run loop sleeps the clock moves to the next vsync. Two recordings observe
  /// the same run loop at once, each with its own observers, and each sees every commit charged to
  /// its frame.
  @Test func aRealRunLoopChargesTheCommitToTheFrameOfEachRecording() throws {
    let runLoop = try #require(CFRunLoopGetCurrent())
    let clock = TestClock(now: 100)
    let paths = [try temporaryTrace("a"), try temporaryTrace("b")]
    let recorders = try paths.map(recorder)
    var passObservers = recorders.map { recorder in
      RunLoopPassObserver(
        runLoop: runLoop, clock: { clock.now },
        passBegan: { recorder.runLoopDidWake(at: $0) },
        passFinished: { recorder.runLoopDidFinishPass(at: $0, sleeping: $1) })
    }
    #expect(passObservers.allSatisfy { $0.isObserving })
    let commitActivities =
      CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
    let commit = try #require(
      CFRunLoopObserverCreateWithHandler(nil, commitActivities, true, 2_000_000) { _, _ in
        if clock.needsCommit { clock.now += 0.005 }
        clock.needsCommit = false
      })
    // Added after the recordings' observers at the same order, so it runs after theirs.
    let sleep = try #require(
      CFRunLoopObserverCreateWithHandler(
        nil, CFRunLoopActivity.beforeWaiting.rawValue, true, CFIndex.max
      ) { _, _ in clock.now = clock.vsync + 0.008 })
    for observer in [commit, sleep] {
      CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
    }
    defer { for observer in [commit, sleep] { CFRunLoopObserverInvalidate(observer) } }
    let vsync = VsyncSource(runLoop: runLoop) {
      clock.now += 0.001
      clock.needsCommit = true
      for recorder in recorders {
        recorder.recordFrame(
          timestamp: clock.vsync, targetTimestamp: clock.vsync + 0.008,
          contentOffset: Point(x: 0, y: clock.vsync), contentSize: Size(width: 1, height: 1))
      }
    }
    func runFrame(_ index: Int) {
      clock.vsync = 100 + Double(index) * 0.008
      vsync.signal()
      _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.000_1, false)
    }
    for index in 0..<4 { runFrame(index) }
    passObservers[1].invalidate()
    // A fifth frame only the first recording still sees the end of.
    runFrame(4)
    passObservers.removeAll()
    for recorder in recorders { recorder.stop() }

    let first = try frames(paths[0]).map(\.1.busyDuration)
    let second = try frames(paths[1]).map(\.1.busyDuration)
    // Each frame: 1 ms of callback and 5 ms of commit, from the wake at its vsync.
    #expect(first == [Int64?](repeating: 6_000_000, count: 5))
    // The second recording's last frame had no pass end: written at stop with what had ended.
    #expect(second == [Int64?](repeating: 6_000_000, count: 4) + [0])
  }
}

/// A clock the test moves: seconds since boot.
private final class TestClock {
  var now: Double
  var vsync = 0.0
  var needsCommit = false
  init(now: Double) { self.now = now }
}

/// A version-0 run-loop source whose perform callback runs `body`: the display link's stand-in.
private final class VsyncSource {
  private let source: CFRunLoopSource
  private let runLoop: CFRunLoop
  private let body: Box

  private final class Box {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  init(runLoop: CFRunLoop, _ body: @escaping () -> Void) {
    self.runLoop = runLoop
    self.body = Box(body)
    var context = CFRunLoopSourceContext()
    context.info = Unmanaged.passUnretained(self.body).toOpaque()
    context.perform = { info in
      guard let info else { return }
      Unmanaged<Box>.fromOpaque(info).takeUnretainedValue().run()
    }
    source = CFRunLoopSourceCreate(nil, 0, &context)
    CFRunLoopAddSource(runLoop, source, kCFRunLoopCommonModes)
  }

  func signal() {
    CFRunLoopSourceSignal(source)
    CFRunLoopWakeUp(runLoop)
  }

  deinit { CFRunLoopSourceInvalidate(source) }
}
