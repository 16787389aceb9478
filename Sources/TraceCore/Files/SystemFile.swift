// scrolltrace — an open file, through the C library alone: what an app embeds links nothing more.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX file descriptor with the few calls a trace reader and writer make, retried on `EINTR`.
///
/// The reader and the writer used swift-system's `FileDescriptor` before the recorder
/// (`ScrollTraceRecorder`) needed them in an app: swift-system compiles C shims of its own, and
/// this module builds from Swift and the platform's C library alone. Errors are ``SystemError``s,
/// whose text is the C library's (`strerror`), as swift-system's `Errno` printed it.
package struct SystemFile {
  /// The descriptor.
  package let rawValue: Int32

  /// How to open a file.
  package enum Access {
    /// For reading.
    case readOnly
    /// For writing: created with `mode` when missing, emptied when present.
    case writeTruncating(mode: UInt32)
  }

  /// Opens the file named `path` (its bytes, as ``PathName`` keeps them).
  ///
  /// - Throws: ``SystemError`` with the C library's `errno`.
  package static func open(_ path: String, _ access: Access) throws(SystemError) -> SystemFile {
    let flags: Int32
    var mode: UInt32 = 0
    switch access {
    case .readOnly: flags = O_RDONLY | O_CLOEXEC
    case .writeTruncating(let given):
      flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
      mode = given
    }
    while true {
      let descriptor = PathName.withCString(path) { openFile($0, flags, mode) }
      if descriptor >= 0 { return SystemFile(rawValue: descriptor) }
      guard errno == EINTR else { throw SystemError(errno) }
    }
  }

  /// Reads into `buffer` at the current position; 0 at the end of the file.
  ///
  /// - Throws: ``SystemError``.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    while true {
      let count = systemRead(rawValue, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      guard errno == EINTR else { throw SystemError(errno) }
    }
  }

  /// Reads into `buffer` at byte `offset`, without moving the position; 0 past the end.
  ///
  /// - Throws: ``SystemError``.
  package func read(fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemError) -> Int
  {
    while true {
      let count = pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset))
      if count >= 0 { return count }
      guard errno == EINTR else { throw SystemError(errno) }
    }
  }

  /// Moves the position to byte `offset` from the start.
  ///
  /// - Throws: ``SystemError``.
  package func seek(toOffset offset: Int64) throws(SystemError) {
    guard lseek(rawValue, off_t(offset), SEEK_SET) >= 0 else { throw SystemError(errno) }
  }

  /// Writes all of `bytes`, however many calls it takes.
  ///
  /// - Throws: ``SystemError``.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    var written = 0
    while written < bytes.count {
      let count = systemWrite(
        rawValue, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if count < 0 {
        guard errno == EINTR else { throw SystemError(errno) }
        continue
      }
      written += count
    }
  }

  /// Closes the descriptor.
  ///
  /// - Throws: ``SystemError`` (a write the kernel could not finish shows here on some file
  ///   systems).
  package func close() throws(SystemError) {
    guard systemClose(rawValue) == 0 else { throw SystemError(errno) }
  }

  /// The file's size when it is a regular file; nil for a pipe, FIFO or device, which is read
  /// once, in order.
  package var regularFileSize: Int64? {
    var info = stat()
    guard fstat(rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int64(info.st_size)
  }
}

/// A failed call into the C library: its `errno`, described as `strerror` says.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The `errno` value.
  package var code: Int32

  /// The error of `code`.
  package init(_ code: Int32) { self.code = code }

  /// The C library's words (`No such file or directory`).
  package var description: String { String(cString: strerror(code)) }
}

// The C functions under names the methods above do not shadow.
private func openFile(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: UInt32) -> Int32 {
  open(path, flags, mode_t(mode))
}
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
