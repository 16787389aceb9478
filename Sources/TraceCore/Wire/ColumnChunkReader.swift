// scrolltrace — reading a chunk laid out by column (docs/trace-format.md, "Chunk layouts").

/// Where a column chunk's streams lie in its content, and how far each has been read: what a
/// reader keeps between batches.
///
/// Every size in the stream table is checked against the content
/// before anything is read.
struct ColumnCursor {
  /// The events the chunk declares.
  let eventCount: Int
  /// The events decoded so far.
  var decodedEvents = 0
  /// Each known stream's bytes in the content, in ``ColumnStream`` order.
  private let ranges: [Range<Int>]
  /// Each known stream's read position, as an offset into the content.
  private var positions: [Int]

  /// The events still to decode.
  var remainingEvents: Int { eventCount - decodedEvents }

  /// Parses the stream table of `content`; `nil` when the content is a chunk of rows.
  ///
  /// - Throws: `malformedChunk` for a table that does not describe the content exactly;
  ///   `unsupportedVersion` for a layout newer than this reader's.
  init?(content: UnsafeRawBufferPointer) throws(TraceFormatError) {
    let marker = WireLayout.columnChunkMarker
    guard content.count >= marker.count, content[0] == marker[0], content[1] == marker[1] else {
      return nil
    }
    var reader = ByteReader(content, position: marker.count)
    guard let layout = reader.readUInt8() else {
      throw TraceFormatError(.malformedChunk, "the column chunk ends before its layout byte")
    }
    guard layout == WireLayout.columnLayoutTag else {
      throw TraceFormatError(
        .unsupportedVersion,
        "the chunk's layout \(layout) is newer than this reader, which reads format \(FormatVersion.current) (rows and columns); update scrolltrace"
      )
    }
    guard let count = reader.readVarint(), let eventCount = Int(exactly: count),
      eventCount <= content.count
    else {
      throw TraceFormatError(
        .malformedChunk, "the column chunk's event count is malformed or larger than the chunk")
    }
    let known = ColumnStream.allCases.count
    guard let listed = reader.readVarint(), listed >= UInt64(known),
      listed <= UInt64(reader.remaining)
    else {
      throw TraceFormatError(
        .malformedChunk,
        "the column chunk's stream count is malformed, below \(known) or larger than the chunk")
    }
    var lengths: [Int] = []
    lengths.reserveCapacity(known)
    var total = 0
    for stream in 0..<Int(listed) {
      guard let raw = reader.readVarint(), let length = Int(exactly: raw), length <= content.count
      else {
        throw TraceFormatError(
          .malformedChunk,
          "the length of column stream \(stream) is malformed or larger than the chunk")
      }
      total += length  // Each at most content.count, and there are at most content.count of them.
      guard total <= reader.remaining else {
        throw TraceFormatError(.malformedChunk, "the column streams run past the end of the chunk")
      }
      if stream < known { lengths.append(length) }
    }
    guard total == reader.remaining else {
      throw TraceFormatError(
        .malformedChunk,
        "the column streams hold \(total) bytes, the chunk \(reader.remaining) after its table")
    }
    guard lengths[ColumnStream.kinds.rawValue] == eventCount else {
      throw TraceFormatError(
        .malformedChunk,
        "the kinds stream holds \(lengths[ColumnStream.kinds.rawValue]) bytes for \(eventCount) events (one each)"
      )
    }
    var start = reader.position
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(known)
    for length in lengths {
      ranges.append(start..<(start + length))
      start += length
    }
    self.eventCount = eventCount
    self.ranges = ranges
    self.positions = ranges.map(\.lowerBound)
  }

