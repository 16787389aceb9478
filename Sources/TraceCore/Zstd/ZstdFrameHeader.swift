// scrolltrace — a zstd frame's header and extent, read in Swift (RFC 8878, §3.1.1).

/// What a zstd frame header says, read before anything is allocated for the frame.
package enum ZstdFrameProbe: Equatable {
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

/// Why a zstd frame cannot be read: what `StoredFrames` throws, in RFC 8878's terms.
public struct ZstdFrameError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in zstd's terms.
  public var description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// A zstd frame's header fields and its extent, read from its bytes as RFC 8878 lays them out
/// (https://www.rfc-editor.org/rfc/rfc8878#section-3.1.1), without libzstd.
package struct ZstdFrameHeader: Equatable {
  /// The frame's magic number (§3.1.1), read little-endian.
  package static let magic: UInt32 = 0xFD2F_B528
  /// The largest `Window_Log` a decoder must accept, `ZSTD_WINDOWLOG_MAX` on 64-bit hosts.
  static let maximumWindowLog = 31

  /// The header's size in bytes, magic number included.
  package var size: Int
  /// The declared content size, when the header has one.
  package var contentSize: UInt64?
  /// Whether the frame ends with the low 32 bits of its content's XXH64.
  package var hasChecksum: Bool

  /// The header at the start of `bytes`.
  ///
  /// - Returns: nil when `bytes` ends inside it.
  /// - Throws: ``ZstdFrameError`` for a wrong magic number, a reserved bit set or a window larger
  ///   than a decoder accepts (§3.1.1.1.1–2).
  package static func read(_ bytes: UnsafeRawBufferPointer) throws(ZstdFrameError) -> Self? {
    if bytes.count >= 4, bytes.littleEndianUInt32(at: 0) != magic {
      throw ZstdFrameError("not a zstd frame (its magic number is wrong)")
    }
    guard bytes.count >= 5 else { return nil }
    let descriptor = bytes[4]
    guard descriptor & 0b1000 == 0 else {
      throw ZstdFrameError("the frame header's reserved bit is set")
    }
    let singleSegment = descriptor >> 5 & 1 == 1
    let sizeFlag = Int(descriptor >> 6)
    let dictionaryBytes = [0, 1, 2, 4][Int(descriptor & 3)]
    let sizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag]
    let size = 5 + (singleSegment ? 0 : 1) + dictionaryBytes + sizeBytes
    guard bytes.count >= size else { return nil }
    if !singleSegment, 10 + Int(bytes[5] >> 3) > maximumWindowLog {
      throw ZstdFrameError("the frame's window is larger than a decoder accepts")
    }
    var contentSize: UInt64?
    let at = size - sizeBytes
    switch sizeBytes {
    case 1: contentSize = UInt64(bytes[at])
    case 2: contentSize = (UInt64(bytes[at]) | UInt64(bytes[at + 1]) << 8) + 256
    case 4: contentSize = UInt64(bytes.littleEndianUInt32(at: at))
    case 8:
      contentSize =
        UInt64(bytes.littleEndianUInt32(at: at)) | UInt64(bytes.littleEndianUInt32(at: at + 4))
        << 32
    default: contentSize = nil
    }
    return ZstdFrameHeader(
      size: size, contentSize: contentSize, hasChecksum: descriptor & 0b100 != 0)
  }

  /// What the header at the start of `bytes` declares (`ZSTD_getFrameContentSize`'s answers).
  package static func probe(_ bytes: UnsafeRawBufferPointer) -> ZstdFrameProbe {
    do {
      guard let header = try read(bytes) else { return .needMoreBytes }
      guard let size = header.contentSize else { return .unknownContentSize }
      return .contentSize(size, hasChecksum: header.hasChecksum)
    } catch {
      return .invalid
    }
  }

  /// The size of the complete frame at the start of `bytes`, from its header and block headers
  /// (§3.1.1.2), as `ZSTD_findFrameCompressedSize` finds it; nil when `bytes` ends inside it.
  ///
  /// - Throws: ``ZstdFrameError`` for a malformed header or a reserved block type.
  package static func frameSize(_ bytes: UnsafeRawBufferPointer) throws(ZstdFrameError) -> Int? {
    guard let header = try read(bytes) else { return nil }
    var position = header.size
    while true {
      guard position + 3 <= bytes.count else { return nil }
      let block =
        Int(bytes[position]) | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2]) << 16
      position += 3
      switch block >> 1 & 3 {
      case 0, 2: position += block >> 3  // Raw or compressed: Block_Size bytes follow.
      case 1: position += 1  // RLE: one byte.
      default: throw ZstdFrameError("a block of the reserved type")
      }
      if block & 1 == 1 { break }
    }
    position += header.hasChecksum ? 4 : 0
    return position <= bytes.count ? position : nil
  }

  /// The largest frame that can hold `contentSize` bytes: `ZSTD_compressBound` (zstd.h), plus room
  /// for the frame header and checksum.
  package static func maximumFrameSize(forContentSize contentSize: Int) -> Int {
    let margin = contentSize < 128 << 10 ? ((128 << 10) - contentSize) >> 11 : 0
    return contentSize + contentSize >> 8 + margin + 32
  }
}

extension UnsafeRawBufferPointer {
  /// The little-endian `UInt32` at byte `offset`; the caller checked it is in range.
  package func littleEndianUInt32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
      | UInt32(self[offset + 3]) << 24
  }
}
