// An hour of recording at 240 Hz touches and 120 Hz frames: memory stays under the cap.

import Foundation
import Testing

@testable import ScrollTraceRecorder
@testable import TraceCore

@Suite struct RecorderMemoryTests {
  /// One hour: a finger dragging up and down in one-second strokes, 240 samples a second, and a
  /// frame observed 120 times a second.
  ///
  /// The writer is given the time the hour would give it (every
  /// 20 simulated seconds wait for it), so nothing is dropped; the events waiting in memory never pass
  /// the cap, and the file is what an hour of scrolling takes.
  @Test func anHourStaysUnderTheMemoryCap() throws {
    let path = try temporaryTrace("hour")
    let seconds =
      Int(ProcessInfo.processInfo.environment["SCROLLTRACE_RECORDER_SECONDS"] ?? "") ?? 3_600
    let configuration = RecorderConfiguration(
      device: testDevice, maximumDuration: Int64(seconds + 1) * 1_000_000_000)
    let recorder = try TraceRecorder(path: path, configuration: configuration)
    let fingers = (0..<2).map { _ in SimulatedHost.Finger() }
    let start = 5_000.0
    for second in 0..<seconds {
      let finger = ObjectIdentifier(fingers[second % 2])
      let base = start + Double(second)
      for sample in 0..<240 {
        let time = base + Double(sample) / 240
        let phase: TouchSample.Phase = sample == 0 ? .began : sample == 239 ? .ended : .moved
        let y = 700 - 2.5 * Double(sample)
        recorder.recordTouch(finger, phase: phase, location: Point(x: 195, y: y), timestamp: time)
        if sample % 2 == 0 {
          recorder.runLoopDidWake(at: time)
          recorder.recordFrame(
            timestamp: time, targetTimestamp: time + 1 / 120,
            contentOffset: Point(x: 0, y: Double(second * 600 + sample * 5)),
            contentSize: Size(width: 390, height: 3_000_000))
          recorder.runLoopWillSleep(at: time + 0.002)
        }
      }
      if second % 20 == 19 { _ = waitForWriter(recorder) }
    }
    let status = recorder.stop()
    #expect(status.stopReason == .stopped)
    #expect(status.recordedEvents == seconds * 360)
    #expect(status.lostEvents == 0)
    #expect(status.peakBufferedEvents <= configuration.maximumBufferedEvents)
    // The bytes the waiting events take at most (docs/recording.md): the cap times an event's
    // inline size, its observed-frame box included.
    let perEvent = MemoryLayout<TraceEvent>.stride + 96
    #expect(configuration.maximumBufferedEvents * perEvent <= 2_883_584)  // 2.75 MiB
    // Stored chunks, uncompressed: about 14 bytes a touch and 40 an observed frame.
    let perMinute = Double(status.bytesWritten) / Double(seconds) * 60
    #expect(perMinute < 1_000_000, "\(perMinute) bytes per minute")
    let (_, events) = try readEvents(path)
    #expect(events.count == status.writtenEvents)
  }
}
