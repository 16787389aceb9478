// scrolltrace — the index frame (docs/trace-format.md, "Index frame").

/// Encodes and decodes the content of the trailing index frame: "SCTI", the entries, a CRC-32,
/// the frame's total size and "SCIX", so that a reader finds the index from the file's end.
enum IndexCodec {
  /// The whole index frame, skippable header included.
  static func encodeFrame(_ index: TraceIndex) -> [UInt8] {
    let contentSize =
      4 + 4 + WireLayout.indexEntrySize * index.chunks.count + 4 + WireLayout.footerSize
    var out = ByteWriter(capacity: WireLayout.skippableHeaderSize + contentSize)
    out.writeUInt32(WireLayout.indexFrameMagic)
    out.writeUInt32(UInt32(contentSize))
    out.writeBytes(WireLayout.indexMagic)
    out.writeUInt32(UInt32(index.chunks.count))
    for chunk in index.chunks {
      out.writeUInt64(UInt64(chunk.fileOffset))
      out.writeUInt32(UInt32(chunk.compressedSize))
      out.writeUInt32(UInt32(chunk.rawSize))
      out.writeUInt32(UInt32(chunk.eventCount))
      out.writeInt64(chunk.firstTimestamp)
      out.writeInt64(chunk.lastTimestamp)
    }
    out.writeUInt32(CRC32.checksum(out.bytes[WireLayout.skippableHeaderSize...]))
    out.writeUInt32(UInt32(WireLayout.skippableHeaderSize + contentSize))
    out.writeBytes(WireLayout.footerMagic)
    return out.bytes
  }

  /// Decodes an index frame's content (without the skippable header); `frameSize` is the whole
  /// frame's size, which the footer must repeat.
  static func decode(_ content: [UInt8], frameSize: Int) throws(TraceFormatError) -> TraceIndex {
    let fixed = 4 + 4 + 4 + WireLayout.footerSize
    guard content.count >= fixed, Array(content[0..<4]) == WireLayout.indexMagic else {
      throw TraceFormatError(.malformedIndex, "index frame does not start with \"SCTI\"")
    }
    return try content.withBytes { raw throws(TraceFormatError) -> TraceIndex in
      var reader = ByteReader(raw, position: 4)
      guard let count = reader.readUInt32(),
        content.count == fixed + Int(count) * WireLayout.indexEntrySize
      else {
        throw TraceFormatError(.malformedIndex, "index entry count disagrees with the frame size")
      }
      let checked = 8 + Int(count) * WireLayout.indexEntrySize
      var trailer = ByteReader(raw, position: checked)
      guard let stored = trailer.readUInt32(), CRC32.checksum(content[0..<checked]) == stored else {
        throw TraceFormatError(.malformedIndex, "index checksum mismatch: the index is damaged")
      }
      guard trailer.readUInt32() == UInt32(frameSize),
        trailer.readBytes(4) == WireLayout.footerMagic
      else {
        throw TraceFormatError(.malformedIndex, "the index footer is damaged")
      }
      var chunks: [TraceIndex.Chunk] = []
      chunks.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let offset = reader.readUInt64(), let compressed = reader.readUInt32(),
          let rawSize = reader.readUInt32(), let events = reader.readUInt32(),
          let first = reader.readInt64(), let last = reader.readInt64(),
          let fileOffset = Int64(exactly: offset)
        else { throw TraceFormatError(.malformedIndex, "index entry is malformed") }
        chunks.append(
          TraceIndex.Chunk(
            fileOffset: fileOffset, compressedSize: Int(compressed), rawSize: Int(rawSize),
            eventCount: Int(events), firstTimestamp: first, lastTimestamp: last))
      }
      return TraceIndex(chunks: chunks)
    }
  }
}
