// scrolltrace — colour for the words a reader must not miss, on a terminal only.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colours `REGRESSED`, `FAILED` (red) and `inconclusive` (yellow) in a table written to a
/// terminal.
///
/// Never in a file or a pipe, never with `NO_COLOR` set to anything but the empty string
/// (no-color.org), never for `TERM=dumb`.
enum TerminalStyle {
  /// The words coloured, with their ANSI SGR codes.
  static let highlights: [(word: String, code: String)] = [
    ("REGRESSED", "1;31"), ("FAILED", "1;31"), ("inconclusive", "33"),
  ]

  /// Whether colour suits `output`: a terminal, `NO_COLOR` unset or empty, `TERM` not `dumb`.
  static func isEnabled(for output: Output) -> Bool {
    guard output.isTerminal else { return false }
    let environment = ToolRun.current.environment
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return true
  }

  /// `text` with the highlighted words coloured.
  static func highlighted(_ text: String) -> String {
    var text = text
    for (word, code) in highlights {
      text = text.replacing(word, with: "\u{1B}[\(code)m\(word)\u{1B}[0m")
    }
    return text
  }

  /// `text` coloured when `output` suits colour, as it is otherwise.
  static func styled(_ text: String, for output: Output) -> String {
    isEnabled(for: output) ? highlighted(text) : text
  }
}
