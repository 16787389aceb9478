// scrolltrace — finding a delimiter in a buffered file, reading more only as far as it must.

extension FileBuffer {
  /// Whether the unread bytes begin with `prefix`.
  func hasPrefix(_ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard end - start >= count else { return false }
    return prefix.withUTF8Buffer { expected in
      expected.indices.allSatisfy { bytes[start + $0] == expected[$0] }
    }
  }

  /// The length of the tag at `start`, through its `>`, which a quoted attribute value does not
  /// end; reading more, up to `limit` bytes.
  ///
  /// - Throws: ``ImportError`` (`malformedLine`) naming `line` for a `<` inside the tag, a tag
  ///   longer than `limit`, or a file that ends inside it; (`io`) for a read that fails.
  mutating func tagLength(upTo limit: Int, line: Int, path: String) throws(ImportError) -> Int {
    var scanned = 0
    var quote: UInt8?
    while true {
      var index = start + scanned
      while index < end {
        let byte = bytes[index]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: ">") {
          return index - start + 1
        } else if byte == UInt8(ascii: "<"), index > start {
          throw ImportError(.malformedLine, "a '<' inside a tag", line: line, path: path)
        }
        index += 1
      }
      scanned = end - start
      guard scanned <= limit else {
        throw ImportError(
          .malformedLine, "a tag longer than \(limit) bytes", line: line, path: path)
      }
      guard !isAtEnd else {
        throw ImportError(
          .malformedLine, "the file ends inside a tag: truncated?", line: line, path: path)
      }
      try fill(line: line, path: path)
    }
  }

  /// The distance from `start` to the first `pattern`, searching from `offset`; reading more, up
  /// to `limit` bytes.
  ///
  /// - Throws: ``ImportError`` (`malformedLine`) naming `line` when no `pattern` comes within
  ///   `limit` bytes or before the file ends; (`io`) for a read that fails.
  mutating func distance(
    to pattern: [UInt8], from offset: Int, upTo limit: Int, line: Int, path: String
  ) throws(ImportError) -> Int {
    var from = offset
    while true {
      var index = start + from
      while index + pattern.count <= end {
        if bytes[index] == pattern[0],
          pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] })
        {
          return index - start
        }
        index += 1
      }
      from = max(offset, end - start - pattern.count + 1)
      guard end - start <= limit else {
        throw ImportError(
          .malformedLine, "a comment, instruction or CDATA longer than \(limit) bytes", line: line,
          path: path)
      }
      guard !isAtEnd else {
        throw ImportError(
          .malformedLine, "the file ends inside a comment or instruction", line: line, path: path)
      }
      try fill(line: line, path: path)
    }
  }
}
