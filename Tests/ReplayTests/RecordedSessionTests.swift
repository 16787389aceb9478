// A session recorded on a simulated device replays frame for frame with what the device displayed.

import Foundation
import Replay
import ScrollTraceRecorder
import Testing
import TraceIngest

@Suite struct RecordedSessionTests {
  /// The simulated host: scripted touches (a drag, then a fling), a display link at 120 Hz that
  /// drops some frames, and a "real" scroll view whose offset at each frame comes from a replay of
  /// the same touches.
  ///
  /// The recorder writes it all, without libzstd; the recorded trace replays with
  /// a frame at each observation, and the model's offset there is the device's.
  @Test func aRecordedSessionReplaysWithItsObservedFrames() throws {
    let steps =
      #"[{ "wait": 0.2 }, { "drag": { "from": [195, 700], "by": [0, -300], "duration": 0.3 } }, { "fling": { "from": [195, 700], "velocity": [0, -2500], "duration": 0.08 } }, { "wait": 1.5 }]"#
    let (header, script) = try FrameRateIndependenceTests.script(rate: 120, steps: steps)
    let (device, _) = try FrameRateIndependenceTests.replay(header, script)
    let dropped: Set<Int64> = [10, 11, 40, 41, 42, 90]

    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("scrolltrace-recorded-\(UUID().uuidString).sctrace").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TraceRecorder(
      path: path, configuration: RecorderConfiguration(device: header.device, eventsPerHandOff: 100)
    )
    let seconds = { (nanoseconds: Int64) in Double(nanoseconds) / 1e9 }
    var next = 0
    var fingers: [UInt32: SimulatedFinger] = [:]
    for frame in device where !dropped.contains(frame.index) {
      // The events of the script up to this frame, as UIKit would deliver them.
      while next < script.count, script[next].timestamp <= frame.time {
        let event = script[next]
        next += 1
        switch event.payload {
        case .touch(let sample):
          let finger = fingers[sample.touchID] ?? SimulatedFinger()
          fingers[sample.touchID] = sample.phase == .ended ? nil : finger
          recorder.recordTouch(
            ObjectIdentifier(finger), phase: sample.phase, location: sample.location,
            timestamp: seconds(event.timestamp))
        case .scene(let scene): recorder.recordScene(scene, at: seconds(event.timestamp))
        case .viewport(let change): recorder.recordViewport(change, at: seconds(event.timestamp))
        case .content(let content): recorder.recordContent(content, at: seconds(event.timestamp))
        default: break
        }
      }
      recorder.recordFrame(
        timestamp: seconds(frame.time), targetTimestamp: seconds(frame.time + 8_333_333),
        contentOffset: frame.contentOffset, contentSize: frame.contentSize)
    }
    let status = recorder.stop()
    #expect(status.lostEvents == 0)

    // Read by the tool's reader (libzstd reads stored frames as they are).
    let reader = try TraceReader(path: path)
    var recorded: [TraceEvent] = []
    while let event = try reader.next() { recorded.append(event) }
    let observations = recorded.filter { $0.kind == .observedFrame }
    #expect(observations.count == device.count - dropped.count)

    let (replayed, _) = try FrameRateIndependenceTests.replay(reader.header, recorded)
    let observedFrames = replayed.filter { $0.observed != nil }
    // One frame per observation, at its time: the dropped frames are not replayed either.
    #expect(observedFrames.map(\.time) == observations.map(\.timestamp))
    #expect(replayed.prefix(observedFrames.count) == observedFrames[...])
    var worst = 0.0
    for frame in observedFrames {
      guard let observed = frame.observed, let device = observed.contentOffset else {
        Issue.record("the recorder's observation has no offset")
        continue
      }
      worst = max(worst, abs(frame.contentOffset.y - device.y))
      #expect(frame.contentSize == observed.contentSize)
    }
    // The same model on the same touches, at the same times, up to the nanosecond rounding of
    // seconds: where the device was, the replay is.
    #expect(worst < 0.01, "largest offset difference \(worst) pt")
    #expect(observedFrames.contains { $0.contentOffset.y > 1_000 }, "the fling scrolled")
  }
}

/// Stands for one `UITouch` object: its identity is the finger's.
final class SimulatedFinger {}
