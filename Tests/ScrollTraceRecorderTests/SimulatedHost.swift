// A host app, simulated: a finger, a display link that drops frames, and a scroll view.

import Foundation

@testable import ScrollTraceRecorder
@testable import TraceCore

/// Drives a recorder as the UIKit adapter would: touches with coalesced samples at 240 Hz, display
/// link callbacks at 120 Hz with some frames dropped, run-loop notifications, and the scroll view's
/// offset at each frame from `offset(at:)`.
struct SimulatedHost {
  /// Seconds since boot at the first event.
  var start = 1_000.0
  /// The touch sample rate, in hertz.
  var touchRate = 240.0
  /// The display's refresh rate, in hertz.
  var refreshRate = 120.0
  /// Frames whose callback never came (their index from the first).
  var droppedFrames: Set<Int> = [7, 8, 20]
  /// The scroll view's offset at a time, in seconds since `start`.
  var offset: (Double) -> Point = { time in Point(x: 0, y: max(0, 600 * time)) }

  /// A finger identity that stands for one `UITouch` object.
  final class Finger {}

  /// Plays `duration` seconds: a drag from the start, lifted at `liftAt`; returns the display-link
  /// timestamps that were delivered, in nanoseconds.
  func play(into recorder: TraceRecorder, duration: Double, liftAt: Double) -> [Int64] {
    let finger = Finger()
    let key = ObjectIdentifier(finger)
    var delivered: [Int64] = []
    let frameInterval = 1 / refreshRate
    let touchInterval = 1 / touchRate
    var nextTouch = 0
    let touchCount = Int(liftAt / touchInterval)
    var frame = 0
    while Double(frame) * frameInterval <= duration {
      let frameTime = Double(frame) * frameInterval
      // The run loop wakes for the frame, handles the touches that arrived (coalesced: every
      // sample since the last frame), and sleeps.
      recorder.runLoopDidWake(at: start + frameTime)
      while nextTouch <= touchCount, Double(nextTouch) * touchInterval <= frameTime {
        let time = Double(nextTouch) * touchInterval
        let phase: TouchSample.Phase =
          nextTouch == 0 ? .began : nextTouch == touchCount ? .ended : .moved
        recorder.recordTouch(
          key, phase: phase, location: Point(x: 200, y: 700 - 600 * time),
          timestamp: start + time)
        nextTouch += 1
      }
      if !droppedFrames.contains(frame) {
        let offset = self.offset(frameTime)
        recorder.recordFrame(
          timestamp: start + frameTime, targetTimestamp: start + frameTime + frameInterval,
          contentOffset: offset, contentSize: Size(width: 390, height: 20_000))
        delivered.append(RecorderClock.nanoseconds(start + frameTime) ?? 0)
      }
      recorder.runLoopWillSleep(at: start + frameTime + 0.003)
      frame += 1
    }
    return delivered
  }
}

let testDevice = DeviceInfo(
  name: "Simulated iPhone", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
  touchSampleRate: 240)

/// A fresh path in a temporary directory.
func temporaryTrace(_ name: String = "recording") throws -> String {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "scrolltrace-recorder-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory.appendingPathComponent("\(name).sctrace").path
}

/// Every event of the trace at `path`, read without libzstd.
func readEvents(_ path: String, mode: TraceReader.Mode = .strict) throws -> (
  TraceReader, [TraceEvent]
) {
  let reader = try TraceReader(path: path, mode: mode, decompressor: StoredFrames())
  var events: [TraceEvent] = []
  while let event = try reader.next() { events.append(event) }
  return (reader, events)
}
