// scrolltrace — how deep a JSON text nests, checked before it is parsed.

/// The nesting of a JSON text, scanned before a parser sees it: Foundation's parser refuses text
/// nested deeper than 512 levels with a bare "not valid JSON", so every JSON input (scripts,
/// reports, budgets, cost models) is scanned first and refused with the real reason.
package enum JSONNesting {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 500

  /// The byte offset where nesting first goes past ``maximumDepth``, or nil: a scan that skips
  /// strings, linear in the bytes.
  package static func offsetBeyondLimit(_ bytes: [UInt8]) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for (offset, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumDepth { return offset }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return nil
  }
}
