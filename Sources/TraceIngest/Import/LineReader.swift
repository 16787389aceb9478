// scrolltrace — a text file, one line at a time, in bounded memory.

import SystemPackage

/// Reads a text file line by line through a fixed buffer: memory does not grow with the file.
///
/// Lines end at `\n`; a `\r` before it (CRLF files) is dropped, and a last line without a newline
/// is still a line. A line longer than ``maximumLineLength`` bytes is an error, not an allocation.
package final class LineReader {
  /// The longest line accepted, in bytes: far above any touch log's lines, far below a memory risk.
  package static let maximumLineLength = 64 << 10

  private let descriptor: FileDescriptor
  private let path: String
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var isAtEnd = false
  /// The one-based number of the line last returned.
  package private(set) var lineNumber = 0

  /// Opens `path`.
  ///
  /// - Throws: ``ImportError`` with code `io` when the file cannot be opened.
  package init(path: String) throws(ImportError) {
    do {
      descriptor = try FileDescriptor.open(PathName.filePath(path), .readOnly)
    } catch {
      throw ImportError(.io, "cannot open the file: \(error)", path: path)
    }
    self.path = path
    buffer = [UInt8](repeating: 0, count: 2 * Self.maximumLineLength)
  }

  deinit { try? descriptor.close() }

  /// The next line without its line ending, or nil at the end of the file.
  ///
  /// - Throws: ``ImportError`` for a read failure or an over-long line.
  package func next() throws(ImportError) -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
        lineNumber += 1
        var lineEnd = newline
        if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = buffer[start..<lineEnd]
        start = newline + 1
        return line
      }
      guard end - start <= Self.maximumLineLength else {
        throw ImportError(
          .malformedLine, "a line longer than \(Self.maximumLineLength) bytes; is this a text log?",
          line: lineNumber + 1, path: path)
      }
      if isAtEnd {
        guard start < end else { return nil }
        lineNumber += 1
        var lineEnd = end
        if buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = buffer[start..<lineEnd]
        start = end
        return line
      }
      try fill()
    }
  }

  /// Moves the unread bytes to the front and reads more after them.
  private func fill() throws(ImportError) {
    if start > 0 {
      let count = end - start
      if count > 0 {
        for i in 0..<count { buffer[i] = buffer[start + i] }
      }
      start = 0
      end = count
    }
    let limit = buffer.count
    let read: Int
    do {
      read = try buffer.withUnsafeMutableBytes { raw in
        try descriptor.read(
          into: UnsafeMutableRawBufferPointer(rebasing: raw[end..<limit]), retryOnInterrupt: true)
      }
    } catch {
      throw ImportError(.io, "cannot read the file: \(error)", line: lineNumber + 1, path: path)
    }
    if read == 0 { isAtEnd = true }
    end += read
  }
}
