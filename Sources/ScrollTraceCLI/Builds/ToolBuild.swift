// scrolltrace — a build of the tool, run as a process: its report of traces.

import Analyze
import Foundation
import TraceIngest

/// A build of scrolltrace (this one, or another: a team's previous commit) whose `replay` runs as
/// a process, for `--baseline-tool`.
///
/// Each run writes its JSON report to a temporary file (removed whatever ends the tool), read
/// with a saved report's size limit; its standard error is read as it comes, its tail kept.
struct ToolBuild: Sendable {
  /// The executable's path.
  var executable: String
  /// The longest one run may take, in seconds.
  var timeout: Double

  /// The build at `path`, each of whose runs may take `timeout` seconds.
  ///
  /// - Throws: ``InputFailure`` when there is no executable file there.
  init(path: String, timeout: Double = ToolBuild.defaultTimeout) throws {
    self.timeout = timeout
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: path)
    else {
      throw InputFailure(
        "\(path): not an executable (--baseline-tool takes a build of scrolltrace)")
    }
    executable = path
  }

  /// How long a run may take by default, in seconds: half an hour.
  static let defaultTimeout: Double = 1800

  /// This process's own executable.
  static func current(timeout: Double = ToolBuild.defaultTimeout) throws -> ToolBuild {
    guard let path = Bundle.main.executablePath else {
      throw InputFailure("cannot find this tool's own executable to replay the candidate")
    }
    return try ToolBuild(path: path, timeout: timeout)
  }

  /// The report of `engine` replaying `traces`, with `arguments` besides, labelled `label`.
  ///
  /// The build runs as a ``ChildProcess``: in a process group of its own, for at most
  /// ``timeout`` seconds, its standard error's tail kept.
  ///
  /// - Throws: ``InputFailure`` when the build cannot start, fails or runs past its time (with the
  ///   last line of its standard error), or writes no report.
  func replay(engine: String, traces: [String], arguments: [String], label: String) throws
    -> RunMetrics
  {
    let directory = FileManager.default.temporaryDirectory.path
    let reportPath = "\(directory)/scrolltrace-build-\(UUID().uuidString).json"
    TemporaryFiles.register(reportPath)
    defer {
      try? FileManager.default.removeItem(atPath: reportPath)
      TemporaryFiles.unregister(reportPath)
    }
    let child = try ChildProcess.run(
      executable,
      arguments: ["replay", "--engine", engine, "--format", "json", "-o", reportPath]
        + arguments + ["--"] + traces,
      timeout: timeout)
    let said = child.lastLine.map { MessageText.line(String($0.prefix(500))) } ?? "no message"
    switch child.ending {
    case .exited(let status) where status == 0 || status == 1:
      // Exit 1 with a report is a recovering read that lost data (said on its standard error).
      guard FileManager.default.fileExists(atPath: reportPath) else {
        throw InputFailure(
          "\(executable) replay --engine \(engine) exited \(status) without a report: \(said)")
      }
    case .exited(let status):
      throw InputFailure("\(executable) replay --engine \(engine) exited \(status): \(said)")
    case .signalled(let signal):
      throw InputFailure(
        "\(executable) replay --engine \(engine) was ended by signal \(signal): \(said)")
    case .timedOut:
      throw InputFailure(
        "\(executable) replay --engine \(engine) ran past --baseline-tool-timeout (\(TextFormat.fixed(timeout, 0)) s) and was ended; its last words: \(said)"
      )
    }
    let bytes = try InputFile.report.read(reportPath)
    do {
      return try RunMetrics(reportJSON: bytes, label: label)
    } catch {
      throw InputFailure("\(executable) wrote a report this tool cannot read: \(error)")
    }
  }
}
