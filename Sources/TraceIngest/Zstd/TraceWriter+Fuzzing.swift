// scrolltrace — traces around arbitrary chunk content, for the fuzz suite (Fuzz/README.md).

extension TraceWriter {
  /// A whole trace file — `header`'s frame, then `chunkContent` compressed as one zstd frame with
  /// its content size and checksum — without an index, and without checking that the content
  /// holds valid events.
  ///
  /// The fuzz suite wraps mutated bytes this way so that they reach the event decoder instead of
  /// stopping at zstd's checksum. Not for writing traces: use `append(_:)`.
  ///
  /// - Throws: `TraceFormatError` (`invalidValue`) when the header cannot be encoded.
  @_spi(Fuzzing)
  public static func trace(header: TraceHeader, chunkContent: [UInt8]) throws -> [UInt8] {
    var builder = try ChunkBuilder(options: Options(), compressor: StoredFrames())
    var bytes = try builder.headerFrame(header)
    bytes += try ZstdCompressor(level: 1).compress(chunkContent)
    return bytes
  }
}
