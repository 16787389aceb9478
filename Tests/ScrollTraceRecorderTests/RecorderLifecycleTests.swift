// What the adapter's decisions rest on, on Linux: teardown once, touches by identity, the display's
// cadence, the device's model, a rotation's safe area, and stopping without blocking.

import Foundation
import Synchronization
import Testing

@testable import ScrollTraceRecorder
@testable import TraceCore

@Suite struct RecorderLifecycleTests {
  /// A recording released without `stop()` removes what it installed, once; `stop()` then release
  /// removes it once too.
  @Test func aTeardownRunsOnceWhetherStoppedOrDropped() {
    let runs = Mutex(0)
    let hops = Mutex(0)
    let onMainThread: @Sendable (@escaping @Sendable () -> Void) -> Void = { work in
      hops.withLock { $0 += 1 }
      work()
    }
    do {
      let dropped = RecordingTeardown({ runs.withLock { $0 += 1 } }, onMainThread: onMainThread)
      #expect(!dropped.isDone)
    }
    #expect(runs.withLock { $0 } == 1, "released without run(): removed all the same")
    do {
      let stopped = RecordingTeardown({ runs.withLock { $0 += 1 } }, onMainThread: onMainThread)
      stopped.run()
      stopped.run()
      #expect(stopped.isDone)
    }
    #expect(runs.withLock { $0 } == 2, "run() twice and a release: once")
    #expect(hops.withLock { $0 } == 2, "always through the main thread")
  }

  /// Two fingers, one event carrying both; a third begins while one is down; the recognizer ends
  /// its sequence only when the last is up, and `reset()` forgets a touch never reported ended.
  @Test func touchesAreTrackedByIdentity() {
    final class Touch {}
    let (a, b, c) = (Touch(), Touch(), Touch())
    let (ia, ib, ic) = (ObjectIdentifier(a), ObjectIdentifier(b), ObjectIdentifier(c))
    var active = ActiveTouches()
    active.began([ia, ib])
    let first = active.ended([ia])
    active.began([ic])
    let second = active.ended([ib])
    let again = active.ended([ib])
    let last = active.ended([ic])
    #expect([first, second, again, last] == [false, false, false, true])
    active.began([ia])
    active.reset()
    #expect(active.count == 0)
  }

