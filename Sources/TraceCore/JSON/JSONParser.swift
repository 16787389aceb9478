// scrolltrace — the parser of JSON text into a document's nodes: RFC 8259, bounded, one pass.

/// The recursive-descent parser behind ``JSONDocument``: one pass over the text, each value
/// appended as a node, nesting bounded by ``JSONNesting/maximumDepth`` (so recursion is too), and
/// every offset checked against the text's length before it is read.
struct JSONParser {
  /// The nodes made so far.
  private var nodes: [JSONDocument.Node] = []
  /// The containers open around the value being parsed.
  private var depth = 0

  /// A parser of a text of `count` bytes.
  init(count: Int) {
    // Most texts hold a value for every eight bytes or more.
    nodes.reserveCapacity(count / 8)
  }

  /// The nodes of the one value `text` holds, with white space around it (and a byte order mark
  /// before it).
  mutating func parseDocument(_ text: UnsafeBufferPointer<UInt8>) throws(JSONDocument.SyntaxError)
    -> [JSONDocument.Node]
  {
    guard text.count < Int(UInt32.max) else {
      throw JSONDocument.SyntaxError(offset: 0, reason: "a text of 4 GiB or more")
    }
    var offset = 0
    if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { offset = 3 }
    offset = Self.skipSpace(text, from: offset)
    offset = try parseValue(text, at: offset)
    offset = Self.skipSpace(text, from: offset)
    guard offset == text.count else {
      throw JSONDocument.SyntaxError(offset: offset, reason: "text after the value")
    }
    return nodes
  }

  /// Parses the value at `offset` (white space skipped) and returns the offset after it.
  private mutating func parseValue(_ text: UnsafeBufferPointer<UInt8>, at offset: Int)
    throws(JSONDocument.SyntaxError) -> Int
  {
    guard offset < text.count else {
      throw JSONDocument.SyntaxError(offset: offset, reason: "a value expected, the text ended")
    }
    switch text[offset] {
    case UInt8(ascii: "{"): return try parseContainer(text, at: offset, kind: .object)
    case UInt8(ascii: "["): return try parseContainer(text, at: offset, kind: .array)
    case UInt8(ascii: "\""): return try parseString(text, at: offset)
    case UInt8(ascii: "t"): return try parseLiteral(text, at: offset, "true", kind: .true)
    case UInt8(ascii: "f"): return try parseLiteral(text, at: offset, "false", kind: .false)
    case UInt8(ascii: "n"): return try parseLiteral(text, at: offset, "null", kind: .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber(text, at: offset)
    default:
      throw JSONDocument.SyntaxError(offset: offset, reason: "a value expected")
    }
  }

  /// Appends a node of `kind` for `start..<end` and returns its index.
  private mutating func append(_ kind: JSONDocument.Kind, start: Int, length: Int) -> Int {
    // Offsets and lengths are below the text's length, checked under 2³² - 1 at the start.
    nodes.append(
      JSONDocument.Node(
        kind: kind, isEscaped: false, start: UInt32(truncatingIfNeeded: start),
        length: UInt32(truncatingIfNeeded: length),
        after: UInt32(truncatingIfNeeded: nodes.count + 1)))
    return nodes.count - 1
  }

  private mutating func parseLiteral(
    _ text: UnsafeBufferPointer<UInt8>, at offset: Int, _ word: StaticString,
    kind: JSONDocument.Kind
  ) throws(JSONDocument.SyntaxError) -> Int {
    let count = word.utf8CodeUnitCount
    guard text.count - offset >= count,
      UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(
        text[offset..<offset + count])
    else {
      throw JSONDocument.SyntaxError(offset: offset, reason: "a value expected")
    }
    _ = append(kind, start: offset, length: count)
    return offset + count
  }

  /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as its text.
  private mutating func parseNumber(_ text: UnsafeBufferPointer<UInt8>, at start: Int)
    throws(JSONDocument.SyntaxError) -> Int
  {
    var offset = start
    func digits(_ offset: inout Int) -> Int {
      let first = offset
      while offset < text.count, text[offset] >= UInt8(ascii: "0"),
        text[offset] <= UInt8(ascii: "9")
      {
        offset += 1
      }
      return offset - first
    }
    if text[offset] == UInt8(ascii: "-") { offset += 1 }
    let integerStart = offset
    let integerDigits = digits(&offset)
    guard integerDigits > 0, integerDigits == 1 || text[integerStart] != UInt8(ascii: "0") else {
      throw JSONDocument.SyntaxError(offset: integerStart, reason: "a number's digits expected")
    }
    if offset < text.count, text[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits(&offset) > 0 else {
        throw JSONDocument.SyntaxError(offset: offset, reason: "a fraction's digits expected")
      }
    }
    if offset < text.count, text[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if offset < text.count, text[offset] == UInt8(ascii: "+") || text[offset] == UInt8(ascii: "-")
      {
        offset += 1
      }
      guard digits(&offset) > 0 else {
        throw JSONDocument.SyntaxError(offset: offset, reason: "an exponent's digits expected")
      }
    }
    _ = append(.number, start: start, length: offset - start)
    return offset
  }

  /// A string: its text between the quotes, checked (no control character, valid escapes, UTF-8)
  /// but not decoded.
  private mutating func parseString(_ text: UnsafeBufferPointer<UInt8>, at quote: Int)
    throws(JSONDocument.SyntaxError) -> Int
  {
    let start = quote + 1
    var offset = start
    var isEscaped = false
    var isASCII = true
    while true {
      guard offset < text.count else {
        throw JSONDocument.SyntaxError(offset: quote, reason: "a string not closed")
      }
      let byte = text[offset]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        isEscaped = true
        // The escaped byte is skipped here; the escapes are checked below.
        offset += 2
        continue
      }
      guard byte >= 0x20 else {
        throw JSONDocument.SyntaxError(offset: offset, reason: "a control character in a string")
      }
      if byte >= 0x80 { isASCII = false }
      offset += 1
    }
    let body = text[start..<offset]
    if isEscaped {
      guard let decoded = JSONEscapes.decode(body) else {
        throw JSONDocument.SyntaxError(offset: start, reason: "an invalid escape in a string")
      }
      guard String.isWellFormedUTF8(decoded) else {
        throw JSONDocument.SyntaxError(offset: start, reason: "a string that is not UTF-8")
      }
    } else if !isASCII, !String.isWellFormedUTF8(body) {
      throw JSONDocument.SyntaxError(offset: start, reason: "a string that is not UTF-8")
    }
    let index = append(.string, start: start, length: offset - start)
    nodes[index].isEscaped = isEscaped
    return offset + 1
  }

