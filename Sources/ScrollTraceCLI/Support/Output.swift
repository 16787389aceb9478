// scrolltrace — where a verb's output goes: standard output, or a file that appears only whole.

import SystemPackage
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered output: standard output, or an ``OutputFile`` (written as its plan says: renamed
/// into place by `commit()`, so that a failed run leaves no partial file behind; a device, FIFO or
/// open descriptor's name written directly).
///
/// Every write is checked, standard output's too: a full disk or a closed descriptor is an error
/// naming the output (exit 2), never a report lost in silence. A reader that went away (`| head`)
/// ends the tool quietly, with its temporary files removed.
final class Output {
  private let descriptor: FileDescriptor
  private let file: OutputFile?
  private var buffer: [UInt8] = []
  private var isFinished = false

  nonisolated(unsafe) private static var standardOutput: Output?
  /// Whether an output of this run already writes standard output.
  nonisolated(unsafe) private static var standardOutputClaimed = false

  /// Standard output (shared, flushed when the tool exits).
  static func stdout() -> Output {
    if let existing = standardOutput { return existing }
    let output = Output(descriptor: .standardOutput, file: nil)
    standardOutput = output
    return output
  }

  /// Flushes standard output, if it was used.
  ///
  /// - Throws: ``InputFailure`` when it cannot be written.
  static func flushStandardOutput() throws { try standardOutput?.flush() }

  /// Forgets this run's outputs: a new run in the same process (tests) starts afresh.
  static func startRun() {
    standardOutput = nil
    standardOutputClaimed = false
    OutputFile.forgetClaims()
  }

  /// A file at `path`, or standard output when `path` is nil or "-".
  ///
  /// `inputs` are the files the verb reads: an output naming one of them is refused, and so is a
  /// second output of the run naming the same file (or standard output twice).
  static func to(_ path: String?, inputs: [String]) throws -> Output {
    guard let path, path != "-" else {
      guard !standardOutputClaimed else {
        throw InputFailure("two outputs of this run write standard output")
      }
      standardOutputClaimed = true
      return stdout()
    }
    let file = try OutputFile(path, inputs: inputs)
    do {
      let descriptor = try FileDescriptor.open(
        PathName.filePath(file.writePath), .writeOnly, options: [.create, .truncate],
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

  /// Appends `text` (a file name's raw bytes shown as `\xE9`: ``PathName/display(_:)``).
  func write(_ text: String) throws {
    buffer.append(contentsOf: PathName.display(text).utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Appends raw bytes (a trace).
  func write(bytes: [UInt8]) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Appends `text` and a newline.
  func line(_ text: String) throws {
    try write(text)
    try write("\n")
  }

  /// Writes the buffer out.
  ///
  /// - Throws: ``InputFailure`` naming the output when the write fails.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    do {
      _ = try buffer.withUnsafeBytes { try descriptor.writeAll($0) }
    } catch Errno.brokenPipe {
      // The reader went away (`| head`): stop quietly, as `cat` does, leaving no temporary.
      TemporaryFiles.removeAll()
      exit(0)
    } catch {
      throw InputFailure("\(file?.path ?? "standard output"): cannot write: \(error)")
    }
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
