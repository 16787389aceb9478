// scrolltrace — a file read through one buffer whose unread bytes stay at its front.

import SystemPackage

/// The buffer the text importers read through: the unread bytes `bytes[start..<end]`, refilled
/// from the file after moving them to the front, so memory is what the longest line or token
/// needs, never the file.
struct FileBuffer {
  /// The buffered bytes; the unread ones are `bytes[start..<end]`.
  var bytes: [UInt8]
  /// The first unread byte.
  var start = 0
  /// One past the last byte read.
  var end = 0
  /// Whether the file has no more bytes.
  private(set) var isAtEnd = false
  private let descriptor: FileDescriptor?

  /// A buffer of `capacity` bytes over the file `path`, opened for reading.
  ///
  /// - Throws: ``ImportError`` (`io`) when the file cannot be opened.
  init(path: String, capacity: Int) throws(ImportError) {
    do {
      descriptor = try FileDescriptor.open(PathName.filePath(path), .readOnly)
    } catch {
      throw ImportError(.io, "cannot open the file: \(error)", path: path)
    }
    bytes = [UInt8](repeating: 0, count: capacity)
  }

  /// A buffer that holds the whole of `bytes` already.
  init(bytes: [UInt8]) {
    self.bytes = bytes
    end = bytes.count
    isAtEnd = true
    descriptor = nil
  }

  /// Closes the file.
  func close() { try? descriptor?.close() }

  /// Moves the unread bytes to the front and reads more after them, doubling the buffer when the
  /// unread bytes fill it (the caller bounds how far: a line's or a token's longest).
  ///
  /// - Throws: ``ImportError`` (`io`) naming `line` when the read fails.
  mutating func fill(line: Int, path: String) throws(ImportError) {
    guard let descriptor else {
      isAtEnd = true
      return
    }
    if start > 0 {
      let count = end - start
      for i in 0..<count { bytes[i] = bytes[start + i] }
      start = 0
      end = count
    }
    if end == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(1, bytes.count))) }
    let limit = bytes.count
    let end = self.end
    let read: Int
    do {
      read = try bytes.withUnsafeMutableBytes { raw in
        try descriptor.read(
          into: UnsafeMutableRawBufferPointer(rebasing: raw[end..<limit]), retryOnInterrupt: true)
      }
    } catch {
      throw ImportError(.io, "cannot read the file: \(error)", line: line, path: path)
    }
    if read == 0 { isAtEnd = true }
    self.end += read
  }
}
