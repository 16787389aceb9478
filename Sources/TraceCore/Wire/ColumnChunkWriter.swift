// scrolltrace — one chunk's events laid out by column (docs/trace-format.md, "Chunk layouts").

/// Collects one chunk's encoded fields into the streams of ``ColumnStream`` and joins them into
/// the chunk's content: marker, layout, event count, stream table, streams.
struct ColumnChunkWriter {
  private var streams = [ByteWriter](repeating: ByteWriter(), count: ColumnStream.allCases.count)
  /// The events written.
  private(set) var eventCount = 0

  /// Where every stream ended: what ``rollBack(to:)`` returns to.
  ///
  /// Inline, so that taking one for
  /// every event allocates nothing.
  struct Mark {
    // A tuple, not an array: nothing to allocate. (Not `InlineArray`, which Apple platforms have
    // only from iOS 26 and macOS 26; the recorder's core runs on older ones.)
    private var storage = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    fileprivate var eventCount = 0

    /// The end of stream `index`, in bytes.
    fileprivate subscript(index: Int) -> Int {
      get {
        // Unreachable from input: indexes come from the writer's own `streams.indices` (nine).
        precondition(index >= 0 && index < 9, "a chunk has nine streams")
        return withUnsafeBytes(of: storage) {
          $0.load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
        }
      }
      set {
        // Unreachable from input: indexes come from the writer's own `streams.indices` (nine).
        precondition(index >= 0 && index < 9, "a chunk has nine streams")
        withUnsafeMutableBytes(of: &storage) {
          $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
        }
      }
    }
  }

  /// The current end of every stream.
  var mark: Mark {
    var mark = Mark()
    for index in streams.indices { mark[index] = streams[index].count }
    mark.eventCount = eventCount
    return mark
  }

  /// Forgets what was written after `mark`.
  mutating func rollBack(to mark: Mark) {
    for index in streams.indices { streams[index].truncate(to: mark[index]) }
    eventCount = mark.eventCount
  }

  /// Forgets every event.
  mutating func removeAll() {
    for index in streams.indices { streams[index].removeAll() }
    eventCount = 0
  }

  /// Appends one event's fields.
  mutating func append(_ fields: EncodedEvent, payload: [UInt8]) {
    streams[ColumnStream.times.rawValue].writeSignedVarint(fields.ticks)
    streams[ColumnStream.kinds.rawValue].writeUInt8(fields.kind)
    if let touch = fields.touch {
      streams[ColumnStream.touchHeads.rawValue].writeUInt8(touch.phase)
      streams[ColumnStream.touchHeads.rawValue].writeUInt8(touch.flags)
      streams[ColumnStream.touchIDs.rawValue].writeVarint(UInt64(touch.touchID))
      streams[ColumnStream.touchX.rawValue].writeSignedVarint(touch.dx)
      streams[ColumnStream.touchY.rawValue].writeSignedVarint(touch.dy)
      if let force = touch.force { streams[ColumnStream.touchExtras.rawValue].writeFloat64(force) }
      if let radius = touch.majorRadius {
        streams[ColumnStream.touchExtras.rawValue].writeFloat64(radius)
      }
    } else {
      streams[ColumnStream.lengths.rawValue].writeVarint(UInt64(payload.count))
      streams[ColumnStream.payloads.rawValue].writeBytes(payload)
    }
    eventCount += 1
  }

  /// The bytes ``content()`` would return.
  var contentSize: Int {
    var size = WireLayout.columnChunkMarker.count + 1 + ByteWriter.varintSize(UInt64(eventCount))
    size += ByteWriter.varintSize(UInt64(streams.count))
    for stream in streams { size += ByteWriter.varintSize(UInt64(stream.count)) + stream.count }
    return size
  }

  /// The chunk's content.
  func content() -> [UInt8] {
    var out = ByteWriter(capacity: contentSize)
    out.writeBytes(WireLayout.columnChunkMarker)
    out.writeUInt8(WireLayout.columnLayoutTag)
    out.writeVarint(UInt64(eventCount))
    out.writeVarint(UInt64(streams.count))
    for stream in streams { out.writeVarint(UInt64(stream.count)) }
    for stream in streams { out.writeBytes(stream.bytes) }
    return out.bytes
  }
}
