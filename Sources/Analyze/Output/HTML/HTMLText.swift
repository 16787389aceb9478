// scrolltrace — text made safe for HTML.

/// Escaping for HTML text and attributes.
enum HTMLText {
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
