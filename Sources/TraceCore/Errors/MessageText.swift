// scrolltrace — messages that stay one readable line, whatever the input put in them.

/// What every error and warning line goes through: control characters shown as escapes, the
/// line bounded, lists cut short with how many more there are.
///
/// Input reaches messages: a file name with a newline or an escape sequence, a value 2 MB long,
/// twenty thousand skipped traces. A message is still one line a terminal shows as text, of a
/// length a CI log keeps.
package enum MessageText {
  /// The longest line a message is written as, in characters (a path may be 4 096 bytes; a
  /// message names at most a few).
  package static let maximumLength = 8_192

  /// `items` joined by `separator`, at most `limit` of them, then "and N more".
  package static func list(_ items: [String], limit: Int = 10, separator: String = ", ") -> String {
    let shown = items.prefix(limit).joined(separator: separator)
    return items.count > limit ? "\(shown) and \(items.count - limit) more" : shown
  }

  /// `message` as one bounded line: control characters (line breaks, NUL, escape sequences)
  /// shown as their escapes (`\n`, `\u{1B}`), and at most ``maximumLength`` characters, then how
  /// many more there were.
  package static func line(_ message: String) -> String {
    var out = ""
    var count = 0
    var total = 0
    for scalar in message.unicodeScalars {
      total += 1
      guard count < maximumLength else { continue }
      if scalar.properties.generalCategory == .control {
        out += scalar.escaped(asASCII: true)
      } else {
        out.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return total > maximumLength
      ? out + "… (\(total - maximumLength) more characters)" : out
  }
}
