// scrolltrace — the markdown report's tables and text as HTML.

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

  /// A table row's cells; `\|` is a pipe inside a cell.
  static func cells(_ row: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var escaped = false
    for c in row.dropFirst() {
      if escaped {
        current.append(c)
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "|" {
        cells.append(current.trimmingSpaces())
        current = ""
      } else {
        current.append(c)
      }
    }
    return cells
  }

  /// Escapes the text, then turns `**x**` into bold and `` `x` `` into code.
  static func inline(_ text: String) -> String {
    var out = ""
    var bold = false
    var code = false
    var chars = Array(text)[...]
    while let c = chars.first {
      chars = chars.dropFirst()
      if c == "`" {
        out += code ? "</code>" : "<code>"
        code.toggle()
      } else if c == "*", chars.first == "*", !code {
        chars = chars.dropFirst()
        out += bold ? "</strong>" : "<strong>"
        bold.toggle()
      } else {
        out += HTMLText.escape(String(c))
      }
    }
    if code { out += "</code>" }
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