  /// An array or an object: its node, then its children, then the node's count and end.
  private mutating func parseContainer(
    _ text: UnsafeBufferPointer<UInt8>, at bracket: Int, kind: JSONDocument.Kind
  ) throws(JSONDocument.SyntaxError) -> Int {
    depth += 1
    defer { depth -= 1 }
    guard depth <= JSONNesting.maximumDepth else {
      throw JSONDocument.SyntaxError(
        offset: bracket, reason: "nested deeper than \(JSONNesting.maximumDepth) levels")
    }
    let isObject = kind == .object
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    let index = append(kind, start: bracket, length: 0)
    var count = 0
    var offset = Self.skipSpace(text, from: bracket + 1)
    while true {
      guard offset < text.count else {
        throw JSONDocument.SyntaxError(offset: bracket, reason: "a bracket not closed")
      }
      // Closing: at once (empty), or after a comma (Foundation's one trailing comma).
      if text[offset] == closing { break }
      if isObject {
        guard text[offset] == UInt8(ascii: "\"") else {
          throw JSONDocument.SyntaxError(offset: offset, reason: "a member's key expected")
        }
        offset = Self.skipSpace(text, from: try parseString(text, at: offset))
        guard offset < text.count, text[offset] == UInt8(ascii: ":") else {
          throw JSONDocument.SyntaxError(offset: offset, reason: "a colon expected")
        }
        offset = Self.skipSpace(text, from: offset + 1)
      }
      offset = Self.skipSpace(text, from: try parseValue(text, at: offset))
      count += 1
      guard offset < text.count else {
        throw JSONDocument.SyntaxError(offset: bracket, reason: "a bracket not closed")
      }
      if text[offset] == closing { break }
      guard text[offset] == UInt8(ascii: ",") else {
        throw JSONDocument.SyntaxError(
          offset: offset, reason: "a comma or a closing bracket expected")
      }
      offset = Self.skipSpace(text, from: offset + 1)
      guard offset < text.count, text[offset] != UInt8(ascii: ",") else {
        throw JSONDocument.SyntaxError(offset: offset, reason: "a value expected")
      }
    }
    nodes[index].length = UInt32(truncatingIfNeeded: count)
    nodes[index].after = UInt32(truncatingIfNeeded: nodes.count)
    return offset + 1
  }

  /// The offset of the first byte from `offset` that is not JSON's white space.
  private static func skipSpace(_ text: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
    var offset = offset
    while offset < text.count {
      switch text[offset] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        offset += 1
      default: return offset
      }
    }
    return offset
  }
}
