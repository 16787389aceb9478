// scrolltrace — what the shell completes for each kind of value.

import ArgumentParser
import Replay

/// Shell completion for the values the verbs take (`scrolltrace --generate-completion-script
/// bash|zsh|fish`): traces by their extension, reports, budgets and cost models as JSON, engines by
/// name@version — the running tool's, so a team's own engines complete too.
enum Completions {
  /// Trace files (`.sctrace`) and folders of them.
  static let traces = CompletionKind.file(extensions: ["sctrace"])
  /// Traces, or saved JSON reports (`diff`, `gate`).
  static let tracesOrReports = CompletionKind.file(extensions: ["sctrace", "json"])
  /// JSON files: budgets, cost models, gesture scripts.
  static let json = CompletionKind.file(extensions: ["json"])
  /// The engines of the running tool, as name@version.
  /// (The current run's: the shell's completion request is parsed like any command line.)
  static let engines = CompletionKind.custom { _, _, _ in ToolRun.current.engineNames }
}
