// The recorder's core, driven by a simulated host: what it writes, what survives a kill, what it
// drops and when it stops.

import Foundation
import Testing

@testable import ScrollTraceRecorder
@testable import TraceCore

@Suite struct TraceRecorderTests {
  @Test func aSessionIsWrittenWithItsObservedFramesInOrder() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice, eventsPerHandOff: 64))
    recorder.recordScene(
      Scene(
        axis: .vertical,
        layout: .list(
          [SceneItem](
            repeating: SceneItem(length: 120, reuseIdentifier: "card"), count: 100))),
      at: 999.5)
    let host = SimulatedHost()
    let delivered = host.play(into: recorder, duration: 1, liftAt: 0.4)
    let status = recorder.stop()
    #expect(status.stopReason == .stopped)
    #expect(status.lostEvents == 0)
    #expect(status.writtenEvents == status.recordedEvents)

    let (reader, events) = try readEvents(path)
    // 1.9: a recording may hold the keyboard (1.5), the device's adjusted inset (1.8) and the
    // sizes its self-sizing rows resolve to and its trackpad's scrolls (1.9).
    #expect(reader.header.version == FormatVersion(major: 1, minor: 9))
    #expect(reader.header.metadata["recorder"] == "ScrollTraceRecorder")
    #expect(reader.index != nil, "stop() writes the index")
    let frames = events.compactMap { event -> (Int64, ObservedFrame)? in
      if case .observedFrame(let frame) = event.payload { return (event.timestamp, frame) }
      return nil
    }
    // Every delivered callback, and only those: the dropped frames leave gaps.
    #expect(frames.map(\.0) == delivered)
    #expect(delivered.count == 121 - 3)
    // Seconds since boot as doubles: nanoseconds are exact to about 0.1 µs at 1,000 s of uptime.
    #expect(frames.allSatisfy { abs($0.1.targetTimestamp - $0.0 - 8_333_333) < 1_000 })
    // Frames 7, 8 and 20 were dropped: the 31st observation is frame 33.
    #expect(frames[30].1.contentOffset == host.offset(33 / 120))
    // The run loop was awake 3 ms of every frame, delivered or not: each observation holds the
    // busy time since the previous one.
    for (previous, frame) in zip(frames, frames.dropFirst()) {
      let intervals = Double(frame.0 - previous.0) / 8_333_333
      let expected = 3_000_000 * intervals.rounded()
      #expect(abs(Double(frame.1.busyDuration ?? -1) - expected) < 1_000)
    }
    let touches = events.compactMap(\.touch)
    #expect(touches.count == 97)
    #expect(touches.first?.phase == .began && touches.last?.phase == .ended)
    #expect(Set(touches.map(\.touchID)) == [0])
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
  }

  /// The keyboard as its notification describes it, seen from a scroll view whose bounds end at
  /// 852 points: its top at 516 covers 336 points; one ending below covers none; what a device
  /// should never send is made safe, never fatal.
  @Test func theKeyboardIsRecordedAsItCoversTheScrollView() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice, eventsPerHandOff: 4))
    let changes = [
      KeyboardChange(keyboardMinY: 516, scrollViewMaxY: 852, duration: 0.25, curve: 7),
      KeyboardChange(keyboardMinY: 900, scrollViewMaxY: 852, duration: 0.25, curve: 7),
      KeyboardChange(keyboardMinY: .nan, scrollViewMaxY: 852, duration: .infinity, curve: 1000),
      KeyboardChange(keyboardMinY: -1e300, scrollViewMaxY: 852, duration: -1, curve: 2),
    ]
    for (offset, change) in changes.enumerated() {
      recorder.recordKeyboard(change, at: 1000 + Double(offset))
    }
    #expect(recorder.stop().writtenEvents == 4)
    let (_, events) = try readEvents(path)
    let recorded = events.compactMap { event -> KeyboardChange? in
      if case .keyboard(let change) = event.payload { return change }
      return nil
    }
    #expect(
      recorded == [
        KeyboardChange(overlap: 336, animationDuration: 250_000_000),
        KeyboardChange(overlap: 0, animationDuration: 250_000_000),
        KeyboardChange(overlap: 0),
        KeyboardChange(overlap: 1_000_000, curve: .easeOut),
      ])
  }

  @Test func aKilledRecordingReadsToItsLastWholeChunk() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice, eventsPerHandOff: 50))
    _ = SimulatedHost().play(into: recorder, duration: 2, liftAt: 1.5)
    recorder.flush()
    let written = waitForWriter(recorder)
    // The app is killed here: the file is copied as it is, with no index, and then cut inside a
    // chunk, as a kill during a write leaves it.
    let copy = path + ".killed"
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(Int64(bytes.count) == written.bytesWritten)
    bytes.append(contentsOf: StoredFrames().compress(Array(repeating: 1, count: 4000)).prefix(900))
    try Data(bytes).write(to: URL(fileURLWithPath: copy))

    #expect(throws: TraceFormatError.self) { try readEvents(copy) }
    let (reader, events) = try readEvents(copy, mode: .recover)
    #expect(events.count == written.writtenEvents)
    #expect(reader.losses.count >= 1)
    _ = recorder.stop()
  }

  @Test func theWriterFallingBehindDropsEventsAndSaysWhere() throws {
    let path = try temporaryTrace()
    let gate = BlockingCompressor()
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(
        device: testDevice, maximumBufferedEvents: 1_000, eventsPerHandOff: 100,
        compressor: gate))
    let finger = SimulatedHost.Finger()
    for index in 0..<3_000 {
      recorder.recordTouch(
        ObjectIdentifier(finger), phase: index == 0 ? .began : .moved,
        location: Point(x: 10, y: Double(index)), timestamp: 10 + Double(index) / 240)
    }
    let stalled = recorder.status
    #expect(stalled.peakBufferedEvents <= 1_000)
    #expect(stalled.droppedEvents == 2_000)
    gate.open()
    waitUntil { recorder.status.writtenEvents == 1_000 }
    recorder.recordTouch(
      ObjectIdentifier(finger), phase: .ended, location: Point(x: 10, y: 0), timestamp: 30)
    let status = recorder.stop()
    #expect(status.lostEvents == 2_000)
    let (_, events) = try readEvents(path)
    let markers = events.compactMap { event -> String? in
      if case .marker(let text) = event.payload { return text }
      return nil
    }
    #expect(markers.count == 1)
    #expect(markers.first?.hasPrefix("scrolltrace-recorder: dropped 2000 events from ") == true)
  }

  @Test func aSizeCapStopsTheRecording() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(
        device: testDevice, maximumFileSize: 20_000, eventsPerHandOff: 100))
    _ = SimulatedHost().play(into: recorder, duration: 10, liftAt: 9)
    waitUntil { recorder.status.stopReason != nil }
    let status = recorder.stop()
    #expect(status.stopReason == .sizeCap)
    #expect(status.lostEvents > 0)
    #expect(status.bytesWritten < 20_000 + 8_000, "stops within one hand-off of the cap")
    let (reader, events) = try readEvents(path)
    #expect(events.count == status.writtenEvents)
    #expect(reader.index != nil)
  }

  @Test func aTimeCapStopsTheRecording() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(device: testDevice, maximumDuration: 500_000_000))
    _ = SimulatedHost().play(into: recorder, duration: 1, liftAt: 0.8)
    let status = recorder.stop()
    #expect(status.stopReason == .timeCap)
    #expect(status.unwrittenEvents == 0, "what was recorded within the cap is written")
    let (_, events) = try readEvents(path)
    #expect(events.count == status.writtenEvents)
    let span = events.last.map { $0.timestamp - (events.first?.timestamp ?? 0) } ?? 0
    // Frames come every 8.3 ms: the file ends at the last event within the cap.
    #expect(span <= 500_000_000 && span > 490_000_000, "\(span) ns recorded")
  }

  @Test func valuesTheFormatCannotHoldAreRejectedNotFatal() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice))
    let finger = SimulatedHost.Finger()
    recorder.recordTouch(
      ObjectIdentifier(finger), phase: .began, location: Point(x: .nan, y: 0), timestamp: 1)
    recorder.recordTouch(
      ObjectIdentifier(finger), phase: .moved, location: Point(x: 0, y: 0), timestamp: .infinity)
    recorder.recordFrame(
      timestamp: 2, targetTimestamp: 1, contentOffset: .zero, contentSize: Size(width: 1, height: 1)
    )
    recorder.recordViewport(ViewportChange(size: Size(width: -1, height: 5)), at: 3)
    recorder.recordMarker("kept", at: 4)
    let status = recorder.stop()
    #expect(status.rejectedEvents == 4)
    #expect(status.writtenEvents == 1)
    #expect(try readEvents(path).1.map(\.payload) == [.marker("kept")])
  }

  @Test func aFailedWriteStopsTheRecordingAndSaysWhy() throws {
    let path = try temporaryTrace()
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: testDevice, eventsPerHandOff: 10))
    // The disk fills up: the recorder's file descriptor now writes to /dev/full (ENOSPC).
    let descriptor = try #require(openDescriptor(of: path))
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    #expect(dup2(full, descriptor) == descriptor)
    close(full)
    _ = SimulatedHost().play(into: recorder, duration: 0.5, liftAt: 0.4)
    let status = recorder.stop()
    guard case .writeFailed(let why) = status.stopReason else {
      Issue.record("\(status)")
      Issue.record("expected a write failure, got \(String(describing: status.stopReason))")
      return
    }
    #expect(why.contains("cannot write"))
    #expect(status.writtenEvents == 0)
    #expect(status.lostEvents == status.recordedEvents + status.droppedEvents)
  }

  @Test func fingersAreNumberedFromZeroAndTheirNumbersReused() {
    var identities = TouchIdentities()
    let a = SimulatedHost.Finger()
    let b = SimulatedHost.Finger()
    let c = SimulatedHost.Finger()
    #expect(identities.number(for: ObjectIdentifier(a), phase: .began) == 0)
    #expect(identities.number(for: ObjectIdentifier(b), phase: .began) == 1)
    #expect(identities.number(for: ObjectIdentifier(a), phase: .moved) == 0)
    #expect(identities.number(for: ObjectIdentifier(a), phase: .ended) == 0)
    #expect(identities.number(for: ObjectIdentifier(c), phase: .began) == 0)
    #expect(identities.number(for: ObjectIdentifier(b), phase: .cancelled) == 1)
    #expect(identities.count == 1)
  }

  @Test func busyTimeIsTheTimeTheRunLoopWasAwake() {
    var meter = BusyMeter()
    #expect(meter.take(at: 0) == nil, "nothing measured is not zero")
    meter.wake(at: 100)
    meter.sleep(at: 400)
    meter.wake(at: 1_000)
    #expect(meter.take(at: 1_500) == 800)
    meter.sleep(at: 1_700)
    #expect(meter.take(at: 2_000) == 200)
    meter.sleep(at: .max)
    meter.wake(at: .min)
    meter.sleep(at: .max)
    #expect(meter.take(at: 0) == .max)
  }

  /// A section inset of 20 points before the first row, a table header view above it, and 30
  /// points of content after the last row: every item sits where it sits on the device, the items
  /// adding up to the content's length.
  @Test func insetsAndHeaderViewsKeepEveryItemInPlace() {
    let rows = (0..<3).map { index in
      SceneLines.Cell(
        frame: Rect(x: 0, y: 20 + Double(index) * 100, width: 390, height: 90),
        reuseIdentifier: "row")
    }
    /// The lengths and identifiers of a list scene's items.
    func items(_ scene: Scene) -> [String] {
      guard case .list(let items) = scene.layout else { return [] }
      return items.map { "\($0.reuseIdentifier) \($0.length)" }
    }
    let inset = SceneLines.scene(of: rows, axis: .vertical, contentLength: 350)
    #expect(items(inset) == ["row 120.0", "row 100.0", "row 130.0"])
    let header = SceneLines.Cell(
      frame: Rect(x: 0, y: 0, width: 390, height: 20), reuseIdentifier: "tableHeader")
    let withHeader = SceneLines.scene(of: rows + [header], axis: .vertical, contentLength: 320)
    #expect(items(withHeader) == ["tableHeader 20.0", "row 100.0", "row 100.0", "row 100.0"])
    let short = SceneLines.scene(of: rows, axis: .vertical, contentLength: 200)
    #expect(items(short).last == "row 90.0", "a content shorter than the cells ends at the cells")
    #expect(
      SceneLines.scene(of: rows, axis: .vertical, contentLength: .nan)
        == SceneLines.scene(of: rows, axis: .vertical))
  }

  @Test func tablesAndGridsBecomeOneItemPerLine() {
    var cells: [SceneLines.Cell] = []
    for index in 0..<6 {
      let frame = Rect(
        x: Double(index % 2) * 200, y: Double(index / 2) * 110, width: 190, height: 100)
      cells.append(SceneLines.Cell(frame: frame, reuseIdentifier: index < 2 ? "header" : "photo"))
    }
    let broken = SceneLines.Cell(
      frame: Rect(x: 0, y: .nan, width: 1, height: 1), reuseIdentifier: "x")
    let scene = SceneLines.scene(of: cells.reversed() + [broken], axis: .vertical)
    let expected: [SceneItem] = [
      SceneItem(length: 110, reuseIdentifier: "header"),
      SceneItem(length: 110, reuseIdentifier: "photo"),
      SceneItem(length: 100, reuseIdentifier: "photo"),
    ]
    #expect(scene.layout == Scene.Layout.list(expected))
  }
}

/// A compressor that holds the writer until `open()`: a writer that fell behind.
final class BlockingCompressor: ChunkCompressor, @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var isOpen = false

  func open() {
    lock.lock()
    isOpen = true
    lock.unlock()
    semaphore.signal()
  }

  func compress(_ content: [UInt8]) -> [UInt8] {
    lock.lock()
    let wait = !isOpen
    lock.unlock()
    if wait {
      semaphore.wait()
      semaphore.signal()
    }
    return StoredFrames().compress(content)
  }
}

/// Waits until the writer has written everything handed to it.
func waitForWriter(_ recorder: TraceRecorder) -> RecordingStatus {
  recorder.waitUntilWritten()
  return recorder.status
}

/// Waits up to 10 s for `condition`.
func waitUntil(_ condition: () -> Bool) {
  let deadline = Date().addingTimeInterval(10)
  while !condition(), Date() < deadline { usleep(1_000) }
}

/// The descriptor this process has open on `path` (Linux's /proc/self/fd).
func openDescriptor(of path: String) -> Int32? {
  let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for name in fds {
    guard let fd = Int32(name),
      let target = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/\(name)")
    else { continue }
    if target == path { return fd }
  }
  return nil
}
