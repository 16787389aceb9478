// scrolltrace — file names as the operating system has them: bytes, not always UTF-8.

/// File names as bytes.
///
/// A Linux file name is any bytes but `/` and NUL; Swift strings are Unicode.
/// A name that is not valid UTF-8 (`caf\xE9.sctrace`, written in Latin-1) survives the trip
/// through a `String` because each byte that is not part of valid UTF-8 is kept as a private-use
/// scalar, U+10FF00 + the byte (U+10FF80…U+10FFFF), and turned back into that byte whenever the
/// name reaches the operating system. Valid UTF-8 that spells one of those scalars is kept byte
/// by byte the same way, so every name round-trips exactly.
///
/// The tool reads its arguments with ``string(fromCString:)``; every open, stat, rename and
/// unlink goes through ``filePath(_:)`` or ``withCString(_:_:)``; and what it prints shows such a
/// byte as `\xE9` (``display(_:)``).
package enum PathName {
  /// The first of the scalars that stand for raw bytes: U+10FF00 + byte.
  static let escapeBase: UInt32 = 0x10_FF00

  /// The name in `cString`'s bytes, each byte that is not valid UTF-8 kept as its scalar.
  package static func string(fromCString cString: UnsafePointer<CChar>) -> String {
    var length = 0
    while cString[length] != 0 { length += 1 }
    return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
      string(fromBytes: UnsafeBufferPointer(start: $0, count: length))
    }
  }

  /// The name in `bytes`, each byte that is not valid UTF-8 kept as its scalar (well-formed UTF-8
  /// as the Unicode Standard's table 3-7 defines it).
  package static func string(fromBytes bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    func escape(_ byte: UInt8) {
      // Every escapeBase + byte is a valid scalar: U+10FF00…U+10FFFF.
      if let scalar = Unicode.Scalar(escapeBase + UInt32(byte)) { scalars.append(scalar) }
    }
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        scalars.append(Unicode.Scalar(lead))
        index += 1
        continue
      }
      // The sequence's length and the range of its second byte (table 3-7).
      let (length, low, high): (Int, UInt8, UInt8) =
        switch lead {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
      guard length > 0, index + length <= bytes.count, (low...high).contains(bytes[index + 1]),
        bytes[(index + 2)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
      else {
        escape(lead)
        index += 1
        continue
      }
      var value = UInt32(lead) & [0, 0, 0x1F, 0x0F, 0x07][length]
      for byte in bytes[(index + 1)..<(index + length)] { value = value << 6 | UInt32(byte & 0x3F) }
      if value >= escapeBase + 0x80 {
        for byte in bytes[index..<(index + length)] { escape(byte) }
      } else if let scalar = Unicode.Scalar(value) {
        scalars.append(scalar)
      }
      index += length
    }
    return String(scalars)
  }

  /// The bytes the name stands for: UTF-8, with each escaped byte turned back into that byte.
  package static func bytes(_ path: String) -> [UInt8] {
    guard path.utf8.contains(0xF4) else { return Array(path.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
        bytes.append(UInt8(scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with the name as a NUL-terminated C string of its bytes.
  package static func withCString<Result>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    guard path.utf8.contains(0xF4) else { return try path.withCString(body) }
    var cString = bytes(path).map { CChar(bitPattern: $0) }
    cString.append(0)
    return try body(cString)
  }

  /// `text` with each escaped byte shown as `\xE9`, for messages and reports.
  package static func display(_ text: String) -> String {
    guard text.utf8.contains(0xF4) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
        let byte = scalar.value - escapeBase
        out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
