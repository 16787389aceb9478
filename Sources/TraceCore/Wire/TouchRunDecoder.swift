// scrolltrace — the touches of a column chunk decoded a stream at a time.

extension EventDecoder {
  /// Decodes the touches at the front of a column chunk's streams, at most `limit` of them,
  /// straight into the columns of `events`, counted in `stats`; returns how many (0 when the next
  /// event is not a touch, or is a touch with a damaged field).
  ///
  /// ``decode(_:event:appendingTo:)`` reads an event's fields from six streams in turn, so the six
  /// cursors live in memory; here each stream is read for the whole run in one loop, its cursor in
  /// registers, into its column (docs/performance.md, "Round five" and "Round six"). The touches,
  /// the streams' positions and the delta state after a run are exactly what decoding its touches
  /// one by one gives: the same checks (``timestamp(_:quanta:after:)``, ``coordinate(_:after:)``,
  /// ``isLength(_:)``), and a run ends before the first touch with a field that is missing,
  /// malformed or out of range, which that method then decodes, to report it.
  mutating func decodeTouchRun(
    _ columns: inout ColumnReaders, limit: Int, appendingTo events: inout EventBatch,
    stats: inout DecodeStats
  ) -> Int {
    var count = columns.kinds.leadingCount(of: EventKind.touch.rawValue, limit: limit)
    guard count > 0 else { return 0 }
    let start = events.touches.count
    events.touches.reserve(count)
    var after = columns
    var end = readFields(&after, count: count, into: &events.touches, at: start)
    if end.valid < count {
      // Each touch's checks depend only on the touches before it: the touches before a damaged
      // one read again alone leave every stream where they end.
      count = end.valid
      after = columns
      guard count > 0 else { return 0 }
      end = readFields(&after, count: count, into: &events.touches, at: start)
      guard end.valid == count else { return 0 }
    }
    _ = after.kinds.skip(count)
    events.didWriteTouches(count)
    stats.count(
      touches: count, first: events.touches.timestamps[start], last: end.timestamp,
      outOfOrderWithin: end.outOfOrder)
    columns = after
    advance(to: end.timestamp, x: end.x, y: end.y)
    return count
  }

  /// Where reading a run's fields ended.
  private struct RunEnd {
    /// How many touches in a row have every field well-formed and in range.
    var valid: Int
    /// The last valid touch's timestamp (nanoseconds) and location (1/256 pt).
    var timestamp: Int64
    var x: Int64
    var y: Int64
    /// The touches after the first whose timestamp is earlier than the one before.
    var outOfOrder = 0
  }

  /// Reads the fields of the next `count` touches (room made in `touches`) into `touches` from
  /// position `start` on, one stream at a time, each stream's cursor a local value and each
  /// column written through its buffer: no uniqueness or bounds check a touch.
  ///
  /// The streams are left past those touches when they are all valid.
  private func readFields(
    _ columns: inout ColumnReaders, count: Int, into touches: inout TouchColumns, at start: Int
  ) -> RunEnd {
    var end = RunEnd(valid: count, timestamp: previousTimestamp, x: previousX, y: previousY)
    var stream = columns.times
    end.valid = touches.timestamps.withUnsafeMutableBufferPointer {
      Self.readTimestamps(
        &stream, count: end.valid, quantum: quantum, into: $0, at: start, end: &end)
    }
    columns.times = stream
    // The first touch is compared with the event before it by the stats.
    if end.valid > 0, touches.timestamps[start] < previousTimestamp { end.outOfOrder &-= 1 }
    stream = columns.touchHeads
    var extras: UInt8 = 0
    end.valid = touches.phases.withUnsafeMutableBufferPointer { phases in
      touches.flags.withUnsafeMutableBufferPointer { flags in
        Self.readHeads(
          &stream, count: end.valid, into: phases, flags, at: start, anyFlags: &extras)
      }
    }
    columns.touchHeads = stream
    stream = columns.touchIDs
    end.valid = touches.touchIDs.withUnsafeMutableBufferPointer {
      Self.readIDs(&stream, count: end.valid, into: $0, at: start)
    }
    columns.touchIDs = stream
    stream = columns.touchX
    end.valid = touches.x.withUnsafeMutableBufferPointer {
      Self.readCoordinates(
        &stream, count: end.valid, after: previousX, into: $0, at: start, last: &end.x)
    }
    columns.touchX = stream
    stream = columns.touchY
    end.valid = touches.y.withUnsafeMutableBufferPointer {
      Self.readCoordinates(
        &stream, count: end.valid, after: previousY, into: $0, at: start, last: &end.y)
    }
    columns.touchY = stream
    guard extras != 0 else { return end }
    for index in 0..<end.valid {
      // The force first, then the major radius, as each touch's flags ask.
      let flags = touches.flags[start + index]
      if flags & 1 != 0 {
        guard let value = columns.touchExtras.readFloat64(), Self.isLength(value) else {
          end.valid = index
          return end
        }
        touches.force[start + index] = value
      }
      if flags & 2 != 0 {
        guard let value = columns.touchExtras.readFloat64(), Self.isLength(value) else {
          end.valid = index
          return end
        }
        touches.majorRadius[start + index] = value
      }
    }
    return end
  }

