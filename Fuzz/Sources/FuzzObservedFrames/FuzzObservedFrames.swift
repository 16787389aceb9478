// scrolltrace fuzz suite — observed frames in any order, every one accounted for.

import Analyze
import FuzzSupport
import Pipeline
import Replay
import TraceIngest

/// The engine every input replays through: the scroll view alone, on any trace.
let plain = EngineRegistry.builtIn.entry(named: "plain@1")

/// The observed frames the input spells, 9 bytes each: a signed step from the previous frame's
/// timestamp (in units of 0.1 ms: back, repeated or ahead), the target's distance (0 to 25.5 ms),
/// flags (a busy time, a presentation time, an outlier, a frame-timing source, geometry, a
/// platform's deadline and its verdict), the busy time (read signed, as the deadline's overrun)
/// and the presentation's distance, and a content offset.
func frames(_ bytes: [UInt8]) -> [TraceEvent] {
  var events: [TraceEvent] = []
  var time: Int64 = 50_000_000
  var cursor = bytes[...]
  while cursor.count >= 9, events.count < 2_000 {
    let record = Array(cursor.prefix(9))
    cursor = cursor.dropFirst(9)
    let step = Int64(Int16(bitPattern: UInt16(record[0]) | UInt16(record[1]) << 8))
    time = max(0, time + step * 100_000)
    let target = time + Int64(record[2]) * 100_000
    let flags = record[3]
    let busy = Int64(UInt16(record[4]) | UInt16(record[5]) << 8) * 10_000
    let presented = target + Int64(record[6]) * 100_000
    let offset = Double(Int16(bitPattern: UInt16(record[7]) | UInt16(record[8]) << 8))
    let frame = ObservedFrame(
      targetTimestamp: target,
      contentOffset: flags & 16 != 0 ? Point(x: 0, y: offset) : nil,
      contentSize: flags & 16 != 0 ? Size(width: 390, height: 4_000) : nil,
      busyDuration: flags & 1 != 0 ? busy : nil,
      presentationTimestamp: flags & 2 != 0 ? presented : nil,
      source: flags & 8 != 0 ? .frameTimeline : .displayLink, isOutlier: flags & 4 != 0,
      deadline: flags & 32 != 0
        ? ObservedFrame.Deadline(
          overrun: Int64(Int16(bitPattern: UInt16(record[4]) | UInt16(record[5]) << 8)) * 10_000,
          isMissed: flags & 64 != 0)
        : nil)
    events.append(TraceEvent(timestamp: time, .observedFrame(frame)))
  }
  return events
}

/// libFuzzer's entry point: observed frames in any order, every one accounted for.
///
/// The input is a run of observed frames (``frames(_:)``) after a touch, written as a trace and
/// replayed as `scrolltrace replay` does. Every observed frame must be
/// accounted for: presented (then counted as exactly one of outliers, paced and without a
/// presentation) or dropped by the documented rule (a duplicate or earlier timestamp);
/// the measured side exists exactly when there was an observed frame. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, let plain else { return 0 }
  let observed = frames(FuzzInput.bytes(start, count))
  let path = FuzzInput.scratchFile([], suffix: ".sctrace")
  do {
    let writer = try TraceWriter(
      path: path,
      header: TraceHeader(
        device: DeviceInfo(
          name: "fuzz", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
          touchSampleRate: 120)),
      compressor: StoredFrames())
    try writer.append(
      TraceEvent(
        timestamp: 0,
        .touch(TouchSample(touchID: 0, phase: .began, location: Point(x: 100, y: 400)))))
    try writer.append(
      TraceEvent(
        timestamp: 40_000_000,
        .touch(TouchSample(touchID: 0, phase: .ended, location: Point(x: 100, y: 300)))))
    for event in observed { try writer.append(event) }
    try writer.close()
  } catch {
    fatalError("writing the trace failed: \(error)")
  }
  let settings = ReplaySettings(
    replayLimits: ReplayLimits(
      frameAllowance: 20_000, framesPerEvent: 64, itemAllowance: 20_000 << 10,
      itemsPerEvent: 64 << 6),
    settleLimit: 1)
  guard let replay = try? TraceReplay(TraceSource(path: path), engine: plain, settings: settings)
  else { return 0 }
  let measured = replay.section.summary.measured
  guard let measured else {
    if !observed.isEmpty { fatalError("\(observed.count) observed frames and no measured side") }
    return 0
  }
  if observed.isEmpty { fatalError("a measured side without an observed frame") }
  if measured.frames + measured.dropped.total != observed.count {
    fatalError(
      "\(observed.count) observed frames, \(measured.frames) presented and \(measured.dropped.total) dropped"
    )
  }
  let parts =
    measured.outliers + measured.paced
    + measured.presentationUnknown
  if parts != measured.frames {
    fatalError(
      "\(measured.frames) presented, but \(parts) in outliers, paced and unknown")
  }
  // The platform's deadlines: at most one a presented frame that is no outlier, the misses among
  // them, and an overrun exactly when there is one.
  if measured.deadlineFrames > measured.frames - measured.outliers
    || measured.missedDeadlines > measured.deadlineFrames
    || (measured.frameOverrun != nil) != (measured.deadlineFrames > 0)
  {
    fatalError(
      "\(measured.deadlineFrames) deadlines, \(measured.missedDeadlines) missed, of \(measured.frames) frames"
    )
  }
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzObservedFrames_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
