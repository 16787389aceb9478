// scrolltrace — what laying a chunk out by column would save: a measurement, not a format.

/// Compresses a trace's events three ways, chunk by chunk as ``TraceWriter`` cuts them, to decide
/// whether a columnar chunk layout is worth a new format version (docs/performance.md, "Bytes per
/// event"):
///
/// - **rows**: the format as it is, each event's record after the previous one (the chunk
///   content ``TraceWriter`` compresses);
/// - **columns**: the same records split into streams, one after the other in the chunk: timestamp
///   deltas, kinds, payload lengths, touch phase and flags, touch ids, touch x deltas, touch y
///   deltas, touch force and radius, and the other payloads. The values are the rows' own
///   encodings (varints, fixed point), only regrouped, so zstd sees like next to like;
/// - **columns, timestamps delta-of-delta**: as columns, with each timestamp delta stored as its
///   difference from the previous one (a steady touch rate becomes a run of small numbers).
///
/// Every variant is compressed with the writer's zstd level and cut at the same events, so the
/// sizes compare layouts only. Nothing here is read back: a layout that earns its place becomes
/// a format version with a reader and tests.
@_spi(Benchmarks)
public struct ChunkLayoutExperiment {
  /// Compressed bytes of every chunk laid out in rows (the format as it is).
  public private(set) var rowBytes = 0
  /// Compressed bytes of every chunk laid out in columns.
  public private(set) var columnBytes = 0
  /// Compressed bytes of every chunk in columns, timestamps delta-of-delta.
  public private(set) var deltaOfDeltaBytes = 0
  /// Uncompressed bytes of every chunk in rows (what `zstd -dc` gives).
  public private(set) var rawBytes = 0
  /// Chunks cut.
  public private(set) var chunks = 0

  private let options: TraceWriter.Options
  private let compressor: ZstdCompressor
  private var encoder = EventEncoder()
  private var record = ByteWriter(capacity: 256)
  private var rows = ByteWriter()
  private var columns = Columns()
  private var previousDelta: Int64 = 0

  /// An experiment with the writer's `options` (compression level, chunk size) for a trace with
  /// timestamp quantum `quantum` (nanoseconds).
  ///
  /// - Throws: `TraceFormatError` for a compression level zstd refuses.
  public init(options: TraceWriter.Options = TraceWriter.Options(), quantum: Int64 = 1) throws(TraceFormatError) {
    self.options = options
    compressor = try ZstdCompressor(level: options.compressionLevel)
    encoder.quantum = max(quantum, 1)
  }

  /// Adds one event.
  ///
  /// - Throws: `TraceFormatError` for an event the format cannot hold.
  public mutating func add(_ event: TraceEvent) throws(TraceFormatError) {
    record.removeAll()
    try encoder.encode(event, into: &record)
    if rows.count + record.count > options.maximumChunkSize, rows.count > 0 {
      // As the writer does: the event opens the next chunk, its deltas from zero.
      try finishChunk()
      encoder.reset()
      record.removeAll()
      try encoder.encode(event, into: &record)
    }
    rows.writeBytes(record.bytes)
    columns.add(record: record.bytes, previousDelta: &previousDelta)
  }

  /// Compresses the last chunk; call once after the last event.
  ///
  /// - Throws: `TraceFormatError` when zstd fails.
  public mutating func finish() throws(TraceFormatError) {
    if rows.count > 0 { try finishChunk() }
  }

  private mutating func finishChunk() throws(TraceFormatError) {
    chunks += 1
    rawBytes += rows.count
    rowBytes += try compressor.compress(rows.bytes).count
    columnBytes += try compressor.compress(columns.joined(deltaOfDelta: false)).count
    deltaOfDeltaBytes += try compressor.compress(columns.joined(deltaOfDelta: true)).count
    rows.removeAll()
    columns = Columns()
    previousDelta = 0
  }

  /// One chunk's records split into streams.
  private struct Columns {
    var timestamps = ByteWriter(), deltaOfDelta = ByteWriter(), kinds = ByteWriter(), lengths = ByteWriter()
    var touchHeads = ByteWriter(), touchIDs = ByteWriter(), touchX = ByteWriter(), touchY = ByteWriter()
    var touchExtras = ByteWriter(), payloads = ByteWriter()

    /// Splits one record (`EventEncoder`'s: timestamp delta, kind, payload length, payload).
    mutating func add(record: [UInt8], previousDelta: inout Int64) {
      var cursor = 0
      let delta = Self.varint(record, &cursor)
      timestamps.writeBytes(record[delta.range])
      let value = Self.zigzag(delta.value)
      deltaOfDelta.writeSignedVarint(value &- previousDelta)
      previousDelta = value
      guard cursor < record.count else { return }
      let kind = record[cursor]
      kinds.writeUInt8(kind)
      cursor += 1
      let length = Self.varint(record, &cursor)
      lengths.writeBytes(record[length.range])
      let payload = Array(record[min(cursor, record.count)...])
      guard kind == EventKind.touch.rawValue, payload.count >= 2 else {
        payloads.writeBytes(payload)
        return
      }
      touchHeads.writeBytes(payload[0..<2])
      var field = 2
      touchIDs.writeBytes(payload[Self.varint(payload, &field).range])
      touchX.writeBytes(payload[Self.varint(payload, &field).range])
      touchY.writeBytes(payload[Self.varint(payload, &field).range])
      touchExtras.writeBytes(payload[min(field, payload.count)...])
    }

    /// The streams one after the other.
    func joined(deltaOfDelta useDeltaOfDelta: Bool) -> [UInt8] {
      let streams = [useDeltaOfDelta ? deltaOfDelta : timestamps, kinds, lengths, touchHeads, touchIDs, touchX, touchY, touchExtras, payloads]
      return streams.flatMap(\.bytes)
    }

    /// The varint at `cursor` (its bytes and value), moving the cursor past it; stops at the end.
    static func varint(_ bytes: [UInt8], _ cursor: inout Int) -> (range: Range<Int>, value: UInt64) {
      let start = min(cursor, bytes.count)
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while cursor < bytes.count {
        let byte = bytes[cursor]
        cursor += 1
        if shift < 64 { value |= UInt64(byte & 0x7F) << shift }
        shift += 7
        if byte & 0x80 == 0 { break }
      }
      return (start..<min(cursor, bytes.count), value)
    }

    /// A zigzag-coded varint's signed value.
    static func zigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
  }
}
