// scrolltrace — a JSON string's escapes decoded, and its bytes checked as UTF-8.

/// The escapes of RFC 8259 §7 (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` with
/// UTF-16 surrogate pairs) decoded to UTF-8, for ``JSONParser`` (which checks them) and
/// ``JSONDocument`` (which decodes a string when it is read).
enum JSONEscapes {
  /// The bytes of a string's text between its quotes with every escape decoded, or nil where an
  /// escape is not one of JSON's or a surrogate is alone.
  static func decode(_ body: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(body.count)
    var offset = body.startIndex
    while offset < body.endIndex {
      let byte = body[offset]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        offset += 1
        continue
      }
      guard offset + 1 < body.endIndex else { return nil }
      let escaped = body[offset + 1]
      offset += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var scalar = hexUnit(body, at: offset) else { return nil }
        offset += 4
        if (0xD800...0xDBFF).contains(scalar) {
          // A high surrogate: its low half must follow as the next escape.
          guard offset + 1 < body.endIndex, body[offset] == UInt8(ascii: "\\"),
            body[offset + 1] == UInt8(ascii: "u"), let low = hexUnit(body, at: offset + 2),
            (0xDC00...0xDFFF).contains(low)
          else { return nil }
          offset += 6
          scalar = 0x1_0000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          return nil
        }
        // A scalar: surrogates are paired above or refused, and a pair is at most U+10FFFF.
        guard let decoded = Unicode.Scalar(scalar) else { return nil }
        UTF8.encode(decoded) { out.append($0) }
      default: return nil
      }
    }
    return out
  }

  /// The four hexadecimal digits at `offset` as a UTF-16 code unit, or nil.
  private static func hexUnit(_ body: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> UInt32?
  {
    guard body.endIndex - offset >= 4 else { return nil }
    var unit: UInt32 = 0
    for byte in body[offset..<offset + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt32(digit)
    }
    return unit
  }
}
