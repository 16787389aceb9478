// scrolltrace — CRC-32 for the header and index frames.

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as in zlib's `crc32` and PNG.
///
/// zstd checksums its own frames (XXH64); the header and index live in skippable frames that zstd
/// does not check, so they carry this CRC. Check value: CRC-32("123456789") = 0xCBF43926.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    return crc
  }

  /// Returns the CRC-32 of `bytes`.
  static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}
