// scrolltrace — a build of the tool, run as a process: its report of traces.

import Analyze
import Foundation

/// A build of scrolltrace (this one, or another: a team's previous commit) whose `replay` runs as
/// a process, for `--baseline-tool`.
///
/// Each run writes its JSON report to a temporary file (removed whatever ends the tool) and its
/// standard error to another, so neither pipe can fill and stall the build; the report is read
/// with a saved report's size limit.
struct ToolBuild: Sendable {
  /// The executable's path.
  var executable: String

  /// The build at `path`.
  ///
  /// - Throws: ``InputFailure`` when there is no executable file there.
  init(path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: path)
    else {
      throw InputFailure(
        "\(path): not an executable (--baseline-tool takes a build of scrolltrace)")
    }
    executable = path
  }

  /// This process's own executable.
  static func current() throws -> ToolBuild {
    guard let path = Bundle.main.executablePath else {
      throw InputFailure("cannot find this tool's own executable to replay the candidate")
    }
    return try ToolBuild(path: path)
  }

  /// The report of `engine` replaying `traces`, with `arguments` besides, labelled `label`.
  ///
  /// - Throws: ``InputFailure`` when the build cannot start, fails (its last line of standard
  ///   error), or writes no report.
  func replay(engine: String, traces: [String], arguments: [String], label: String) throws
    -> RunMetrics
  {
    let directory = FileManager.default.temporaryDirectory.path
    let stem = "\(directory)/scrolltrace-build-\(UUID().uuidString)"
    let reportPath = stem + ".json"
    let errorPath = stem + ".stderr"
    TemporaryFiles.register(reportPath)
    TemporaryFiles.register(errorPath)
    defer {
      for path in [reportPath, errorPath] {
        try? FileManager.default.removeItem(atPath: path)
        TemporaryFiles.unregister(path)
      }
    }
    guard FileManager.default.createFile(atPath: errorPath, contents: nil),
      let errors = FileHandle(forWritingAtPath: errorPath)
    else {
      throw InputFailure("\(errorPath): cannot make a temporary file")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments =
      ["replay", "--engine", engine, "--format", "json", "-o", reportPath] + arguments + ["--"]
      + traces
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw InputFailure("\(executable): cannot start: \(error.localizedDescription)")
    }
    process.waitUntilExit()
    try? errors.close()
    let status = process.terminationStatus
    // Exit 1 with a report is a recovering read that lost data (said on its standard error).
    guard process.terminationReason == .exit, status == 0 || status == 1,
      FileManager.default.fileExists(atPath: reportPath)
    else {
      let said = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      let last = said.split(separator: "\n").last.map(String.init) ?? "no message"
      let how =
        process.terminationReason == .uncaughtSignal
        ? "was ended by signal \(status)" : "exited \(status)"
      throw InputFailure("\(executable) replay --engine \(engine) \(how): \(last)")
    }
    let bytes = try InputFile.report.read(reportPath)
    do {
      return try RunMetrics(reportJSON: bytes, label: label)
    } catch {
      throw InputFailure("\(executable) wrote a report this tool cannot read: \(error)")
    }
  }
}
