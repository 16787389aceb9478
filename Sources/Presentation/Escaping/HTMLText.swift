// scrolltrace — text made safe for HTML: the one escaping every HTML and SVG renderer uses.

import Analyze

/// Escaping for HTML and SVG text and attribute values.
///
/// Every name or string that comes from input — a trace's file name, a device's name, a saved
/// report's fields, a store's branches and revisions, an engine's descriptor — goes through
/// ``escape(_:)`` before it reaches a page, so it is shown as text and never read as markup.
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as character references, and control characters
  /// (other than tab) shown as their escapes (`\n`, `\u{1B}`): safe in element content and in a
  /// quoted attribute value.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t": out += "\t"
      default:
        if scalar.properties.generalCategory == .control {
          out += scalar.escaped(asASCII: true)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
