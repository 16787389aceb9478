// scrolltrace — numbers and times as people read them, the same on every machine.

/// Fixed-point and unit formatting for the table and markdown renderers (no locale, no libc).
package enum TextFormat {
  /// `value` with exactly `digits` decimals ("12.30"); "–" when not finite.
  package static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return String(value) }
    let integer = Int64(scaled)
    let sign = value < 0 && integer != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(integer) }
    let divisor = Int64(scale)
    let fraction = String(integer % divisor)
    return sign + String(integer / divisor) + "."
      + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  /// Nanoseconds as milliseconds with `digits` decimals ("16.67 ms").
  package static func ms(_ nanoseconds: Double, _ digits: Int = 2) -> String {
    fixed(nanoseconds / 1e6, digits) + " ms"
  }

  /// Nanoseconds on the trace's clock as seconds ("1.234 s").
  package static func seconds(_ nanoseconds: Int64) -> String {
    fixed(Double(nanoseconds) / 1e9, 3) + " s"
  }

  /// Seconds since the Unix epoch as a UTC date and time ("2026-11-26 09:00"), by the proleptic
  /// Gregorian calendar (Howard Hinnant's `civil_from_days`), with no locale.
  package static func date(_ seconds: Int64) -> String {
    let (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let day = second < 0 ? days - 1 : days
    let time = second < 0 ? second + 86_400 : second
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(y)-\(two(m))-\(two(d)) \(two(time / 3600)):\(two(time % 3600 / 60))"
  }

  /// Points with one decimal ("292.0 pt").
  package static func points(_ value: Double) -> String { fixed(value, 1) + " pt" }

  /// A ratio as a percentage ("66.7 %"), "–" for nil.
  package static func percent(_ value: Double?) -> String {
    value.map { fixed($0 * 100, 1) + " %" } ?? "–"
  }

  /// An item as `section:index`.
  package static func item(_ section: Int, _ index: Int) -> String { "\(section):\(index)" }

  /// `text` padded with spaces to `width` characters (longer text is kept whole).
  package static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `text` right-aligned in `width` characters.
  package static func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  /// `text` cut to `width` characters, its start replaced by "…" when too long (paths keep their
  /// end), its control characters shown as escapes (``visible(_:)``): a table's names come from
  /// input — a file name, a reuse identifier, a revision — and a terminal shows them as text.
  package static func tail(_ text: String, _ width: Int) -> String {
    let text = visible(text)
    return text.count <= width ? text : "…" + String(text.suffix(width - 1))
  }

  /// `text` with its control characters (line breaks, NUL, escape sequences) shown as their escapes
  /// (`\n`, `\u{1B}`), so that a terminal or a markdown table shows it as text on one line.
  package static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        out += scalar.escaped(asASCII: true)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

extension TextFormat {
  /// A value with up to 4 decimals, trailing zeros dropped ("5", "0.25", "1234.5678"); "–" for nil.
  ///
  /// `words` joined by spaces into lines of at most `width` columns, the first starting with
  /// `lead` and the rest with `indent` spaces (a word longer than a line gets a line of its own).
  package static func wrap(_ words: [String], lead: String, indent: Int, width: Int) -> [String] {
    var lines: [String] = []
    var prefix = lead
    var line: [String] = []
    for word in words {
      let length = prefix.count + line.reduce(0) { $0 + $1.count + 1 } + word.count
      if !line.isEmpty, length > width {
        lines.append(prefix + line.joined(separator: " "))
        prefix = String(repeating: " ", count: indent)
        line = []
      }
      line.append(word)
    }
    lines.append(prefix + line.joined(separator: " "))
    return lines
  }

  package static func number(_ value: Double?) -> String {
    guard let value else { return "–" }
    guard value.isFinite else { return value > 0 ? "∞" : (value < 0 ? "−∞" : "–") }
    var text = fixed(value, 4)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