  /// Readers over every known stream of `content` (the content the table was parsed from), at
  /// their positions.
  func readers(_ content: UnsafeRawBufferPointer) -> ColumnReaders {
    func reader(_ stream: ColumnStream) -> ByteReader {
      let range = ranges[stream.rawValue]
      return ByteReader(
        UnsafeRawBufferPointer(rebasing: content[range]),
        position: positions[stream.rawValue] - range.lowerBound)
    }
    return ColumnReaders(
      times: reader(.times), kinds: reader(.kinds), touchHeads: reader(.touchHeads),
      touchIDs: reader(.touchIDs),
      touchX: reader(.touchX), touchY: reader(.touchY), touchExtras: reader(.touchExtras),
      lengths: reader(.lengths),
      payloads: reader(.payloads))
  }

  /// Keeps the positions `readers` reached.
  mutating func save(_ readers: ColumnReaders) {
    for stream in ColumnStream.allCases {
      positions[stream.rawValue] = ranges[stream.rawValue].lowerBound + readers[stream].position
    }
  }
}

/// One reader per stream of a column chunk: the decoder's working state for a batch.
struct ColumnReaders {
  var times: ByteReader
  var kinds: ByteReader
  var touchHeads: ByteReader
  var touchIDs: ByteReader
  var touchX: ByteReader
  var touchY: ByteReader
  var touchExtras: ByteReader
  var lengths: ByteReader
  var payloads: ByteReader

  /// The reader of `stream`.
  subscript(stream: ColumnStream) -> ByteReader {
    switch stream {
    case .times: times
    case .kinds: kinds
    case .touchHeads: touchHeads
    case .touchIDs: touchIDs
    case .touchX: touchX
    case .touchY: touchY
    case .touchExtras: touchExtras
    case .lengths: lengths
    case .payloads: payloads
    }
  }

  /// After a chunk's last event: an error naming the first stream with bytes left, which no
  /// event read (a damaged or non-canonical chunk).
  func leftover() -> TraceFormatError? {
    guard let stream = ColumnStream.allCases.first(where: { !self[$0].isAtEnd }) else { return nil }
    return TraceFormatError(
      .malformedChunk,
      "the \(stream.name) stream has \(self[stream].remaining) bytes that no event of the chunk reads"
    )
  }
}

extension EventDecoder {
  /// Decodes event `number` of a column chunk from its streams and appends it to `events`.
  ///
  /// Returns its kind and timestamp.
  ///
  /// - Throws: `malformedEvent` (or `limitExceeded`) naming the field and the event's number in
  ///   the chunk. Nothing is appended then.
  @discardableResult
  mutating func decode(
    _ columns: inout ColumnReaders, event number: Int, appendingTo events: inout EventBatch
  )
    throws(TraceFormatError) -> (kind: EventKind, timestamp: Int64)
  {
    guard let ticks = columns.times.readSignedVarint(), let kindByte = columns.kinds.readUInt8()
    else {
      throw malformed("the times or kinds stream ends or is malformed", at: Self.place(number))
    }
    let kind = EventKind(rawValue: kindByte)
    do throws(FieldError) {
      let timestamp = try timestamp(after: ticks)
      if kind == .touch {
        let sample = try touch(
          phase: columns.touchHeads.readUInt8(), flags: columns.touchHeads.readUInt8(),
          id: columns.touchIDs.readVarint(), dx: columns.touchX.readSignedVarint(),
          dy: columns.touchY.readSignedVarint(), extras: &columns.touchExtras)
        events.append(timestamp: timestamp, touch: sample)
      } else {
        guard let length = columns.lengths.readVarint(), let count = Int(exactly: length),
          var body = columns.payloads.readSlice(count)
        else {
          throw FieldError(
            "payload length is missing, or runs past the end of the payloads stream", inHeader: true
          )
        }
        events.append(TraceEvent(timestamp: timestamp, try payload(kindByte, at: timestamp, &body)))
      }
      advance(to: timestamp)
      return (kind, timestamp)
    } catch {
      throw malformed(error.message(kind), at: Self.place(number), code: error.code)
    }
  }

  private static func place(_ number: Int) -> String {
    "event \(number) of the chunk, laid out by column"
  }
}
