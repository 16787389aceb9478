// Every observed frame accounted for: frames whose timestamps run backwards, or repeat one
// timestamp, are dropped by the documented rule, counted in the report and warned about — never
// silently one frame.

import Foundation
import TestSupport
import Testing
import TraceIngest

@Suite struct ObservedFrameOrderCLITests {
  /// A trace of observed frames (and a touch at the start) at `times`, in milliseconds.
  static func trace(_ times: [Int64], in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("observed.sctrace").path
    let header = TraceHeader(
      device: DeviceInfo(
        name: "iPhone 15", screenSize: Size(width: 393, height: 852), scale: 3,
        refreshRate: 120, touchSampleRate: 120))
    let writer = try TraceWriter(path: path, header: header)
    try writer.append(
      TraceEvent(
        timestamp: 0,
        .touch(TouchSample(touchID: 0, phase: .began, location: Point(x: 200, y: 400)))))
    try writer.append(
      TraceEvent(
        timestamp: 1_000,
        .touch(TouchSample(touchID: 0, phase: .ended, location: Point(x: 200, y: 400)))))
    for time in times {
      let nanoseconds = time * 1_000_000
      try writer.append(
        TraceEvent(
          timestamp: nanoseconds,
          .observedFrame(
            ObservedFrame(
              targetTimestamp: nanoseconds + 8_333_333, contentOffset: Point(x: 0, y: 0),
              contentSize: Size(width: 393, height: 2000), busyDuration: 2_000_000))))
    }
    try writer.close()
    return path
  }

  /// The replay's JSON report's `measured` object and standard error.
  static func measured(_ trace: String) throws -> ([String: Any]?, String) {
    let run = try CLI.run(["replay", trace, "--engine", "plain", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let traces = report?["traces"] as? [[String: Any]]
    return (traces?.first?["measured"] as? [String: Any], run.stderr)
  }

  @Test func framesRunningBackwardsAreDroppedCountedAndWarned() throws {
    let directory = try CLI.temporaryDirectory()
    // 200 frames, each 8 ms earlier than the one before.
    let trace = try Self.trace((0..<200).map { 2_000 - Int64($0) * 8 }, in: directory)
    let (measured, stderr) = try Self.measured(trace)
    let object = try #require(measured)
    #expect(object["frames"] as? Int == 1)
    let dropped = object["dropped"] as? [String: Any]
    #expect(dropped?["backwards"] as? Int == 199)
    #expect(dropped?["duplicates"] as? Int == 0)
    #expect(
      stderr.contains("199 observed frames dropped (199 earlier than the frame before)"),
      "\(stderr)")
    #expect(stderr.split(separator: "\n").count == 1)
  }

  @Test func framesAtOneTimestampAreDuplicates() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = try Self.trace([Int64](repeating: 500, count: 100_000), in: directory)
    let (measured, stderr) = try Self.measured(trace)
    let object = try #require(measured)
    #expect(object["frames"] as? Int == 1)
    #expect((object["dropped"] as? [String: Any])?["duplicates"] as? Int == 99_999)
    #expect(
      stderr.contains("99999 observed frames dropped (99999 at a timestamp already presented)"))
  }

  @Test func inOrderFramesDropNothingAndSayNothing() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = try Self.trace((0..<50).map { 100 + Int64($0) * 8 }, in: directory)
    let (measured, stderr) = try Self.measured(trace)
    let object = try #require(measured)
    #expect(object["frames"] as? Int == 50)
    #expect((object["dropped"] as? [String: Any])?["backwards"] as? Int == 0)
    #expect(!stderr.contains("dropped"), "\(stderr)")
  }

  @Test func aTraceWhoseEveryObservationIsDroppedMeasuresNothing() throws {
    let directory = try CLI.temporaryDirectory()
    // Every observation at the time of the frame the first touch was presented in.
    let trace = try Self.trace([Int64](repeating: 0, count: 20), in: directory)
    let run = try CLI.run(["replay", trace, "--engine", "plain", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let section = (report?["traces"] as? [[String: Any]])?.first
    let metrics = section?["metrics"] as? [String: Any]
    #expect((section?["measured"] as? [String: Any])?["frames"] as? Int == 0)
    #expect(metrics?["measured.frames"] as? Int == 0)
    // Null, never zeros that read as a perfect score.
    #expect(metrics?["measured.hitches"] is NSNull)
    #expect(metrics?["measured.hitchTimeRatio"] is NSNull)
    #expect(run.stderr.contains("none was presented, so nothing was measured"), "\(run.stderr)")
  }
}
