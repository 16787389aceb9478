// scrolltrace — text made safe for markdown: the one escaping every markdown renderer uses.

import Analyze
import TraceCore

/// Escaping for GitHub-flavoured markdown: what a pull-request comment carries.
///
/// A name or string from input is either text (``text(_:)``: every character markdown would
/// read as syntax is backslash-escaped, so it never becomes HTML, a link, emphasis or a new table
/// cell) or code (``code(_:)``: a code span whose fence is longer than any run of backticks
/// inside). Line breaks and other control characters are shown as their escapes (`\n`), so a value
/// stays on its line. Raw HTML lines the renderers write (`<details>`) escape names with
/// ``HTMLText/escape(_:)`` instead.
enum MarkdownText {
  /// The ASCII punctuation that inline markdown or a table reads as syntax (HTML, code, emphasis,
  /// links, strikethrough, entities, cells): CommonMark lets a backslash escape each.
  private static let inline: Set<Unicode.Scalar> = [
    "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&",
  ]
  /// What starts a block (a heading, a list, a quote, a rule) when it begins a line.
  private static let blockStart: Set<Unicode.Scalar> = ["#", "+", "-", "=", ".", "!"]

  /// `text` as markdown text that renders as itself: syntax characters backslash-escaped, and
  /// its first character too when it would start a block.
  static func text(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in TextFormat.visible(text).unicodeScalars {
      if inline.contains(scalar) || (out.isEmpty && blockStart.contains(scalar)) {
        out.unicodeScalars.append("\\")
      }
      out.unicodeScalars.append(scalar)
    }
    return out
  }

  /// `text` as a code span: fenced by one more backtick than its longest run of backticks, padded
  /// with a space where it starts or ends with one; a pipe is escaped when the span is in a table
  /// cell (`inCell`, as GitHub's tables read `\|` inside code too).
  static func code(_ text: String, inCell: Bool = true) -> String {
    var content = TextFormat.visible(text)
    var longest = 0
    var run = 0
    for character in content.unicodeScalars {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    if inCell {
      content = content.unicodeScalars.reduce(into: "") { out, scalar in
        if scalar == "|" { out.unicodeScalars.append("\\") }
        out.unicodeScalars.append(scalar)
      }
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded =
      content.hasPrefix("`") || content.hasSuffix("`") || content.isEmpty
      ? " " + content + " " : content
    return fence + padded + fence
  }
}
