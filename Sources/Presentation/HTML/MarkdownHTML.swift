// scrolltrace — the markdown report's tables and text as HTML.

import Analyze

/// Converts the markdown that ``Report/markdown`` writes to HTML: `###` headings, pipe tables with
/// their alignment rows, `> ` callouts as blockquotes, `**bold**` and `` `code` `` inline, and the
/// raw `<details>`, `<summary>` and `<sub>` lines it already writes as HTML.
///
/// It is not a general
/// markdown parser: it reads the one dialect scrolltrace produces, so the HTML report's tables are
/// the markdown report's, cell for cell.
enum MarkdownHTML {
  /// The HTML of `markdown`.
  ///
  /// The first table's body rows link their first cell to `links`, in
  /// order (a report's summary row to its trace's plots); `<details>` open when `openDetails`.
  static func render(_ markdown: String, links: [String] = [], openDetails: Bool = true) -> String {
    var out: [String] = []
    var table: [String] = []
    var tables = 0
    func flushTable() {
      guard table.count >= 2 else {
        out += table.map { "<p>\(inline($0))</p>" }
        table = []
        return
      }
      let header = cells(table[0])
      let alignments = cells(table[1]).map { $0.hasSuffix(":") ? " class=\"num\"" : "" }
      var html = [
        "<table>",
        "<thead><tr>" + header.map { "<th>\(inline($0))</th>" }.joined() + "</tr></thead>",
        "<tbody>",
      ]
      for (number, row) in table.dropFirst(2).enumerated() {
        let values = cells(row)
        html.append(
          "<tr>"
            + values.enumerated().map { column, value in
              let text = inline(value)
              let cell =
                column == 0 && tables == 0 && number < links.count
                ? "<a href=\"\(links[number])\">\(text)</a>" : text
              return "<td\(column < alignments.count ? alignments[column] : "")>\(cell)</td>"
            }.joined() + "</tr>")
      }
      tables += 1
      html += ["</tbody>", "</table>"]
      out.append(html.joined(separator: "\n"))
      table = []
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("|") {
        table.append(line)
        continue
      }
      flushTable()
      if line.isEmpty { continue }
      if line.hasPrefix("### ") {
        out.append("<h3>\(inline(String(line.dropFirst(4))))</h3>")
      } else if line.hasPrefix("<details>") || line.hasPrefix("</details>") {
        out.append(
          line.hasPrefix("<details>") && openDetails
            ? "<details open>" + line.dropFirst("<details>".count) : line)
      } else if line.hasPrefix("> ") {
        out.append("<blockquote>\(inline(String(line.dropFirst(2))))</blockquote>")
      } else if line.hasPrefix("<sub>") {
        out.append("<p class=\"small\">\(inline(String(line.dropFirst(5).dropLast(6))))</p>")
      } else {
        out.append("<p>\(inline(line))</p>")
      }
    }
    flushTable()
    return out.joined(separator: "\n")
  }

  /// A table row's cells, as GitHub's tables split them.
  ///
  /// A backslash escapes the character after it, and `\|` is a pipe inside a cell (inside code
  /// too); other escapes are kept for ``inline(_:)``. Read by code point, as cmark reads: a pipe
  /// followed by a combining mark is still a pipe.
  static func cells(_ row: String) -> [String] {
    var cells: [String] = []
    var current = String.UnicodeScalarView()
    var escaped = false
    for c in row.unicodeScalars.dropFirst() {
      if escaped {
        if c != "|" { current.append("\\") }
        current.append(c)
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "|" {
        cells.append(String(current).trimmingSpaces())
        current = String.UnicodeScalarView()
      } else {
        current.append(c)
      }
    }
    return cells
  }

  /// The HTML of one line of inline markdown, as the renderers write it.
  ///
  /// Backslash escapes, code spans of any fence length and `**bold**`; everything else is text,
  /// escaped. Read by code point, as cmark reads.
  /// What CommonMark lets a backslash escape: ASCII punctuation and symbols.
  private static let escapable = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

  static func inline(_ text: String) -> String {
    var out = ""
    var bold = false
    let chars = Array(text.unicodeScalars)
    func slice(_ range: Range<Int>) -> String {
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: chars[range])
      return String(scalars)
    }
    var index = 0
    while index < chars.count {
      let c = chars[index]
      let next: Unicode.Scalar = index + 1 < chars.count ? chars[index + 1] : " "
      if c == "\\", Self.escapable.contains(next) {
        out += HTMLText.escape(slice(index + 1..<index + 2))
        index += 2
      } else if c == "`" {
        // A code span: a run of backticks, closed by the next run of the same length.
        var fence = 0
        while index + fence < chars.count, chars[index + fence] == "`" { fence += 1 }
        var end = index + fence
        var close: Int?
        while end < chars.count {
          var run = 0
          while end + run < chars.count, chars[end + run] == "`" { run += 1 }
          if run == fence {
            close = end
            break
          }
          end += max(run, 1)
        }
        guard let close else {
          out += String(repeating: "`", count: fence)
          index += fence
          continue
        }
        var content = slice(index + fence..<close)
        if content.unicodeScalars.count >= 2, content.unicodeScalars.first == " ",
          content.unicodeScalars.last == " ", content.unicodeScalars.contains(where: { $0 != " " })
        {
          content = slice(index + fence + 1..<close - 1)
        }
        out += "<code>" + HTMLText.escape(content) + "</code>"
        index = close + fence
      } else if c == "*", index + 1 < chars.count, chars[index + 1] == "*" {
        out += bold ? "</strong>" : "<strong>"
        bold.toggle()
        index += 2
      } else {
        out += HTMLText.escape(slice(index..<index + 1))
        index += 1
      }
    }
    if bold { out += "</strong>" }
    return out
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
