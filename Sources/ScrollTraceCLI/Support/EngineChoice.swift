// scrolltrace — the engine a flag names, among the tool's engines.

import ArgumentParser
import Replay

/// A verb that replays through engines (`--engine`, `--baseline`, `--candidate`): it runs with the
/// engines the tool was started with (``ScrollTraceTool/engines``), handed down as a value.
protocol EngineCommand: ParsableCommand {
  /// Runs the verb with `engines`.
  func run(engines: EngineRegistry) throws
}

extension EngineRegistry {
  /// The engine `spec` names (`name`, `name@version`, optionally `+viewPerFrame`), given with `flag`.
  ///
  /// - Throws: ``InputFailure`` naming the flag and listing the engines.
  func entry(_ spec: String, flag: String) throws -> Entry {
    guard let entry = entry(named: spec) else {
      let faults = EngineFault.allCases.map { "+" + $0.rawValue }.joined(separator: ", ")
      let known = entries.map(\.descriptor.description)
      let bare = spec.split(separator: "+", maxSplits: 1).first.map(String.init) ?? spec
      let meant =
        Suggestion.closest(to: bare, in: known)
        ?? Suggestion.closest(to: bare, in: Array(Set(entries.map(\.descriptor.name))).sorted())
      throw InputFailure(
        "\(flag): unknown engine '\(spec)'"
          + (meant.map { " (did you mean '\($0)'?)" } ?? "")
          + "; expected one of \(names) (optionally \(faults))")
    }
    return entry
  }
}
