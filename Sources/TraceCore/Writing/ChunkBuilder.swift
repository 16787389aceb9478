// scrolltrace — events into independently decodable chunks.

/// Turns a header and events into the frames of a trace file: the header frame, one zstd frame
/// per chunk, and the index frame.
///
/// Pure bookkeeping; `TraceWriter` does the I/O.
package struct ChunkBuilder {
  let options: TraceWriter.Options
  private let compressor: any ChunkCompressor
  private var encoder = EventEncoder()
  private var raw: ByteWriter
  private var columns = ColumnChunkWriter()
  private var scratch = ByteWriter(capacity: 1024)
  private var eventCount = 0
  private var firstTimestamp: Int64 = 0
  private var lastTimestamp: Int64 = 0
  /// The file offset the next frame will start at.
  private(set) var offset: Int64 = 0
  /// The chunks written so far.
  private(set) var index = TraceIndex(chunks: [])

  package init(options: TraceWriter.Options, compressor: any ChunkCompressor)
    throws(TraceFormatError)
  {
    guard options.maximumChunkSize >= 64,
      options.maximumChunkSize <= DecodeLimits.default.maximumChunkSize
    else {
      throw TraceFormatError(
        .invalidValue,
        "maximumChunkSize must be within 64...\(DecodeLimits.default.maximumChunkSize) bytes, not \(options.maximumChunkSize)"
      )
    }
    self.options = options
    self.compressor = compressor
    self.raw = ByteWriter(capacity: options.maximumChunkSize)
  }

  /// The header frame, which declares the version of the layout the chunks are written in (a
  /// header read from a 1.0 file and written by column is 1.3), or, for chunks by column, the
  /// later version `header.version` asks for (1.4's content, 1.5's keyboard), up to
  /// ``FormatVersion/current``.
  package mutating func headerFrame(_ header: TraceHeader) throws(TraceFormatError) -> [UInt8] {
    var header = header
    let asked = min(header.version, .current)
    header.version = options.chunkLayout.formatVersion
    if options.chunkLayout == .columns, asked > header.version { header.version = asked }
    let content = try HeaderCodec.encode(header)
    encoder.quantum = header.timestampQuantum
    var frame = ByteWriter(capacity: content.count + 8)
    frame.writeUInt32(WireLayout.headerFrameMagic)
    frame.writeUInt32(UInt32(content.count))
    frame.writeBytes(content)
    offset += Int64(frame.count)
    return frame.bytes
  }

  /// Adds an event; returns a finished chunk frame when the event did not fit in the current one.
  ///
  /// - Throws: `invalidValue` for an event the format cannot hold, or one larger than a chunk.
  mutating func append(_ event: TraceEvent) throws(TraceFormatError) -> [UInt8]? {
    // Encode against the current chunk's state; if it does not fit, encode it again as the first
    // event of a fresh chunk (deltas restart from zero there). Only the small delta state is
    // saved, so the hot path allocates nothing.
    let saved = encoder.state
    var finished: [UInt8]?
    var size = try encode(event)
    if size > options.maximumChunkSize && eventCount > 0 {
      encoder.state = saved
      finished = try finishChunk()
      size = try encode(event)
    }
    guard size <= options.maximumChunkSize else {
      encoder.reset()
      columns.removeAll()
      throw TraceFormatError(
        .invalidValue,
        "a \(event.kind) event of \(size) bytes is larger than a chunk (\(options.maximumChunkSize) bytes)"
      )
    }
    if options.chunkLayout == .rows { raw.writeBytes(scratch.bytes) }
    if eventCount == 0 { firstTimestamp = event.timestamp }
    lastTimestamp = event.timestamp
    eventCount += 1
    return finished
  }

  /// Encodes `event` into the current chunk and returns the chunk's content size with it.
  ///
  /// A row
  /// waits in `scratch` until the caller adds it; columns are taken back when the event does not
  /// fit, so that the caller can close the chunk without it.
  private mutating func encode(_ event: TraceEvent) throws(TraceFormatError) -> Int {
    switch options.chunkLayout {
    case .rows:
      scratch.removeAll()
      try encoder.encode(event, into: &scratch)
      return raw.count + scratch.count
    case .columns:
      let mark = columns.mark
      try encoder.encode(event, into: &columns)
      let size = columns.contentSize
      if size > options.maximumChunkSize { columns.rollBack(to: mark) }
      return size
    }
  }

  /// Ends the current chunk and returns its frame, or `nil` when it holds no event.
  mutating func finishChunk() throws(TraceFormatError) -> [UInt8]? {
    guard eventCount > 0 else { return nil }
    let content = options.chunkLayout == .rows ? raw.bytes : columns.content()
    let frame: [UInt8]
    do {
      frame = try compressor.compress(content)
    } catch let error as TraceFormatError {
      throw error
    } catch {
      throw TraceFormatError(.compressionFailed, "\(error)")
    }
    index.chunks.append(
      TraceIndex.Chunk(
        fileOffset: offset, compressedSize: frame.count, rawSize: content.count,
        eventCount: eventCount,
        firstTimestamp: firstTimestamp, lastTimestamp: lastTimestamp))
    offset += Int64(frame.count)
    raw.removeAll()
    columns.removeAll()
    encoder.reset()
    eventCount = 0
    return frame
  }

  /// The index frame for the chunks written so far.
  mutating func indexFrame() -> [UInt8] {
    let frame = IndexCodec.encodeFrame(index)
    offset += Int64(frame.count)
    return frame
  }
}
