// scrolltrace — where a verb's output goes: standard output, or a file that appears only whole.

import SystemPackage
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered output: the run's standard output, or an ``OutputFile`` (written as its plan says:
/// renamed into place by `commit()`, so that a failed run leaves no partial file behind; a device,
/// FIFO or open descriptor's name written directly).
///
/// An output is used by one thread at a time (the run's); it is `Sendable` so that a run can hold
/// its standard output's.
///
/// Every write is checked, standard output's too: a full disk or a closed descriptor is an error
/// naming the output (exit 2), never a report lost in silence. A reader that went away (`| head`)
/// ends the tool quietly, with its temporary files removed.
final class Output: @unchecked Sendable {
  /// Where the bytes go: a file's descriptor, or the run's standard output.
  private enum Sink {
    case file(FileDescriptor)
    case standardOutput(ToolStream)
  }

  private let sink: Sink
  private let file: OutputFile?
  private var buffer: [UInt8] = []
  private var isFinished = false

  /// The run's standard output (``ToolRun/current``'s): one buffer for the run, flushed, and
  /// checked, when the run ends (``ToolRun/flushStandardOutput()``).
  static func stdout() -> Output { ToolRun.current.standardOutputWriter }

  /// A writer of `stream`, the run's standard output.
  static func standardOutput(_ stream: ToolStream) -> Output {
    Output(sink: .standardOutput(stream))
  }

  /// A file at `path`, or standard output when `path` is nil or "-".
  ///
  /// `inputs` are the files the verb reads: an output naming one of them is refused, and so is a
  /// second output of the run naming the same file (or standard output twice).
  static func to(_ path: String?, inputs: [String]) throws -> Output {
    guard let path, path != "-" else {
      guard ToolRun.current.claimStandardOutput() else {
        throw InputFailure("two outputs of this run write standard output")
      }
      return stdout()
    }
    let file = try OutputFile(path, inputs: inputs)
    do {
      let descriptor = try FileDescriptor.open(
        PathName.filePath(file.writePath), .writeOnly, options: [.create, .truncate],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
      return Output(sink: .file(descriptor), file: file)
    } catch {
      file.discard()
      throw InputFailure("\(path): cannot create the output file: \(error)")
    }
  }

  private init(sink: Sink, file: OutputFile? = nil) {
    self.sink = sink
    self.file = file
    buffer.reserveCapacity(1 << 16)
  }

  deinit { discard() }

  /// Whether this is standard output and standard output is a terminal.
  var isTerminal: Bool {
    if case .standardOutput(let stream) = sink { return stream.isTerminal }
    return false
  }

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
    switch sink {
    case .file(let descriptor):
      do {
        _ = try buffer.withUnsafeBytes { try descriptor.writeAll($0) }
      } catch {
        throw InputFailure("\(file?.path ?? "the output"): cannot write: \(error)")
      }
    case .standardOutput(let stream):
      do {
        try stream.write(buffer)
      } catch  where error.code == EPIPE && stream.isDescriptor {
        // The reader went away (`| head`): stop quietly, as `cat` does, leaving no temporary.
        TemporaryFiles.removeAll()
        exit(0)
      } catch {
        throw InputFailure("standard output: cannot write: \(error)")
      }
    }
  }

  /// Flushes, closes and moves the file into place.
  func commit() throws {
    try flush()
    guard let file, !isFinished, case .file(let descriptor) = sink else { return }
    isFinished = true
    try? descriptor.close()
    try file.commit()
  }

  /// Removes the unfinished file (after a failure); standard output and devices are left alone.
  func discard() {
    guard let file, !isFinished, case .file(let descriptor) = sink else { return }
    isFinished = true
    try? descriptor.close()
    file.discard()
  }
}
