// scrolltrace — a string as JSON text: quoted and escaped, the same way wherever JSON is written.

/// JSON strings as every writer in the package writes them (reports, scripts): RFC 8259's escapes
/// for the quote, the backslash and the control characters, everything else as it is, but for a
/// name's bytes that are not UTF-8.
///
/// A file name that is not UTF-8 is kept in a `String` with each such byte as the scalar
/// U+10FF00 + byte (``PathName``). In JSON that scalar is written as its UTF-16 escape pair
/// (`\uDBFF\uDFFF` for the byte 0xFF): the text stays ASCII there, every JSON reader accepts it,
/// and scrolltrace reads it back as the same byte, so a report names the same file.
package enum JSONString {
  /// `string` quoted and escaped.
  package static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      case _ where scalar.value >= PathName.escapeBase:
        // U+10FF00…U+10FFFF: a name's raw byte (PathName), as its surrogate pair.
        let value = scalar.value - 0x1_0000
        for unit in [0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF)] {
          out += "\\u" + String(unit, radix: 16, uppercase: true)
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
