// scrolltrace — libzstd's compressor, for the tools (CZstd is imported only inside Zstd/).

internal import CZstd
import TraceCore

/// Compresses each chunk into one standard zstd frame with its content size and checksum set
/// (`ZSTD_c_contentSizeFlag`, `ZSTD_c_checksumFlag`), single-threaded so that identical input
/// gives identical bytes with the same libzstd version.
final class ZstdCompressor: ChunkCompressor {
  private let context: OpaquePointer
  private var output: [UInt8] = []

  /// Creates a compressor at `level` (1…19; zstd's default is 3).
  init(level: Int) throws(TraceFormatError) {
    guard let context = ZSTD_createCCtx() else {
      throw TraceFormatError(.compressionFailed, "zstd could not allocate a compression context")
    }
    self.context = context
    do {
      _ = try ZstdError.check(
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, Int32(level)))
      _ = try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1))
      _ = try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 1))
    } catch {
      ZSTD_freeCCtx(context)
      throw TraceFormatError(.compressionFailed, "zstd rejected level \(level): \(error)")
    }
  }

  deinit { ZSTD_freeCCtx(context) }

  /// Returns `source` compressed as one zstd frame.
  func compress(_ source: [UInt8]) throws(TraceFormatError) -> [UInt8] {
    let bound = ZSTD_compressBound(source.count)
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
    let context = self.context
    let written: Int
    do {
      written = try output.withMutableBytes { out throws(ZstdError) in
        try source.withBytes { src throws(ZstdError) in
          try ZstdError.check(
            ZSTD_compress2(context, out.baseAddress, out.count, src.baseAddress, src.count))
        }
      }
    } catch {
      throw TraceFormatError(.compressionFailed, "zstd failed to compress a chunk: \(error)")
    }
    return Array(output[0..<written])
  }
}

@available(*, unavailable)
extension ZstdCompressor: Sendable {}
