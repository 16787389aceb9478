// scrolltrace-bench — the recorder's cost on the thread that calls it, and its file per minute.

import Foundation
import ScrollTraceRecorder
import TraceIngest

/// Drives a `TraceRecorder` as the UIKit adapter does at 240 Hz touches and 120 Hz frames (with a
/// run loop waking and sleeping around each frame), writing a real file, and times every call on
/// the calling thread: what the app's main thread pays.
///
/// The calls come back to back, faster than a
/// finger, with the writer on another core.
struct RecorderRun {
  /// Nanoseconds per call, sorted.
  var touchCalls: [Int64] = []
  var frameCalls: [Int64] = []
  /// A self-sizing row's size as the device resolves it: the scene's line found and its edit
  /// recorded (`SceneLines.Layout.resolveSize`, `recordSceneEdit`).
  var sizeCalls: [Int64] = []
  /// A message arriving once a second in a list of ``updateListLength`` messages: the update from
  /// the identifiers before and after (`BatchUpdate(from:to:)`) and its recording.
  var updateCalls: [Int64] = []

  /// The rows of the self-sizing list the run scrolls through.
  static let rows = 10_000
  /// The messages of the list a message arrives in, before the first arrives.
  static let updateListLength = 1_000
  /// The recording's file, in bytes, and its length, in seconds.
  var fileBytes: Int64 = 0
  var seconds = 0
  var status = RecordingStatus()
  /// The configuration's memory cap, in events.
  var maximumBufferedEvents = 0

  /// Records `seconds` of scrolling into `path`.
  static func measure(seconds: Int, path: String) throws -> RecorderRun {
    let device = DeviceInfo(
      name: "benchmark", screenSize: Size(width: 393, height: 852), scale: 3, refreshRate: 120,
      touchSampleRate: 240)
    let configuration = RecorderConfiguration(device: device)
    let recorder = try TraceRecorder(path: path, configuration: configuration)
    final class Finger {}
    let fingers = [Finger(), Finger()]
    var run = RecorderRun()
    run.seconds = seconds
    run.maximumBufferedEvents = configuration.maximumBufferedEvents
    run.touchCalls.reserveCapacity(seconds * 240)
    run.frameCalls.reserveCapacity(seconds * 120)
    // A self-sizing list of rows estimated at 44 pt, which the device sizes (60 to 139 pt) as
    // they come into view; and a conversation's identifiers.
    var lines = SceneLines.layout(
      of: (0..<rows).map { row in
        (
          key: row,
          cell: SceneLines.Cell(
            frame: Rect(x: 0, y: Double(row) * 44, width: 393, height: 44),
            reuseIdentifier: "row", estimatedLength: 44)
        )
      }, axis: .vertical)
    recorder.recordScene(lines.scene)
    var nextRow = 0
    var messages = Array(0..<updateListLength)
    run.sizeCalls.reserveCapacity(rows)
    run.updateCalls.reserveCapacity(seconds)
    var geometry = ScrollViewGeometry(
      contentOffset: .zero, boundsSize: Size(width: 393, height: 852),
      safeAreaInsets: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
      contentSize: Size(width: 393, height: 1_000_000))
    for second in 0..<seconds {
      let finger = ObjectIdentifier(fingers[second % 2])
      for sample in 0..<240 {
        let time = 100 + Double(second) + Double(sample) / 240
        let phase: TouchSample.Phase = sample == 0 ? .began : sample == 239 ? .ended : .moved
        let location = Point(x: 196, y: 780 - 2.75 * Double(sample))
        var start = now()
        recorder.recordTouch(finger, phase: phase, location: location, timestamp: time)
        run.touchCalls.append(now() - start)
        if sample % 2 == 0 {
          // A frame's calls, as the adapter makes them: the run loop's wake, the display link's
          // callback with the geometry, and the pass's end with the geometry the commit left,
          // which writes the observation.
          geometry.contentOffset.y = Double(second * 660) + 2.75 * Double(sample)
          start = now()
          recorder.runLoopDidWake(at: time)
          recorder.recordFrame(timestamp: time, targetTimestamp: time + 1 / 120, geometry: geometry)
          recorder.runLoopDidFinishPass(at: time + 0.004, sleeping: true, geometry: geometry)
          run.frameCalls.append(now() - start)
          while nextRow < rows, Double(nextRow) * 44 < geometry.contentOffset.y + 852 {
            start = now()
            if let edit = lines.resolveSize(of: nextRow, length: Double(60 + nextRow % 80)) {
              recorder.recordSceneEdit(edit, at: time)
            }
            run.sizeCalls.append(now() - start)
            nextRow += 1
          }
        }
      }
      let before = messages
      messages.append(updateListLength + second)
      let start = now()
      if let update = BatchUpdate(
        from: before, to: messages,
        item: { _ in SceneItem(length: 80, reuseIdentifier: "message", estimatedLength: 60) })
      {
        recorder.recordSceneEdit(.batchUpdate(update), at: 100 + Double(second) + 239 / 240)
      }
      run.updateCalls.append(now() - start)
      // A phone gives the writer a second for each second of events; calling back to back does
      // not, so every 20 s of recording waits for it (untimed).
      if second % 20 == 19 { recorder.waitUntilWritten() }
    }
    run.status = recorder.stop()
    run.fileBytes = run.status.bytesWritten
    run.touchCalls.sort()
    run.frameCalls.sort()
    run.sizeCalls.sort()
    run.updateCalls.sort()
    return run
  }

  /// The `quantile` of sorted `values`.
  static func quantile(_ values: [Int64], _ quantile: Double) -> Int64 {
    guard !values.isEmpty else { return 0 }
    return values[min(values.count - 1, Int(Double(values.count - 1) * quantile))]
  }

  private static func now() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }
}
