// scrolltrace — the most a zstd frame can decompress to, read from its block headers alone.

/// The most bytes a complete zstd frame can decompress to, from its block headers (RFC 8878,
/// §3.1.1.2, https://www.rfc-editor.org/rfc/rfc8878#section-3.1.1.2), without decompressing it:
/// a raw block regenerates its `Block_Size` bytes, an RLE block its `Block_Size` repeats of one
/// byte, and a compressed block at most `Block_Maximum_Size`, 128 KiB (§3.1.1.2.4).
///
/// zstd's own
/// `ZSTD_decompressBound` computes the same.
///
/// A chunk that declares more content than this bound is damaged or crafted, and is refused
/// before anything is allocated for it: memory follows the bytes actually present (at most 32 768
/// times the frame's size, the ratio of an RLE block), whatever a frame header claims.
enum ZstdFrameBound {
  /// `Block_Maximum_Size`: no block regenerates more (§3.1.1.2.4).
  static let blockMaximumSize = 128 << 10

  /// The bound for the frame at the start of `frame`, which holds the whole frame; nil when the
  /// bytes are not a well-formed frame (a reserved block type, a block past the end).
  static func upperBound(_ frame: UnsafeRawBufferPointer) -> Int? {
    guard frame.count >= 6, frame.littleEndianUInt32(at: 0) == ZstdFrameHeader.magic else {
      return nil
    }
    let descriptor = frame[4]
    let singleSegment = descriptor >> 5 & 1 == 1
    let sizeFlag = Int(descriptor >> 6)
    let dictionaryFlag = Int(descriptor & 3)
    var position = 5 + (singleSegment ? 0 : 1)
    position += [0, 1, 2, 4][dictionaryFlag]
    position += [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag]
    var bound = 0
    while true {
      guard position + 3 <= frame.count else { return nil }
      let header =
        Int(frame[position]) | Int(frame[position + 1]) << 8 | Int(frame[position + 2]) << 16
      position += 3
      let isLast = header & 1 == 1
      let size = header >> 3
      switch header >> 1 & 3 {
      case 0:  // Raw: the block's bytes, as they are.
        guard size <= blockMaximumSize else { return nil }
        position += size
        bound += size
      case 1:  // RLE: one byte, repeated.
        guard size <= blockMaximumSize else { return nil }
        position += 1
        bound += size
      case 2:  // Compressed: at most a block's maximum.
        position += size
        bound += blockMaximumSize
      default:  // Reserved.
        return nil
      }
      guard position <= frame.count else { return nil }
      if isLast { return bound }
    }
  }
}
