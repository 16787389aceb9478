// scrolltrace — where a verb's output goes: standard output, or a file that appears only whole.

import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered output: standard output, or an ``OutputFile`` — a regular file written under a
/// temporary name and renamed into place by `commit()`, so that a failed run leaves no partial
/// file behind; a device or FIFO written directly.
final class Output {
  private let descriptor: FileDescriptor
  private let file: OutputFile?
  private var buffer: [UInt8] = []
  private var isFinished = false

  nonisolated(unsafe) private static var standardOutput: Output?

  /// Standard output (shared, flushed when the tool exits).
  static func stdout() -> Output {
    if let existing = standardOutput { return existing }
    let output = Output(descriptor: .standardOutput, file: nil)
    standardOutput = output
    return output
  }

  /// Flushes standard output, if it was used.
  static func flushStandardOutput() { try? standardOutput?.flush() }

  /// A file at `path`, or standard output when `path` is nil or "-".
  ///
  /// `inputs` are the files the
  /// verb reads: an output naming one of them is refused.
  static func to(_ path: String?, inputs: [String]) throws -> Output {
    guard let path, path != "-" else { return stdout() }
    let file = try OutputFile(path, inputs: inputs)
    do {
      let descriptor = try FileDescriptor.open(
        FilePath(file.writePath), .writeOnly, options: [.create, .truncate],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
      return Output(descriptor: descriptor, file: file)
    } catch {
      file.discard()
      throw InputFailure("\(path): cannot create the output file: \(error)")
    }
  }

  private init(descriptor: FileDescriptor, file: OutputFile?) {
    self.descriptor = descriptor
    self.file = file
    buffer.reserveCapacity(1 << 16)
  }

  deinit { discard() }

  /// Whether this is standard output and standard output is a terminal.
  var isTerminal: Bool { file == nil && descriptor == .standardOutput && isatty(1) != 0 }

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
      throw InputFailure("\(file?.path ?? "standard output"): cannot write: \(error)")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, closes and moves the file into place.
  func commit() throws {
    try flush()
    guard let file, !isFinished else { return }
    isFinished = true
    try? descriptor.close()
    try file.commit()
  }

  /// Removes the unfinished file (after a failure); standard output and devices are left alone.
  func discard() {
    guard let file, !isFinished else { return }
    isFinished = true
    try? descriptor.close()
    file.discard()
  }
}
