// scrolltrace — the engine a `--engine` flag names.

import ArgumentParser
import Replay

/// Looks up `--engine` values with one message for a name that is not an engine.
enum EngineChoice {
  /// The engine `spec` names (`name`, `name@version`, optionally `+fault`).
  ///
  /// - Throws: `ValidationError` listing the engines.
  static func entry(_ spec: String) throws -> EngineRegistry.Entry {
    guard let entry = EngineRegistry.entry(named: spec) else {
      throw ValidationError(
        "unknown engine '\(spec)'; expected one of \(EngineRegistry.all.map(\.descriptor.description).joined(separator: ", "))")
    }
    return entry
  }
}
