// scrolltrace — an XML document as a stream of tags and text, through a bounded buffer.

/// Reads XML as `xctrace export` writes it, a tag or a text at a time, in memory bounded by the
/// longest tag or text (``maximumTokenLength``), never by the file.
///
/// It reads the well-formed subset tools write: elements, attributes in either quotes, the five
/// predefined entities and character references, comments, processing instructions (the XML
/// declaration) and CDATA. A document type declaration is refused, so no entity of the file's own
/// is ever expanded. End tags must match, one root element holds everything, and the text is
/// UTF-8. A file that breaks any of this is an ``ImportError`` naming the line, never a partial
/// read; one that ends early names the element it ends inside.
///
/// Hand-written, as the other importers' decoders, rather than Foundation's `XMLParser`: that
/// would bring FoundationXML and libxml2 into every build of the tool for four tables, and the
/// tree builders over it (XMLCoder, SWXMLHash) hold a whole document, where an export can run to
/// hundreds of megabytes.
package final class XMLTokenizer {
  /// The longest tag or text read, in bytes: far above any value an export holds.
  package static let maximumTokenLength = 1 << 20
  /// The deepest nesting of elements accepted.
  package static let maximumDepth = 64

  private let path: String
  private var file: FileBuffer
  private var elements: [String] = []
  private var sawRoot = false
  /// The one-based line of the next byte to be read.
  package private(set) var line = 1

  /// Reads the file at `path`.
  ///
  /// - Throws: ``ImportError`` (`io`) when it cannot be opened.
  package init(path: String) throws(ImportError) {
    file = try FileBuffer(path: path, capacity: 64 << 10)
    self.path = path
  }

  /// Reads `bytes`, named `path` in errors.
  package init(bytes: [UInt8], path: String) {
    file = FileBuffer(bytes: bytes)
    self.path = path
  }

  deinit { file.close() }

  /// The unread bytes start here in ``buffer``.
  private var start: Int {
    get { file.start }
    set { file.start = newValue }
  }
  /// The buffered bytes end here.
  private var end: Int { file.end }
  private var isAtEnd: Bool { file.isAtEnd }
  private var buffer: [UInt8] { file.bytes }

  /// How deep the reader is: the number of elements open.
  package var depth: Int { elements.count }

  /// The next event, or `nil` after the root element has closed and only comments, processing
  /// instructions and white space followed it.
  ///
  /// - Throws: ``ImportError`` (`malformedLine`) naming the line of what is not XML, or (`io`).
  package func next() throws(ImportError) -> XMLEvent? {
    while true {
      try buffer(atLeast: 1)
      guard end > start else {
        if let open = elements.last {
          throw error("the file ends inside <\(open)>: truncated?")
        }
        guard sawRoot else { throw error("no XML element in the file") }
        return nil
      }
      guard buffer[start] == UInt8(ascii: "<") else {
        let text = try self.text()
        if elements.isEmpty {
          guard text.allSatisfy(\.isWhitespace) else {
            throw error("text outside the root element")
          }
          continue
        }
        return .text(text)
      }
      try buffer(atLeast: 9)
      if hasPrefix("<?") {
        try skip(through: Array("?>".utf8))
      } else if hasPrefix("<!--") {
        try skip(through: Array("-->".utf8))
      } else if hasPrefix("<![CDATA[") {
        guard !elements.isEmpty else { throw error("CDATA outside the root element") }
        let length = try distance(to: Array("]]>".utf8), from: 9)
        let text = try string(buffer[(start + 9)..<(start + length)])
        consume(length + 3)
        return .text(text)
      } else if hasPrefix("<!") {
        throw error(
          "a document type or declaration: an export has none, and no entity of a file's own is expanded"
        )
      } else if hasPrefix("</") {
        return try endTag()
      } else {
        return try startTag()
      }
    }
  }

  // MARK: Tokens

  private func startTag() throws(ImportError) -> XMLEvent {
    let length = try tagLength()
    let line = self.line
    var index = start + 1
    let tagEnd = start + length - 1  // the `>`
    var isEmpty = false
    var contentEnd = tagEnd
    if contentEnd > index, buffer[contentEnd - 1] == UInt8(ascii: "/") {
      isEmpty = true
      contentEnd -= 1
    }
    let name = try self.name(at: &index, limit: contentEnd, line: line)
    var attributes: [XMLAttribute] = []
    while true {
      let before = index
      skipSpace(&index, limit: contentEnd)
      guard index < contentEnd else { break }
      guard index > before else { throw error("<\(name)>: no space before an attribute", line) }
      let attribute = try self.name(at: &index, limit: contentEnd, line: line)
      skipSpace(&index, limit: contentEnd)
      guard index < contentEnd, buffer[index] == UInt8(ascii: "=") else {
        throw error("<\(name)>: attribute \(attribute) has no value", line)
      }
      index += 1
      skipSpace(&index, limit: contentEnd)
      guard index < contentEnd,
        buffer[index] == UInt8(ascii: "\"") || buffer[index] == UInt8(ascii: "'")
      else { throw error("<\(name)>: attribute \(attribute)'s value is not quoted", line) }
      let quote = buffer[index]
      index += 1
      let valueStart = index
      while index < contentEnd, buffer[index] != quote { index += 1 }
      guard index < contentEnd else {
        throw error("<\(name)>: attribute \(attribute)'s value is not closed", line)
      }
      let raw = buffer[valueStart..<index]
      guard !raw.contains(UInt8(ascii: "<")) else {
        throw error("<\(name)>: a '<' in attribute \(attribute)'s value", line)
      }
      index += 1
      guard !attributes.contains(where: { $0.name == attribute }) else {
        throw error("<\(name)>: attribute \(attribute) given twice", line)
      }
      attributes.append(XMLAttribute(name: attribute, value: try decoded(raw, line: line)))
    }
    if elements.isEmpty {
      guard !sawRoot else { throw error("a second root element <\(name)>", line) }
      sawRoot = true
    }
    consume(length)
    if !isEmpty {
      guard elements.count < Self.maximumDepth else {
        throw error("elements nested deeper than \(Self.maximumDepth)", line)
      }
      elements.append(name)
    }
    return .open(name: name, attributes: attributes, isEmpty: isEmpty)
  }

  private func endTag() throws(ImportError) -> XMLEvent {
    let length = try tagLength()
    let line = self.line
    var index = start + 2
    let contentEnd = start + length - 1
    let name = try self.name(at: &index, limit: contentEnd, line: line)
    skipSpace(&index, limit: contentEnd)
    guard index == contentEnd else { throw error("</\(name)>: more than a name", line) }
    guard let open = elements.last else { throw error("</\(name)> closes nothing", line) }
    guard open == name else { throw error("</\(name)> closes <\(open)>", line) }
    elements.removeLast()
    consume(length)
    return .close(name: name)
  }

  /// The text up to the next `<` or the end of the file, decoded.
  private func text() throws(ImportError) -> String {
    let line = self.line
    var length = 0
    while true {
      if let index = buffer[(start + length)..<end].firstIndex(of: UInt8(ascii: "<")) {
        length = index - start
        break
      }
      length = end - start
      guard length <= Self.maximumTokenLength else {
        throw error("a text longer than \(Self.maximumTokenLength) bytes", line)
      }
      if isAtEnd { break }
      try fill()
    }
    let text = try decoded(buffer[start..<(start + length)], line: line)
    consume(length)
    return text
  }

  // MARK: Pieces

  /// A name at `index`: letters, digits, `-`, `_`, `:`, `.`, and any non-ASCII byte.
  private func name(at index: inout Int, limit: Int, line: Int) throws(ImportError) -> String {
    let first = index
    while index < limit, Self.isNameByte(buffer[index]) { index += 1 }
    guard index > first else { throw error("a tag or attribute without a name", line) }
    guard !Self.isDigitOrDash(buffer[first]) else {
      throw error("a name starting with a digit or '-'", line)
    }
    return try string(buffer[first..<index])
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: ":"), UInt8(ascii: "."), 0x80...0xFF:
      true
    default: false
    }
  }

  private static func isDigitOrDash(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }

  private func skipSpace(_ index: inout Int, limit: Int) {
    while index < limit, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[index]) { index += 1 }
  }

  /// `raw` as a string: UTF-8 checked, the predefined entities and character references resolved.
  private func decoded(_ raw: ArraySlice<UInt8>, line: Int) throws(ImportError) -> String {
    guard raw.contains(UInt8(ascii: "&")) else { return try string(raw, line: line) }
    switch XMLEntities.expanded(raw) {
    case .success(let bytes): return try string(bytes[...], line: line)
    case .failure(let unresolved): throw error(unresolved.reason, line)
    }
  }

  private func string(_ bytes: ArraySlice<UInt8>, line: Int? = nil) throws(ImportError) -> String {
    guard let string = String(validating: bytes, as: UTF8.self) else {
      throw error("bytes that are not UTF-8", line ?? self.line)
    }
    return string
  }

  // MARK: The buffer

  private func hasPrefix(_ prefix: StaticString) -> Bool { file.hasPrefix(prefix) }

  /// The length of the tag at `start`, through its `>`, which a quoted value does not end.
  private func tagLength() throws(ImportError) -> Int {
    try file.tagLength(upTo: Self.maximumTokenLength, line: line, path: path)
  }

  /// The distance from `start` to `pattern`, searching from `offset`.
  private func distance(to pattern: [UInt8], from offset: Int) throws(ImportError) -> Int {
    try file.distance(
      to: pattern, from: offset, upTo: Self.maximumTokenLength, line: line, path: path)
  }

  private func skip(through pattern: [UInt8]) throws(ImportError) {
    let length = try distance(to: pattern, from: 2)
    consume(length + pattern.count)
  }

  /// Reads until `count` bytes are buffered, or the file ends.
  private func buffer(atLeast count: Int) throws(ImportError) {
    while end - start < count, !isAtEnd { try fill() }
  }

  private func consume(_ count: Int) {
    line += buffer[start..<(start + count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    start += count
  }

  private func fill() throws(ImportError) {
    try file.fill(line: line, path: path)
  }

  private func error(_ reason: String, _ line: Int? = nil) -> ImportError {
    ImportError(.malformedLine, reason, line: line ?? self.line, path: path)
  }
}
