// scrolltrace — libzstd's decompressor, for the tools (CZstd is imported only inside Zstd/).

internal import CZstd
import TraceCore

/// Decompresses one whole zstd frame at a time into a caller-bounded buffer.
///
/// Final and
/// non-`Sendable`: it owns a `ZSTD_DCtx`.
final class ZstdDecompressor: ChunkDecompressor {
  private let context: OpaquePointer

  init() throws(TraceFormatError) {
    guard let context = ZSTD_createDCtx() else {
      throw TraceFormatError(
        .decompressionFailed, "zstd could not allocate a decompression context")
    }
    self.context = context
  }

  deinit { ZSTD_freeDCtx(context) }

  /// Decompresses the single frame `source` into `destination`, which must be exactly the
  /// declared content size, and returns the number of bytes written.
  func decompress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer)
    throws -> Int
  {
    try ZstdError.check(
      ZSTD_decompressDCtx(
        context, destination.baseAddress, destination.count, source.baseAddress, source.count))
  }
}

@available(*, unavailable)
extension ZstdDecompressor: Sendable {}
