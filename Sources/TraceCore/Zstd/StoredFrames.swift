// scrolltrace — zstd frames of stored blocks, written and read in Swift alone.

/// Chunks as standard zstd frames whose blocks hold the content as it is (`Raw_Block`, RFC 8878
/// §3.1.1.2.2, https://www.rfc-editor.org/rfc/rfc8878#section-3.1.1.2.2): what an app writes
/// without libzstd.
///
/// A frame is the magic number, a header with `Single_Segment_flag` set, the content size and
/// `Content_Checksum_flag`, then blocks of at most 128 KiB (`Block_Maximum_Size`, §3.1.1.2.4),
/// the last one flagged, then the low 32 bits of the content's XXH64. Any zstd decoder reads
/// it (`zstd -dc`); it is as large as the content plus 3 bytes a block and 13 bytes a frame, and
/// `scrolltrace convert` compresses it.
///
/// As a decompressor it reads raw and RLE blocks and checks the checksum; a compressed block, which
/// only libzstd writes, is an error that says so.
public struct StoredFrames: ChunkCompressor, ChunkDecompressor, Sendable {
  /// The most a stored block holds, in bytes (`Block_Maximum_Size`).
  static let blockSize = 128 << 10

  /// Creates the codec; it holds no state.
  public init() {}

  /// The zstd frame of `content`, stored as it is.
  public func compress(_ content: [UInt8]) -> [UInt8] {
    var frame: [UInt8] = []
    frame.reserveCapacity(content.count + 13 + 3 * (content.count / Self.blockSize + 1))
    append(ZstdFrameHeader.magic, bytes: 4, to: &frame)
    let size = UInt64(content.count)
    // Frame_Header_Descriptor: Frame_Content_Size_flag (bits 7–6), Single_Segment_flag (bit 5),
    // Content_Checksum_flag (bit 2); then the content size in 1, 2, 4 or 8 bytes.
    switch size {
    case ..<256:
      frame.append(0b0010_0100)
      append(size, bytes: 1, to: &frame)
    case ..<(65_536 + 256):
      frame.append(0b0110_0100)
      append(size - 256, bytes: 2, to: &frame)
    case ...UInt64(UInt32.max):
      frame.append(0b1010_0100)
      append(size, bytes: 4, to: &frame)
    default:
      frame.append(0b1110_0100)
      append(size, bytes: 8, to: &frame)
    }
    var start = 0
    repeat {
      let end = min(start + Self.blockSize, content.count)
      let isLast = end == content.count
      // Block_Header: Last_Block (bit 0), Block_Type 0 = Raw (bits 1–2), Block_Size (bits 3–23).
      append(UInt64((end - start) << 3 | (isLast ? 1 : 0)), bytes: 3, to: &frame)
      frame.append(contentsOf: content[start..<end])
      start = end
    } while start < content.count
    let checksum = content.withUnsafeBytes { XXH64.hash($0) }
    append(checksum & 0xFFFF_FFFF, bytes: 4, to: &frame)
    return frame
  }

  /// Reads the frame `frame`, of raw and RLE blocks, into `destination`.
  ///
  /// - Throws: ``ZstdFrameError`` for a malformed or truncated frame, a compressed block, content
  ///   larger than `destination`, or a checksum that does not match.
  public func decompress(
    _ frame: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer
  ) throws -> Int {
    guard let header = try ZstdFrameHeader.read(frame) else {
      throw ZstdFrameError("the frame ends inside its header")
    }
    var position = header.size
    var written = 0
    var isLast = false
    while !isLast {
      guard position + 3 <= frame.count else {
        throw ZstdFrameError("the frame ends inside a block")
      }
      let block =
        Int(frame[position]) | Int(frame[position + 1]) << 8 | Int(frame[position + 2]) << 16
      position += 3
      isLast = block & 1 == 1
      let size = block >> 3
      guard size <= Self.blockSize else { throw ZstdFrameError("a block larger than 128 KiB") }
      guard written + size <= destination.count else {
        throw ZstdFrameError("the content is larger than the frame declares")
      }
      switch block >> 1 & 3 {
      case 0:
        guard position + size <= frame.count else {
          throw ZstdFrameError("the frame ends inside a block")
        }
        if size > 0, let target = destination.baseAddress, let source = frame.baseAddress {
          (target + written).copyMemory(from: source + position, byteCount: size)
        }
        position += size
      case 1:
        guard position < frame.count else { throw ZstdFrameError("the frame ends inside a block") }
        if size > 0, let target = destination.baseAddress {
          (target + written).initializeMemory(
            as: UInt8.self, repeating: frame[position], count: size)
        }
        position += 1
      case 2:
        throw ZstdFrameError(
          "a compressed block: this build reads stored chunks only (scrolltrace convert, or libzstd, reads every trace)"
        )
      default:
        throw ZstdFrameError("a block of the reserved type")
      }
      written += size
    }
    if let declared = header.contentSize, declared != UInt64(written) {
      throw ZstdFrameError("the frame declares \(declared) bytes of content but holds \(written)")
    }
    if header.hasChecksum {
      guard position + 4 <= frame.count else {
        throw ZstdFrameError("the frame ends inside its checksum")
      }
      let stored = frame.littleEndianUInt32(at: position)
      let computed = XXH64.hash(UnsafeRawBufferPointer(rebasing: destination[..<written]))
      guard UInt32(truncatingIfNeeded: computed) == stored else {
        throw ZstdFrameError("the content does not match the frame's checksum")
      }
    }
    return written
  }

  private func append(_ value: UInt64, bytes count: Int, to frame: inout [UInt8]) {
    for index in 0..<count { frame.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }

  private func append(_ value: UInt32, bytes count: Int, to frame: inout [UInt8]) {
    append(UInt64(value), bytes: count, to: &frame)
  }
}