  @Test func theDisplayLinkAsksForTheDisplaysFastestRate() {
    #expect(DisplayCadence.preferredFrameRateRange(maximumFramesPerSecond: 120) == (80, 120, 120))
    #expect(DisplayCadence.preferredFrameRateRange(maximumFramesPerSecond: 60) == (60, 60, 60))
    #expect(DisplayCadence.preferredFrameRateRange(maximumFramesPerSecond: 0) == (1, 1, 1))
    let key = DisplayCadence.infoPlistKey
    #expect(key == "CADisableMinimumFrameDurationOnPhone")
    #expect(
      DisplayCadence.metadata(infoDictionary: [key: true], maximumFramesPerSecond: 120)
        == [key: "true", "displayMaximumFramesPerSecond": "120"])
    #expect(
      DisplayCadence.metadata(infoDictionary: [:], maximumFramesPerSecond: 120)[key] == "absent")
    #expect(
      DisplayCadence.metadata(infoDictionary: nil, maximumFramesPerSecond: 60)[key] == "absent")
    #expect(
      DisplayCadence.metadata(
        infoDictionary: [key: NSNumber(value: 1)], maximumFramesPerSecond: 120)[key] == "true")
    #expect(
      DisplayCadence.metadata(infoDictionary: [key: "NO"], maximumFramesPerSecond: 120)[key]
        == "false")
  }

  @Test func theDeviceIsNamedByItsModelNeverItsOwner() {
    #expect(DeviceModel.identifier(machine: "iPhone15,2", environment: [:]) == "iPhone15,2")
    #expect(
      DeviceModel.identifier(
        machine: "arm64", environment: ["SIMULATOR_MODEL_IDENTIFIER": "iPhone17,1"])
        == "iPhone17,1")
    #expect(DeviceModel.identifier(machine: "", environment: [:]) == "unknown")
    #expect(DeviceModel.identifier(machine: "a b\n\u{1F600}é", environment: [:]) == "ab")
    #expect(
      DeviceModel.identifier(machine: String(repeating: "x", count: 500), environment: [:]).count
        == 64)
    #expect(!DeviceModel.identifier.isEmpty)
  }

  @Test func eachMomentOfTheAppsLifeHasItsAction() {
    #expect(
      AppLifecycleEvent.allCases.map(\.action) == [.flush, .flushInBackgroundTask, .stopAndWait])
  }

  /// A rotation announced before it happens is recorded at the first frame laid out at the new
  /// size, with that frame's safe area (the new one) and the transition's duration, once.
  @Test func aRotationRecordsTheNewSafeArea() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice))
    let portrait = ScrollViewGeometry(
      contentOffset: .zero, boundsSize: Size(width: 390, height: 844),
      safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
      contentSize: Size(width: 390, height: 5_000))
    var landscape = portrait
    landscape.boundsSize = Size(width: 844, height: 390)
    landscape.safeAreaInsets = EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
    recorder.recordFrame(timestamp: 1, targetTimestamp: 1.008, geometry: portrait)
    recorder.recordTransition(to: landscape.boundsSize, duration: 0.4)
    recorder.recordFrame(timestamp: 1.008, targetTimestamp: 1.016, geometry: portrait)
    recorder.recordFrame(timestamp: 1.016, targetTimestamp: 1.025, geometry: landscape)
    recorder.recordFrame(timestamp: 1.025, targetTimestamp: 1.033, geometry: landscape)
    recorder.stop()
    let viewports = try readEvents(path).1.compactMap { event -> (Int64, ViewportChange)? in
      if case .viewport(let change) = event.payload { return (event.timestamp, change) }
      return nil
    }
    #expect(viewports.count == 2)
    #expect(viewports.last?.0 == 1_016_000_000)
    #expect(
      viewports.last?.1
        == ViewportChange(
          size: landscape.boundsSize, safeAreaInsets: landscape.safeAreaInsets,
          transitionDuration: 400_000_000))
  }

  /// The device's adjusted inset is recorded with the content (format 1.8), and again when only it
  /// changes (a navigation bar that collapses): what UIKit added is the device's, not a model's.
  @Test func theAdjustedInsetIsRecordedWhenItChanges() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice))
    let expanded = ScrollViewGeometry(
      contentOffset: .zero, boundsSize: Size(width: 390, height: 844),
      safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
      contentSize: Size(width: 390, height: 5_000),
      adjustedContentInset: EdgeInsets(top: 143, left: 0, bottom: 34, right: 0))
    var collapsed = expanded
    collapsed.adjustedContentInset = EdgeInsets(top: 91, left: 0, bottom: 34, right: 0)
    recorder.recordFrame(timestamp: 1, targetTimestamp: 1.008, geometry: expanded)
    recorder.recordFrame(timestamp: 1.008, targetTimestamp: 1.016, geometry: expanded)
    recorder.recordFrame(timestamp: 1.016, targetTimestamp: 1.025, geometry: collapsed)
    recorder.stop()
    let (reader, events) = try readEvents(path)
    #expect(reader.header.version == .resolvedSizes)
    let contents = events.compactMap { event -> ContentGeometry? in
      if case .content(let content) = event.payload { return content }
      return nil
    }
    #expect(contents.map(\.adjustedContentInset?.top) == [143, 91])
  }

  /// The frame in the window is recorded with the viewport (format 1.8), again when only it moves
  /// (a bottom sheet that slides up), and kept by a viewport change the app announces without it.
  @Test func theFrameInTheWindowIsRecordedWhenItMoves() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice))
    let full = ScrollViewGeometry(
      contentOffset: .zero, boundsSize: Size(width: 390, height: 700),
      contentSize: Size(width: 390, height: 5_000),
      frameInWindow: Rect(x: 0, y: 144, width: 390, height: 700))
    var raised = full
    raised.frameInWindow = Rect(x: 0, y: 44, width: 390, height: 700)
    recorder.recordFrame(timestamp: 1, targetTimestamp: 1.008, geometry: full)
    recorder.recordFrame(timestamp: 1.008, targetTimestamp: 1.016, geometry: raised)
    recorder.recordViewport(ViewportChange(size: Size(width: 390, height: 600)), at: 1.02)
    recorder.stop()
    let viewports = try readEvents(path).1.compactMap { event -> ViewportChange? in
      if case .viewport(let change) = event.payload { return change }
      return nil
    }
    #expect(viewports.map(\.frameInWindow?.minY) == [144, 44, 44])
  }

  /// Stopping with a completion returns at once; the status arrives when the file is closed.
  @Test func stoppingDoesNotWaitForTheWriter() async throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice))
    recorder.recordMarker("a", at: 1)
    let flushed = await withCheckedContinuation { continuation in
      recorder.flush { continuation.resume(returning: recorder.status.writtenEvents) }
    }
    #expect(flushed == 1)
    recorder.recordMarker("b", at: 2)
    let status = await recorder.stopped()
    #expect(status.stopReason == .stopped)
    #expect(status.writtenEvents == 2)
    #expect(try readEvents(path).0.index != nil, "closed with its index")
    #expect(await recorder.stopped() == status, "a second stop says the same")
  }

  /// A recorder released without `stop()` writes what waited and closes its file with an index.
  @Test func aDroppedRecorderKeepsWhatItWasGiven() throws {
    let path = try temporaryTrace()
    do {
      let recorder = try TraceRecorder(
        path: path, configuration: RecorderConfiguration(device: testDevice))
      recorder.recordMarker("kept", at: 1)
    }
    let (reader, events) = try readEvents(path)
    #expect(reader.index != nil)
    #expect(events.count == 1)
  }
}
