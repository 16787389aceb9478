// scrolltrace — where a verb's output goes: standard output, or a file that appears only whole.

import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered output: standard output, or a file written to a temporary name beside it and renamed
/// into place by `commit()`, so that a failed run leaves no partial file behind.
final class Output {
  private let descriptor: FileDescriptor
  private let destination: String?
  private let temporary: String?
  private var buffer: [UInt8] = []
  private var isFinished = false

  nonisolated(unsafe) private static var standardOutput: Output?

  /// Standard output (shared, flushed when the tool exits).
  static func stdout() -> Output {
    if let existing = standardOutput { return existing }
    let output = Output(descriptor: .standardOutput, destination: nil, temporary: nil)
    standardOutput = output
    return output
  }

  /// Flushes standard output, if it was used.
  static func flushStandardOutput() { try? standardOutput?.flush() }

  /// A file at `path`, or standard output when `path` is nil or "-".
  static func to(_ path: String?) throws -> Output {
    guard let path, path != "-" else { return stdout() }
    let temporary = temporaryPath(for: path)
    do {
      let descriptor = try FileDescriptor.open(
        FilePath(temporary), .writeOnly, options: [.create, .truncate],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
      return Output(descriptor: descriptor, destination: path, temporary: temporary)
    } catch {
      throw InputFailure("\(path): cannot create the output file: \(error)")
    }
  }

  /// A temporary file name beside `path` for a writer that manages the file itself; `commit`
  /// renames it to `path`.
  static func temporaryPath(for path: String) -> String { "\(path).tmp-\(getpid())" }

  private init(descriptor: FileDescriptor, destination: String?, temporary: String?) {
    self.descriptor = descriptor
    self.destination = destination
    self.temporary = temporary
    buffer.reserveCapacity(1 << 16)
  }

  deinit { discard() }

  /// Appends `text`.
  func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Appends `text` and a newline.
  func line(_ text: String) throws {
    try write(text)
    try write("\n")
  }

  /// Writes the buffer out.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    do {
      _ = try buffer.withUnsafeBytes { try descriptor.writeAll($0) }
    } catch Errno.brokenPipe {
      exit(0)  // The reader went away (`| head`): stop quietly, as cat does.
    } catch {
      throw InputFailure("\(destination ?? "standard output"): cannot write: \(error)")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, closes and renames the file into place.
  func commit() throws {
    try flush()
    guard let destination, let temporary, !isFinished else { return }
    isFinished = true
    try? descriptor.close()
    try Self.rename(temporary, to: destination)
  }

  /// Removes the temporary file (after a failure); standard output is left alone.
  func discard() {
    guard let temporary, !isFinished else { return }
    isFinished = true
    try? descriptor.close()
    unlink(temporary)
  }

  /// Removes the file at `path`, ignoring errors.
  static func unlinkQuietly(_ path: String) { unlink(path) }

  /// Renames `temporary` to `destination`.
  static func rename(_ temporary: String, to destination: String) throws {
    guard systemRename(temporary, destination) == 0 else {
      let error = Errno(rawValue: errno)
      unlink(temporary)
      throw InputFailure("\(destination): cannot move the output into place: \(error)")
    }
  }
}

#if canImport(Glibc)
  private let systemRename = Glibc.rename
#elseif canImport(Darwin)
  private let systemRename = Darwin.rename
#endif
