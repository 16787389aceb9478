// scrolltrace — the folder `explore` writes: each finding's script, trace and report, and the list.

import Analyze
import Explore
import Foundation
import Pipeline
import Replay
import TraceFormat

/// The output folder of `explore`.
///
/// It is made if missing, refused if it holds anything (a finding's files must not mix with an
/// older run's). Every file is written as every output is (whole or
/// not at all, never over an input), and all are committed together at the end.
struct FindingFolder {
  let path: String
  let inputs: [String]

  /// The folder at `path`.
  ///
  /// - Throws: ``InputFailure`` when `path` is a file, or a folder that is not empty.
  init(_ path: String, inputs: [String]) throws {
    self.path = path
    self.inputs = inputs
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw InputFailure("\(path): not a folder (explore writes a folder of findings)")
      }
      let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      guard contents.isEmpty else {
        throw InputFailure(
          "\(path): the folder is not empty; give explore a new or empty folder (-o)")
      }
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
