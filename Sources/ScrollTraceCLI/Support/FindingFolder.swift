// scrolltrace — the folder `explore` writes: each finding's script, trace and report, and the list.

import Analyze
import Explore
import Foundation
import Pipeline
import Replay
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder of `explore`.
///
/// It is made if missing, refused if it holds anything (a finding's files must not mix with an
/// older run's). Every file is written as every output is (whole or
/// not at all, never over an input), and all are committed together at the end.
struct FindingFolder {
  let path: String
  let inputs: [String]

  /// The folder at `path`, checked before the search: every way it could not be written fails
  /// now, not after minutes of exploring.
  ///
  /// - Throws: ``InputFailure`` when `path` is empty, a link to nothing, a file, a folder that is
  ///   not empty or not writable, or a new folder whose parent is missing or not writable.
  init(_ path: String, inputs: [String]) throws {
    guard !path.isEmpty else { throw InputFailure("the output folder's name is empty") }
    self.path = path
    self.inputs = inputs
    var info = stat()
    let exists = PathName.withCString(path) { stat($0, &info) } == 0
    if !exists, PathName.withCString(path, { lstat($0, &info) }) == 0 {
      throw InputFailure(
        "\(path): a symbolic link to nothing (explore writes a folder of findings)")
    }
    if exists {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw InputFailure("\(path): not a folder (explore writes a folder of findings)")
      }
      let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      guard contents.isEmpty else {
        throw InputFailure(
          "\(path): the folder is not empty; give explore a new or empty folder (-o)")
      }
      guard PathName.withCString(path, { access($0, W_OK | X_OK) }) == 0 else {
        throw InputFailure(
          "\(path): cannot write in the folder: \(String(cString: strerror(errno)))")
      }
      return
    }
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    let parent =
      trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) }.map {
        $0.isEmpty ? "/" : $0
      } ?? "."
    guard PathName.withCString(parent, { stat($0, &info) }) == 0,
      info.st_mode & S_IFMT == S_IFDIR
    else {
      throw InputFailure("\(path): cannot make the folder: \(parent) is not a folder")
    }
    guard PathName.withCString(parent, { access($0, W_OK | X_OK) }) == 0 else {
      throw InputFailure(
        "\(path): cannot make the folder in \(parent): \(String(cString: strerror(errno)))")
    }
  }

  /// Writes each discovery's script, trace and report (its replay again, under the trace's file
  /// name), and findings.json.
  func write(_ summary: ExploreSummary, runner: TrialRunner) throws {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw InputFailure("\(path): cannot make the folder: \(error.localizedDescription)")
    }
    var outputs: [Output] = []
    func file(_ name: String) throws -> Output {
      let out = try Output.to("\(path)/\(name)", inputs: inputs)
      outputs.append(out)
      return out
    }
    do {
      for (index, discovery) in summary.result.discoveries.enumerated() {
        let stem = summary.stem(index)
        try file(stem + ".json").write(discovery.script.json)
        try file(stem + ".sctrace").write(bytes: discovery.trace)
        let trial = try runner.run(trace: discovery.trace, name: "\(path)/\(stem).sctrace")
        if let replay = trial.replay {
          let report = Report(
            engine: runner.engine.descriptor, settings: runner.settings.analysis,
            modelOptions: runner.settings.modelOptions, traces: [replay.section],
            total: replay.analysis.summary, hostTotal: replay.analysis.host.summary)
          try file(stem + ".report.json").line(report.json)
        }
      }
      try file("findings.json").line(summary.json)
      for out in outputs { try out.commit() }
    } catch {
      for out in outputs { out.discard() }
      throw error
    }
  }
}
