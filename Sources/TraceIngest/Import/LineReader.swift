// scrolltrace — a text file, one line at a time, in bounded memory.

/// Reads a text file line by line through a fixed buffer: memory does not grow with the file.
///
/// Lines end at `\n`; a `\r` before it (CRLF files) is dropped, and a last line without a newline
/// is still a line. A line longer than ``maximumLineLength`` bytes is an error, not an allocation.
package final class LineReader {
  /// The longest line accepted, in bytes: far above any touch log's lines, far below a memory risk.
  package static let maximumLineLength = 64 << 10

  private let path: String
  private var buffer: FileBuffer
  /// The one-based number of the line last returned.
  package private(set) var lineNumber = 0

  /// Opens `path`.
  ///
  /// - Throws: ``ImportError`` with code `io` when the file cannot be opened.
  package init(path: String) throws(ImportError) {
    buffer = try FileBuffer(path: path, capacity: 2 * Self.maximumLineLength)
    self.path = path
  }

  deinit { buffer.close() }

  /// The next line without its line ending, or nil at the end of the file.
  ///
  /// - Throws: ``ImportError`` for a read failure or an over-long line.
  package func next() throws(ImportError) -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer.bytes[buffer.start..<buffer.end].firstIndex(of: UInt8(ascii: "\n")) {
        lineNumber += 1
        var lineEnd = newline
        if lineEnd > buffer.start, buffer.bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = buffer.bytes[buffer.start..<lineEnd]
        buffer.start = newline + 1
        return line
      }
      guard buffer.end - buffer.start <= Self.maximumLineLength else {
        throw ImportError(
          .malformedLine, "a line longer than \(Self.maximumLineLength) bytes; is this a text log?",
          line: lineNumber + 1, path: path)
      }
      if buffer.isAtEnd {
        guard buffer.start < buffer.end else { return nil }
        lineNumber += 1
        var lineEnd = buffer.end
        if buffer.bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = buffer.bytes[buffer.start..<lineEnd]
        buffer.start = buffer.end
        return line
      }
      try buffer.fill(line: lineNumber + 1, path: path)
    }
  }
}
