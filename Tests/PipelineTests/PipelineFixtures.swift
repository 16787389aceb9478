// scrolltrace — the sample traces and engines the pipeline's tests replay.

import Foundation
import Pipeline
import Replay

/// The package's sample traces, and scratch folders.
enum PipelineFixtures {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The path of the sample trace `name` (in `Traces/`).
  static func trace(_ name: String) -> String {
    root.appendingPathComponent("Traces/\(name)").path
  }

  /// The built-in engine `name` (name@version).
  static func engine(_ name: String) throws -> EngineRegistry.Entry {
    guard let entry = EngineRegistry.builtIn.entry(named: name) else {
      throw FixtureError(description: "no built-in engine \(name)")
    }
    return entry
  }

  /// A new empty folder, removed by the system's cleaning of its temporary folder.
  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("scrolltrace-pipeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  struct FixtureError: Error, CustomStringConvertible {
    var description: String
  }
}
