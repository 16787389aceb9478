// scrolltrace — the magic numbers and fixed sizes of the file layout (docs/trace-format.md).

/// The constants of the file layout.
///
/// Every number here is specified in `docs/trace-format.md`.
enum WireLayout {
  /// The magic number of a standard zstd frame (`ZSTD_MAGICNUMBER`), read little-endian.
  static let zstdFrameMagic: UInt32 = 0xFD2F_B528
  /// The first of the sixteen skippable-frame magic numbers (`ZSTD_MAGIC_SKIPPABLE_START`).
  static let skippableMagicBase: UInt32 = 0x184D_2A50
  /// The mask that maps every skippable magic number to the base (`ZSTD_MAGIC_SKIPPABLE_MASK`).
  static let skippableMagicMask: UInt32 = 0xFFFF_FFF0
  /// The skippable frame that holds the header (first frame of the file).
  static let headerFrameMagic: UInt32 = 0x184D_2A50
  /// The skippable frame that holds the index (last frame of the file).
  static let indexFrameMagic: UInt32 = 0x184D_2A5E
  /// "SCTR": the first four bytes of the header frame's content.
  static let headerMagic: [UInt8] = Array("SCTR".utf8)
  /// "SCTI": the first four bytes of the index frame's content.
  static let indexMagic: [UInt8] = Array("SCTI".utf8)
  /// "SCIX": the last four bytes of a file that has an index.
  static let footerMagic: [UInt8] = Array("SCIX".utf8)
  /// The size of a skippable frame's own header: magic and content size, both u32.
  static let skippableHeaderSize = 8
  /// The footer: the index frame's total size (u32) and "SCIX".
  static let footerSize = 8
  /// The bytes of one index entry.
  static let indexEntrySize = 36
  /// The most bytes a zstd frame header can take (`ZSTD_FRAMEHEADERSIZE_MAX`).
  static let zstdFrameHeaderMaxSize = 18

  /// Whether `magic` is one of zstd's skippable-frame magic numbers.
  static func isSkippable(_ magic: UInt32) -> Bool {
    magic & skippableMagicMask == skippableMagicBase
  }
}
