// scrolltrace-bench — decoding a trace in process, event by event.

import Replay
import TraceFormat

/// One decode of a whole trace with `TraceReader` (strict mode, every event materialised), read
/// with its borrowing loop, `forEachEvent`, as a replay reads it.
struct DecodeRun: Sendable {
  /// Wall-clock time for the decode, in nanoseconds.
  var wallTime: UInt64
  /// Decompressed bytes of event stream (what `zstd -dc` writes).
  var rawBytes: Int64
  /// Events decoded.
  var events: Int64

  /// Decodes the trace at `path` and times it.
  ///
  /// - Throws: the reader's `TraceFormatError`.
  static func measure(_ path: String) throws -> DecodeRun {
    let clock = ContinuousClock()
    let start = clock.now
    let reader = try TraceReader(path: path)
    var events: Int64 = 0
    var checksum: Int64 = 0
    try reader.forEachEvent { event in
      events += 1
      checksum &+= event.timestamp
    }
    let elapsed = clock.now - start
    // The checksum keeps the optimiser from dropping the decoded events.
    if checksum == .min { print("") }
    return DecodeRun(
      wallTime: elapsed.wholeNanoseconds, rawBytes: reader.stats.rawBytes, events: events)
  }
}
