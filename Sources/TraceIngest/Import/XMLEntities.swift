// scrolltrace — XML's references in text and attribute values, resolved.

/// The references XML lets text and attribute values hold.
///
/// The five predefined entities (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`) and character
/// references (`&#65;`, `&#x42;`). No other entity exists for a reader that refuses document type
/// declarations, as ``XMLTokenizer`` does.
enum XMLEntities {
  /// A reference that is not one, and why.
  struct Unresolved: Error {
    /// What is wrong, for the error's message.
    var reason: String
  }

  /// `raw` with every reference replaced by the bytes it stands for, or the first that stands for
  /// nothing.
  static func expanded(_ raw: ArraySlice<UInt8>) -> Result<[UInt8], Unresolved> {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      guard byte == UInt8(ascii: "&") else {
        bytes.append(byte)
        index += 1
        continue
      }
      guard let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
        return .failure(Unresolved(reason: "a '&' that starts no entity"))
      }
      let entity = raw[(index + 1)..<semicolon]
      switch Array(entity) {
      case Array("lt".utf8): bytes.append(UInt8(ascii: "<"))
      case Array("gt".utf8): bytes.append(UInt8(ascii: ">"))
      case Array("amp".utf8): bytes.append(UInt8(ascii: "&"))
      case Array("quot".utf8): bytes.append(UInt8(ascii: "\""))
      case Array("apos".utf8): bytes.append(UInt8(ascii: "'"))
      default:
        guard let scalar = characterReference(entity) else {
          return .failure(
            Unresolved(reason: "an unknown entity &\(String(decoding: entity, as: UTF8.self));"))
        }
        bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
      }
      index = semicolon + 1
    }
    return .success(bytes)
  }

  /// The scalar `#NNN` or `#xHHH` names: a valid Unicode scalar other than NUL.
  static func characterReference(_ entity: ArraySlice<UInt8>) -> Unicode.Scalar? {
    guard entity.first == UInt8(ascii: "#") else { return nil }
    var digits = entity.dropFirst()
    var radix: UInt32 = 10
    if digits.first == UInt8(ascii: "x") {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 8 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      // At most eight digits: no overflow of 32 bits below 16⁸ is possible past 0x10FFFF's check.
      value = value &* radix &+ digit
      guard value <= 0x10FFFF else { return nil }
    }
    guard value != 0 else { return nil }
    return Unicode.Scalar(value)
  }
}
