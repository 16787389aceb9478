// scrolltrace fuzz suite — pages read as a browser and GitHub read them, for markup the tool did
// not write.

/// Checks a page the tool wrote for markup that hostile strings could have put in it.
///
/// **HTML** is tokenized as HTML5 tokenizes tags (WHATWG HTML, "13.2.5 Tokenization": a tag opens
/// at `<` followed by a letter, `/` or `!`, its name runs to whitespace, `/` or `>`, attributes
/// are names with optional values, quoted or not): every element must be one the tool writes,
/// every attribute one it writes, no event handler, no link out of the page.
///
/// **Markdown** is read as GitHub-flavoured markdown reads inline text: backslash escapes, code
/// spans of any fence length, and raw HTML, which opens where a `<` is followed by a letter, `/`,
/// `!` or `?`. Outside code spans no raw HTML may open, but for the HTML blocks the tool writes
/// (`<details>`, `</details>` lines), which are checked as HTML, and the `<sub>` it wraps its small
/// print in; and every row of a table has as many unescaped pipes as its header row.
public enum PageCheck {
  static let elements: Set<String> = [
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "a", "code",
    "strong", "section", "figure", "figcaption", "div", "span", "details", "summary", "sub",
    "blockquote", "table", "thead", "tbody", "tr", "th", "td", "br", "svg", "rect", "line",
    "polyline", "path", "circle", "text", "title", "g", "!doctype",
  ]
  static let attributes: Set<String> = [
    "class", "id", "href", "charset", "name", "content", "lang", "open", "role", "viewbox",
    "width", "height", "x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "d", "points", "fill",
    "stroke", "stroke-width", "stroke-dasharray", "opacity", "text-anchor", "xmlns", "aria-label",
    "style",
  ]

  /// The first problem in `html`, or `nil` when it holds only the tool's markup.
  public static func html(_ html: String) -> String? {
    let bytes = Array(html.utf8)
    var index = 0
    var rawText: String?  // inside <style> or <title>: text until its end tag
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      let closing = next == UInt8(ascii: "/")
      let nameStart = closing ? index + 2 : index + 1
      guard nameStart < bytes.count,
        isLetter(bytes[nameStart]) || bytes[nameStart] == UInt8(ascii: "!")
      else {
        index += 1
        continue
      }
      var end = nameStart
      while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"),
        bytes[end] != UInt8(ascii: "/") || end == nameStart
      {
        end += 1
      }
      let name = String(decoding: bytes[nameStart..<end], as: UTF8.self).lowercased()
      if let open = rawText {
        // Only the matching end tag leaves raw text.
        if closing, name == open { rawText = nil }
        index = end
        continue
      }
      guard elements.contains(name) else { return "an element the tool never writes: <\(name)>" }
      // Attributes, to the tag's `>`.
      var cursor = end
      while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") {
        if isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") {
          cursor += 1
          continue
        }
        var nameEnd = cursor
        while nameEnd < bytes.count, !isSpace(bytes[nameEnd]),
          ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[nameEnd])
        {
          nameEnd += 1
        }
        let attribute = String(decoding: bytes[cursor..<nameEnd], as: UTF8.self).lowercased()
        cursor = nameEnd
        var value = ""
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
          cursor += 1
          if cursor < bytes.count,
            bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'")
          {
            let quote = bytes[cursor]
            let valueStart = cursor + 1
            cursor = valueStart
            while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
            value = String(decoding: bytes[valueStart..<min(cursor, bytes.count)], as: UTF8.self)
            cursor += 1
          } else {
            let valueStart = cursor
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">")
            {
              cursor += 1
            }
            value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
          }
        }
        if name == "!doctype" { continue }
        if attribute.hasPrefix("on") { return "an event handler: <\(name) \(attribute)=…>" }
        guard attributes.contains(attribute) else {
          return "an attribute the tool never writes: <\(name) \(attribute)>"
        }
        if attribute == "href", !value.hasPrefix("#") {
          return "a link out of the page: <\(name) href=\(value)>"
        }
      }
      if !closing, name == "style" || name == "title" { rawText = name }
      index = cursor
    }
    return nil
  }

  /// The first problem in `markdown`, or `nil` when it renders only the tool's markup.
  public static func markdown(_ markdown: String) -> String? {
    var headerPipes: Int?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = String(line)
      if text.hasPrefix("<details>") || text.hasPrefix("</details>") {
        // An HTML block (CommonMark's condition 6): no markdown inside.
        if let problem = html(text) { return "a raw HTML line: \(problem)" }
        headerPipes = nil
        continue
      }
      // `<sub>…</sub>` on a line is not an HTML block: markdown is read inside it.
      let inner =
        text.hasPrefix("<sub>") && text.hasSuffix("</sub>")
        ? String(text.dropFirst(5).dropLast(6)) : text
      let (plain, pipes) = inlineText(inner)
      if let tag = rawHTMLOpening(plain) { return "raw HTML opens in markdown text: \(tag)" }
      if text.hasPrefix("|") {
        if let expected = headerPipes {
          if pipes != expected {
            return
              "a table row with \(pipes) cell separators where its header has \(expected): \(text.prefix(200))"
          }
        } else {
          headerPipes = pipes
        }
      } else {
        headerPipes = nil
      }
    }
    return nil
  }

  /// The text of a markdown line with code spans and backslash escapes taken out, and its count
  /// of unescaped pipes outside code (a table's cell separators; GitHub reads `\|` inside code as
  /// a pipe too).
  static func inlineText(_ line: String) -> (String, Int) {
    // Code points, as cmark reads them: a backtick or a pipe followed by a combining mark is still
    // one (a Character would join them into one grapheme).
    let characters = Array(line.unicodeScalars)
    var out = String.UnicodeScalarView()
    var pipes = 0
    var index = 0
    while index < characters.count {
      let c = characters[index]
      if c == "\\", index + 1 < characters.count {
        index += 2
        continue
      }
      if c == "`" {
        var fence = 0
        while index + fence < characters.count, characters[index + fence] == "`" { fence += 1 }
        var end = index + fence
        var closed = false
        while end < characters.count {
          var run = 0
          while end + run < characters.count, characters[end + run] == "`" { run += 1 }
          if run == fence {
            closed = true
            break
          }
          if run == 0 {
            // A pipe inside code still splits a table row unless it is escaped.
            if characters[end] == "|", end > 0, characters[end - 1] != "\\" { pipes += 1 }
            end += 1
          } else {
            end += run
          }
        }
        if closed {
          index = end + fence
        } else {
          index += fence
        }
        continue
      }
      if c == "|" { pipes += 1 }
      out.append(c)
      index += 1
    }
    return (String(out), pipes)
  }

  /// Where raw HTML would open in inline text: `<` followed by a letter, `/`, `!` or `?`.
  static func rawHTMLOpening(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    for index in scalars.indices where scalars[index] == "<" {
      guard index + 1 < scalars.count else { continue }
      let next = scalars[index + 1]
      if next.properties.isAlphabetic && next.isASCII || next == "/" || next == "!" || next == "?" {
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: scalars[index..<min(index + 20, scalars.count)])
        return String(shown)
      }
    }
    return nil
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }
}
