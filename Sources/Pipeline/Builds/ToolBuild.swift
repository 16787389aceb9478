// scrolltrace — a build of the tool, run as a process: its report of traces.

import Analyze
import Foundation
import TraceIngest

/// A build of scrolltrace (this one, or another: a team's previous commit) whose `replay` runs as
/// a process, for `diff --baseline-tool`.
///
/// Each run writes its JSON report to a temporary file (removed whatever ends the tool), read
/// with a saved report's size limit; its standard error is read as it comes, its tail kept. The
/// build runs as a `ChildProcess`: in a process group of its own, for at most ``timeout``
/// seconds.
public struct ToolBuild: Sendable {
  /// The executable's path.
  public var executable: String
  /// The longest one run may take, in seconds.
  public var timeout: Double
  /// The `replay` options every run is given besides the engine and the traces (those of the
  /// comparison that differ from their defaults).
  public var arguments: [String]

  /// How long a run may take by default, in seconds: half an hour.
  public static let defaultTimeout: Double = 1800

  /// The build at `path`, each of whose runs may take `timeout` seconds and is given `arguments`.
  ///
  /// - Throws: ``PipelineError`` (`buildFailed`) when there is no executable file there.
  public init(path: String, timeout: Double = ToolBuild.defaultTimeout, arguments: [String] = [])
    throws
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: path)
    else {
      throw PipelineError(
        .buildFailed, "not an executable (--baseline-tool takes a build of scrolltrace)",
        path: path)
    }
    executable = path
    self.timeout = timeout
    self.arguments = arguments
  }

  /// This process's own executable, as a build.
  public static func current(
    timeout: Double = ToolBuild.defaultTimeout, arguments: [String] = []
  ) throws -> ToolBuild {
    guard let path = Bundle.main.executablePath else {
      throw PipelineError(
        .buildFailed, "cannot find this tool's own executable to replay the candidate")
    }
    return try ToolBuild(path: path, timeout: timeout, arguments: arguments)
  }

  /// The metrics of `engine` replaying `traces`, labelled `label`.
  ///
  /// - Throws: ``PipelineError`` (`buildFailed`) when the build cannot start, fails or runs past
  ///   its time (with the last line of its standard error), or writes no report it can read.
  func replay(engine: String, traces: [String], label: String) throws -> RunMetrics {
    let directory = FileManager.default.temporaryDirectory.path
    let reportPath = "\(directory)/scrolltrace-build-\(UUID().uuidString).json"
    SignalCleanup.register(reportPath)
    defer {
      try? FileManager.default.removeItem(atPath: reportPath)
      SignalCleanup.unregister(reportPath)
    }
    let child = try ChildProcess.run(
      executable,
      arguments: ["replay", "--engine", engine, "--format", "json", "-o", reportPath]
        + arguments + ["--"] + traces,
      timeout: timeout)
    let said = child.lastLine.map { MessageText.line(String($0.prefix(500))) } ?? "no message"
    let run = "replay --engine \(engine)"
    switch child.ending {
    case .exited(let status) where status == 0 || status == 1:
      // Exit 1 with a report is a recovering read that lost data (said on its standard error).
      guard FileManager.default.fileExists(atPath: reportPath) else {
        throw PipelineError(
          .buildFailed, "\(run) exited \(status) without a report: \(said)", path: executable)
      }
    case .exited(let status):
      throw PipelineError(.buildFailed, "\(run) exited \(status): \(said)", path: executable)
    case .signalled(let signal):
      throw PipelineError(
        .buildFailed, "\(run) was ended by signal \(signal): \(said)", path: executable)
    case .timedOut:
      throw PipelineError(
        .buildFailed,
        "\(run) ran past --baseline-tool-timeout (\(Int(timeout)) s) and was ended; its last words: \(said)",
        path: executable)
    }
    do {
      let bytes = try WholeFile.read(
        reportPath, limit: Int64(RunMetrics.maximumReportSize), what: "report")
      return try RunMetrics(reportJSON: bytes, label: label)
    } catch {
      throw PipelineError(
        .buildFailed, "wrote a report this tool cannot read: \(error)", path: executable)
    }
  }
}
