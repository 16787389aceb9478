// scrolltrace — the one place that decompresses (CZstd is imported only inside Zstd/).

internal import CZstd

/// What a zstd frame header says, read before anything is allocated for the frame.
enum ZstdFrameProbe: Equatable {
  /// The frame declares its decompressed size, in bytes, and whether it ends with a checksum of
  /// its content (XXH64, `Content_Checksum_flag`).
  case contentSize(UInt64, hasChecksum: Bool)
  /// The frame does not declare its size (zstd streams written without a pledged size).
  case unknownContentSize
  /// The bytes do not hold a complete zstd frame header yet.
  case needMoreBytes
  /// The bytes are not a valid zstd frame header.
  case invalid
}

/// Decompresses one whole zstd frame at a time into a caller-bounded buffer.
///
/// Final and
/// non-`Sendable`: it owns a `ZSTD_DCtx`.
final class ZstdDecompressor {
  private let context: OpaquePointer

  init() throws(TraceFormatError) {
    guard let context = ZSTD_createDCtx() else {
      throw TraceFormatError(
        .decompressionFailed, "zstd could not allocate a decompression context")
    }
    self.context = context
  }

  deinit { ZSTD_freeDCtx(context) }

  /// Reads the declared content size (`ZSTD_getFrameContentSize`) and the checksum flag from a
  /// frame header: bit 2 of the Frame_Header_Descriptor, the byte after the magic number
  /// (RFC 8878, "Content_Checksum_Flag", https://www.rfc-editor.org/rfc/rfc8878#section-3.1.1.1.1.4).
  static func probe(_ bytes: UnsafeRawBufferPointer) -> ZstdFrameProbe {
    let size = ZSTD_getFrameContentSize(bytes.baseAddress, bytes.count)
    switch size {
    case UInt64.max: return .unknownContentSize  // ZSTD_CONTENTSIZE_UNKNOWN
    case UInt64.max - 1:  // ZSTD_CONTENTSIZE_ERROR: too short, or not a frame.
      return bytes.count < WireLayout.zstdFrameHeaderMaxSize ? .needMoreBytes : .invalid
    default:
      // A size was read, so the header (magic and descriptor at least) is there.
      return .contentSize(size, hasChecksum: bytes.count > 4 && bytes[4] & 0b100 != 0)
    }
  }

  /// The size of the complete frame at the start of `bytes` (`ZSTD_findFrameCompressedSize`), or
  /// `nil` when `bytes` ends inside the frame.
  ///
  /// - Throws: the zstd error when the frame is malformed in a way more bytes cannot fix.
  static func compressedSize(_ bytes: UnsafeRawBufferPointer) throws(ZstdError) -> Int? {
    do {
      return try ZstdError.check(ZSTD_findFrameCompressedSize(bytes.baseAddress, bytes.count))
    } catch  where error.code == ZstdError.sourceSizeWrong {
      return nil
    }
  }

  /// The largest compressed frame that can hold `contentSize` bytes (`ZSTD_compressBound`, plus
  /// room for the frame header and checksum).
  static func maximumFrameSize(forContentSize contentSize: Int) -> Int {
    ZSTD_compressBound(contentSize) + 32
  }

  /// Decompresses the single frame `source` into `destination`, which must be exactly the
  /// declared content size, and returns the number of bytes written.
  func decompress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer)
    throws(ZstdError) -> Int
  {
    try ZstdError.check(
      ZSTD_decompressDCtx(
        context, destination.baseAddress, destination.count, source.baseAddress, source.count))
  }
}

@available(*, unavailable)
extension ZstdDecompressor: Sendable {}
