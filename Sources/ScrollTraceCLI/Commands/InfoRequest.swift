// scrolltrace — what `info` is asked, and the descriptions it prints.

import Analyze
import ArgumentParser
import TraceIngest

/// What `info` is asked: the traces and the list naming more, JSON or text, how to read them.
///
/// ``InfoCommand`` makes one from argument-parser's parse; ``DirectInvocation`` makes the same
/// from the common forms without it.
struct InfoRequest: Equatable {
  /// The traces named on the command line.
  var traces: [String]
  /// A file listing more (`--files-from`).
  var filesFrom: String?
  /// One JSON object a trace (`--json`).
  var json = false
  /// How the traces are read.
  var read = ReadSettings()

  /// The request `command`'s options make.
  init(_ command: InfoCommand) {
    self.init(
      traces: command.traces, filesFrom: command.list.filesFrom, json: command.json,
      read: command.read.settings)
  }

  init(traces: [String], filesFrom: String? = nil, json: Bool, read: ReadSettings) {
    self.traces = traces
    self.filesFrom = filesFrom
    self.json = json
    self.read = read
  }

  /// Describes the traces on standard output; a damaged one is an error on standard error, and
  /// the next is described.
  ///
  /// - Throws: `ExitCode` 2 after all when one could not be read, 1 when data was lost while
  ///   recovering.
  func run() throws {
    let out = Output.stdout()
    var failed = false
    var lost = false
    let traces = try FileListOptions.paths(self.traces, filesFrom: filesFrom)
    guard !traces.isEmpty else { throw ValidationError("give the traces to describe") }
    for (number, path) in traces.enumerated() {
      do {
        let reader = try read.open(path)
        let summary = try TraceSummary(reading: reader, fileSize: reader.fileSize ?? 0)
        if json {
          try out.line(summary.json)
        } else {
          if number > 0 { try out.line("") }
          try out.write(summary.text)
        }
        lost = read.reportLosses(of: reader) || lost
      } catch let error as TraceFormatError {
        try out.flush()
        StandardError.error(CommandLineHint.message(for: error))
        failed = true
      }
    }
    try out.flush()
    if failed { throw ExitCode(ExitStatus.inputError) }
    if lost { throw ExitCode(ExitStatus.findings) }
  }
}
