// scrolltrace — the touches of a column chunk decoded a stream at a time.

/// The decoded fields of a run of touches, one array per field, kept between batches so that
/// decoding a run allocates nothing (``EventDecoder/decodeTouchRun(_:limit:scratch:appendingTo:stats:)``).
struct TouchRunScratch {
  fileprivate var timestamps: [Int64] = []
  fileprivate var phases: [TouchSample.Phase] = []
  fileprivate var flags: [UInt8] = []
  fileprivate var ids: [UInt32] = []
  fileprivate var xs: [Int64] = []
  fileprivate var ys: [Int64] = []
  /// Forces and radii, in the order the touches' flags ask for them.
  fileprivate var extras: [Double] = []

  /// Makes room for `count` touches (the extras grow as they are read).
  fileprivate mutating func reserve(_ count: Int) {
    guard timestamps.count < count else { return }
    timestamps = Array(repeating: 0, count: count)
    phases = Array(repeating: .began, count: count)
    flags = Array(repeating: 0, count: count)
    ids = Array(repeating: 0, count: count)
    xs = Array(repeating: 0, count: count)
    ys = Array(repeating: 0, count: count)
  }
}

extension EventDecoder {
  /// Decodes the touches at the front of a column chunk's streams, at most `limit` of them, and
  /// appends them to `events`, counted in `stats`; returns how many (0 when the next event is not
  /// a touch, or is a touch with a damaged field).
  ///
  /// ``decode(_:event:appendingTo:)`` reads an event's fields from six streams in turn, so the six
  /// cursors live in memory; here each stream is read for the whole run in one loop, its cursor in
  /// registers (docs/performance.md, "Round five"). The events, the streams' positions and the delta
  /// state after a run are exactly what decoding its touches one by one gives: the same checks
  /// (``timestamp(_:quanta:after:)``, ``coordinate(_:after:)``, ``isLength(_:)``), and a run ends
  /// before the first touch with a field that is missing, malformed or out of range, which that
  /// method then decodes, to report it.
  mutating func decodeTouchRun(
    _ columns: inout ColumnReaders, limit: Int, scratch: inout TouchRunScratch,
    appendingTo events: inout EventBatch,
    stats: inout DecodeStats
  ) -> Int {
    var count = columns.kinds.leadingCount(of: EventKind.touch.rawValue, limit: limit)
    guard count > 0 else { return 0 }
    scratch.reserve(count)
    var after = columns
    let valid = readFields(&after, count: count, into: &scratch)
    if valid < count {
      // Each touch's checks depend only on the touches before it: the touches before a damaged
      // one read again alone leave every stream where they end.
      count = valid
      after = columns
      guard count > 0, readFields(&after, count: count, into: &scratch) == count else { return 0 }
    }
    _ = after.kinds.skip(count)
    var extra = 0
    for index in 0..<count {
      let flags = scratch.flags[index]
      var force: Double?
      var radius: Double?
      if flags & 1 != 0 {
        force = scratch.extras[extra]
        extra += 1
      }
      if flags & 2 != 0 {
        radius = scratch.extras[extra]
        extra += 1
      }
      let timestamp = scratch.timestamps[index]
      events.append(
        timestamp: timestamp,
        touch: TouchSample(
          touchID: scratch.ids[index], phase: scratch.phases[index],
          location: Self.location(x: scratch.xs[index], y: scratch.ys[index]), force: force,
          majorRadius: radius))
      stats.count(.touch, at: timestamp)
    }
    columns = after
    advance(to: scratch.timestamps[count - 1], x: scratch.xs[count - 1], y: scratch.ys[count - 1])
    return count
  }

  /// Reads the fields of the next `count` touches (at most the scratch's room) into `scratch`,
  /// one stream at a time; returns how many touches in a row have every field well-formed and in
  /// range.
  ///
  /// The streams are left past those touches when that is all `count`.
  private func readFields(
    _ columns: inout ColumnReaders, count: Int, into scratch: inout TouchRunScratch
  ) -> Int {
    var valid = count
    var timestamp = previousTimestamp
    scratch.timestamps.withUnsafeMutableBufferPointer { timestamps in
      for index in 0..<valid {
        guard let ticks = columns.times.readSignedVarint(),
          let next = Self.timestamp(ticks, quanta: quantum, after: timestamp)
        else {
          valid = index
          return
        }
        timestamp = next
        timestamps[index] = next
      }
    }
    var extras = 0
    for index in 0..<valid {
      guard let byte = columns.touchHeads.readUInt8(),
        let phase = TouchSample.Phase(rawValue: byte),
        let flags = columns.touchHeads.readUInt8()
      else {
        valid = index
        break
      }
      scratch.phases[index] = phase
      scratch.flags[index] = flags
      extras += Int(flags & 1) + Int(flags >> 1 & 1)
    }
    scratch.ids.withUnsafeMutableBufferPointer { ids in
      for index in 0..<valid {
        guard let raw = columns.touchIDs.readVarint(), let id = UInt32(exactly: raw) else {
          valid = index
          return
        }
        ids[index] = id
      }
    }
    valid = Self.readCoordinates(&columns.touchX, count: valid, after: previousX, into: &scratch.xs)
    valid = Self.readCoordinates(&columns.touchY, count: valid, after: previousY, into: &scratch.ys)
    scratch.extras.removeAll(keepingCapacity: true)
    guard extras > 0 else { return valid }
    for index in 0..<valid {
      // The force first, then the major radius, as each touch's flags ask.
      for bit: UInt8 in 1...2 where scratch.flags[index] & bit != 0 {
        guard let value = columns.touchExtras.readFloat64(), Self.isLength(value) else {
          return index
        }
        scratch.extras.append(value)
      }
    }
    return valid
  }

  /// Reads `count` coordinate deltas from `stream` into `values`, each from the one before
  /// (`previous` first); returns how many in a row are well-formed and in range.
  @inline(__always)
  private static func readCoordinates(
    _ stream: inout ByteReader, count: Int, after previous: Int64, into values: inout [Int64]
  )
    -> Int
  {
    var coordinate = previous
    return values.withUnsafeMutableBufferPointer { values in
      for index in 0..<count {
        guard let delta = stream.readSignedVarint(),
          let next = Self.coordinate(delta, after: coordinate)
        else {
          return index
        }
        coordinate = next
        values[index] = next
      }
      return count
    }
  }
}