  /// Reads `count` timestamp deltas (in `quantum` nanoseconds) from `stream`, each from the one
  /// before (`end.timestamp` first), into `values` from `start` on; returns how many in a row are
  /// well-formed and in range, the last of them in `end.timestamp`, and counts in
  /// `end.outOfOrder` those earlier than the one before.
  @inline(__always)
  private static func readTimestamps(
    _ stream: inout ByteReader, count: Int, quantum: Int64,
    into values: UnsafeMutableBufferPointer<Int64>, at start: Int, end: inout RunEnd
  ) -> Int {
    var timestamp = end.timestamp
    var outOfOrder = 0
    defer {
      end.timestamp = timestamp
      end.outOfOrder = outOfOrder
    }
    return stream.readVarints(count: count) { index, raw in
      guard let next = Self.timestamp(ByteReader.signed(raw), quanta: quantum, after: timestamp)
      else {
        return false
      }
      outOfOrder &+= next < timestamp ? 1 : 0
      timestamp = next
      values[start &+ index] = next
      return true
    }
  }

  /// Reads `count` phase and flags bytes from `stream` into `phases` and `flags` from `start`
  /// on; returns how many in a row are well-formed, every flag bit they set in `anyFlags`.
  @inline(__always)
  private static func readHeads(
    _ stream: inout ByteReader, count: Int,
    into phases: UnsafeMutableBufferPointer<TouchSample.Phase>,
    _ flags: UnsafeMutableBufferPointer<UInt8>, at start: Int, anyFlags: inout UInt8
  ) -> Int {
    var any: UInt8 = 0
    defer { anyFlags |= any }
    return stream.readBytePairs(count: count) { index, byte, bits in
      guard let phase = TouchSample.Phase(rawValue: byte) else { return false }
      phases[start &+ index] = phase
      flags[start &+ index] = bits
      any |= bits
      return true
    }
  }

  /// Reads `count` touch ids from `stream` into `values` from `start` on; returns how many in a
  /// row are well-formed and fit 32 bits.
  @inline(__always)
  private static func readIDs(
    _ stream: inout ByteReader, count: Int, into values: UnsafeMutableBufferPointer<UInt32>,
    at start: Int
  ) -> Int {
    stream.readVarints(count: count) { index, raw in
      guard let id = UInt32(exactly: raw) else { return false }
      values[start &+ index] = id
      return true
    }
  }

  /// Reads `count` coordinate deltas from `stream`, each from the one before (`last` first, in
  /// 1/256 pt), into `values` from `start` on, in points; returns how many in a row are
  /// well-formed and in range, the last of them in `last`.
  @inline(__always)
  private static func readCoordinates(
    _ stream: inout ByteReader, count: Int, after previous: Int64,
    into values: UnsafeMutableBufferPointer<Double>, at start: Int, last: inout Int64
  ) -> Int {
    var coordinate = previous
    defer { last = coordinate }
    return stream.readVarints(count: count) { index, raw in
      guard let next = Self.coordinate(ByteReader.signed(raw), after: coordinate) else {
        return false
      }
      coordinate = next
      values[start &+ index] = Self.points(next)
      return true
    }
  }
}
