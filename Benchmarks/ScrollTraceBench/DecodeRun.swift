// scrolltrace-bench — decoding a trace in process, event by event.

import Replay
import TraceIngest

/// One decode of a whole trace with `TraceReader` (strict mode), read with one of its loops.
struct DecodeRun: Sendable {
  /// How the trace's events are read.
  enum Loop: Sendable {
    /// `forEachEvent(touches:otherEvents:)`, as a replay reads: touches as columns.
    case columns
    /// `forEachEvent(_:)`: every event materialised and borrowed.
    case events
  }

  /// Wall-clock time for the decode, in nanoseconds.
  var wallTime: UInt64
  /// Decompressed bytes of event stream (what `zstd -dc` writes).
  var rawBytes: Int64
  /// Events decoded.
  var events: Int64

  /// Decodes the trace at `path` with `loop` and times it.
  ///
  /// - Throws: the reader's `TraceFormatError`.
  static func measure(_ path: String, loop: Loop) throws -> DecodeRun {
    let clock = ContinuousClock()
    let start = clock.now
    let reader = try TraceReader(path: path)
    var events: Int64 = 0
    var checksum: Int64 = 0
    switch loop {
    case .columns:
      try reader.forEachEvent { run in
        events += Int64(run.count)
        // Every column read, as a consumer reads them.
        for index in run.indices {
          checksum &+=
            run.timestamps[index] &+ Int64(run.touchIDs[index])
            &+ Int64(run.phases[index].rawValue) &+ Int64(bitPattern: run.x[index].bitPattern)
            &+ Int64(bitPattern: run.y[index].bitPattern)
        }
      } otherEvents: { event in
        events += 1
        checksum &+= event.timestamp
      }
    case .events:
      try reader.forEachEvent { event in
        events += 1
        checksum &+= event.timestamp
      }
    }
    let elapsed = clock.now - start
    // The checksum keeps the optimiser from dropping the decoded events.
    if checksum == .min { print("") }
    return DecodeRun(
      wallTime: elapsed.wholeNanoseconds, rawBytes: reader.stats.rawBytes, events: events)
  }
}
