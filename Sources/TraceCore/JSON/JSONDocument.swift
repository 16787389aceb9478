// scrolltrace — a JSON text parsed once into a flat list of nodes, read by the package's decoder.

/// A JSON text (RFC 8259) parsed into one flat array of nodes in document order, each naming its
/// bytes in the text, as a tape of simdjson's does: no value is copied out until a decoder asks for
/// it, and a whole report parses without one allocation a value.
///
/// ``JSONDecoding`` decodes every JSON file a user gives through it (``JSONValueDecoder``) rather
/// than through Foundation's `JSONDecoder`, whose dynamic casts search the binary's protocol
/// conformances once for each type a file decodes: about 290 thousand instructions a type, most of
/// the fixed cost of `gate` and `history add` (docs/performance.md).
///
/// The grammar is RFC 8259's with the two leniences Foundation's reader has, so that every file
/// scrolltrace read before still reads: a UTF-8 byte order mark before the text, and one trailing
/// comma before a closing bracket or brace. Strings must be UTF-8 with every escape valid (a lone
/// surrogate is not); numbers are kept as their text and converted when a type is decoded.
///
/// Memory: the text, and 16 bytes a value in an array reserved at one value for every 8 bytes of
/// text (twice the text's size; a report has a value for every 10 bytes: 1.15 million in 12 MB).
package final class JSONDocument: Sendable {
  /// The text, as given.
  let bytes: [UInt8]
  /// The values in document order.
  ///
  /// A container's first child follows it, and each node names the index after its subtree. An
  /// object's children are its key and value, in turn.
  let nodes: [Node]

  /// One value of the text.
  struct Node: Sendable {
    /// What the value is.
    var kind: Kind
    /// For a string: whether its text holds an escape (it is decoded when read, not sliced).
    var isEscaped: Bool
    /// For a string or a number: where its text starts (after a string's quote); for a container,
    /// where its bracket is.
    var start: UInt32
    /// The length of a string's or a number's text in bytes; an array's elements or an object's
    /// members.
    var length: UInt32
    /// The index of the node after this value and everything inside it.
    var after: UInt32
  }

  /// The kinds of JSON value.
  enum Kind: UInt8, Sendable {
    case null, `true`, `false`, number, string, array, object
  }

  /// Why a text is not JSON, and where.
  package struct SyntaxError: Error, Sendable, Equatable {
    /// The offset of the byte at fault, from the start of the text.
    package var offset: Int
    /// What is wrong there.
    package var reason: String
  }

  /// The text of `bytes` parsed.
  ///
  /// - Throws: ``SyntaxError`` for text that is not one JSON value, nests deeper than
  ///   ``JSONNesting/maximumDepth``, or is 4 GiB or larger.
  package init(parsing bytes: [UInt8]) throws(SyntaxError) {
    var parser = JSONParser(count: bytes.count)
    nodes = try bytes.withUnsafeBufferPointer { text throws(SyntaxError) in
      try parser.parseDocument(text)
    }
    self.bytes = bytes
  }

  /// The index of the root value.
  static let root = 0

  /// The bytes of the string or number at `index` as a `String`, escapes decoded.
  func text(at index: Int) -> String {
    let node = nodes[index]
    let start = Int(node.start)
    let end = start + Int(node.length)
    if !node.isEscaped {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    // Checked when parsed: the escapes decode and the result is UTF-8.
    let decoded = bytes.withUnsafeBufferPointer { JSONEscapes.decode($0[start..<end]) } ?? []
    return String(decoding: decoded, as: UTF8.self)
  }

  /// The index of the value of the first member of the object at `index` whose key is `key`
  /// (as Foundation's reader does, a repeated key's first value wins), or nil.
  ///
  /// - Complexity: O(*m* + *k*) for an object of *m* members, its keys' bytes *k*: keys are
  ///   compared in the text, by length first.
  func member(_ key: String, ofObjectAt index: Int) -> Int? {
    var key = key
    return key.withUTF8 { key in
      bytes.withUnsafeBufferPointer { text in
        var child = index + 1
        for _ in 0..<nodes[index].length {
          let node = nodes[child]
          if node.isEscaped {
            if JSONEscapes.decode(text[Int(node.start)..<Int(node.start) + Int(node.length)])?
              .elementsEqual(key) ?? false
            {
              return child + 1
            }
          } else if Int(node.length) == key.count,
            Self.equal(text, from: Int(node.start), key)
          {
            return child + 1
          }
          child = Int(nodes[child + 1].after)
        }
        return nil
      }
    }
  }

  /// Whether the `key.count` bytes of `text` from `start` are `key`'s.
  private static func equal(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, _ key: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for offset in 0..<key.count where text[start + offset] != key[offset] { return false }
    return true
  }

  /// The indexes of the keys of the object at `index`, or of the elements of the array there, in
  /// the order written (an object's value follows its key).
  func children(of index: Int) -> [Int] {
    let valueFollows = nodes[index].kind == .object ? 1 : 0
    var children: [Int] = []
    var child = index + 1
    for _ in 0..<nodes[index].length {
      children.append(child)
      child = Int(nodes[child + valueFollows].after)
    }
    return children
  }
}
