// scrolltrace — how a chunk's content becomes a zstd frame and back.

/// Compresses a chunk's content into one whole zstd frame (RFC 8878) that declares its content
/// size and ends with a content checksum, as the trace format requires
/// (docs/trace-format.md, "Chunks").
///
/// ``StoredFrames`` writes the content as it is, in Swift; `TraceIngest`'s libzstd compressor
/// shrinks it. Both frames read with any zstd decoder.
public protocol ChunkCompressor {
  /// The zstd frame of `content`.
  ///
  /// - Throws: the compressor's error when it cannot.
  func compress(_ content: [UInt8]) throws -> [UInt8]
}

/// Decompresses one whole zstd frame into a buffer of exactly its declared content size.
///
/// ``StoredFrames`` reads raw and RLE blocks, in Swift; `TraceIngest`'s libzstd decompressor
/// reads every frame.
public protocol ChunkDecompressor {
  /// Decompresses `frame` into `destination`; returns the number of bytes written.
  ///
  /// - Throws: the decompressor's error for a frame it cannot read, a checksum that does not
  ///   match, or content larger than `destination`.
  func decompress(_ frame: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer)
    throws -> Int
}
