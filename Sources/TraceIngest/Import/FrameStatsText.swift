// scrolltrace — a dump's bytes as text: UTF-8 or UTF-16, whatever ends its lines.

/// Turns a dump's bytes into lines, as dumps are saved: UTF-8 with or without a byte-order mark,
/// UTF-16 (little- or big-endian) with one, or UTF-16LE without one (every other byte zero);
/// lines ending in LF, CRLF or CR CR LF (old `adb shell` pseudo-terminal output), or CR alone.
enum FrameStatsText {
  /// The text, or `nil` when the bytes are neither valid UTF-8 nor valid UTF-16.
  static func decode(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return String(utf8Validating: bytes.dropFirst(3))
    }
    if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), littleEndian: true) }
    if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), littleEndian: false) }
    // UTF-16LE without a mark: ASCII text with a zero after every byte.
    if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0, bytes[2] != 0 {
      return utf16(bytes[...], littleEndian: true)
    }
    return String(utf8Validating: bytes[...])
  }

  private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String? {
    guard bytes.count % 2 == 0 else { return nil }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(littleEndian ? first | second << 8 : first << 8 | second)
      index += 2
    }
    var text = ""
    var iterator = units.makeIterator()
    var decoder = UTF16()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
      case .emptyInput: break decoding
      case .error: return nil
      }
    }
    return text
  }

  /// The text's lines, without their ends.
  ///
  /// A line ends at LF, CRLF or CR (so CR CR LF leaves an empty line behind, which readers pass
  /// over). The text is split on its UTF-8 bytes: Swift reads CRLF as one `Character`, so a split
  /// on the `Character` "\n" would find no line end in a CRLF file.
  static func lines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      let byte = bytes[index]
      guard byte == 0x0A || byte == 0x0D else {
        index = bytes.index(after: index)
        continue
      }
      lines.append(text[start..<index])
      index = bytes.index(after: index)
      if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A {
        index = bytes.index(after: index)
      }
      start = index
    }
    lines.append(text[start...])
    return lines
  }
}
