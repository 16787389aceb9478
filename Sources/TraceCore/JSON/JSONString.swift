// scrolltrace — a string as JSON text: quoted and escaped, the same way wherever JSON is written.

/// JSON strings as every writer in the package writes them (reports, scripts): RFC 8259's escapes
/// for the quote, the backslash and the control characters, everything else as it is.
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
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
