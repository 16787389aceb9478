// scrolltrace — `scrolltrace baseline`: reports kept under a name, for diff and gate to compare with.

import Analyze
import ArgumentParser
import ResultStore
import TraceCore

/// `scrolltrace baseline save|list|delete --store FILE`.
struct BaselineCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "baseline",
      abstract: "Keep reports under a name in a results store, for diff and gate to compare with.",
      discussion: ToolName.help(
        """
        A baseline is one or more JSON reports (replay --format json) saved under a name — a branch, \
        a release — with the revision and time. diff and gate then take --baseline-store FILE \
        --baseline NAME in place of a baseline engine or report, so a pull request replays only \
        its candidate (docs/history.md).

        Examples:
          scrolltrace baseline save main report.json --store results.sqlite \\
              --revision "$(git rev-parse --short HEAD)"
          scrolltrace baseline list --store results.sqlite
          scrolltrace gate --budget Budgets/samples.json \\
              --baseline-store results.sqlite --baseline main \\
              --candidate cardfeed@2 Traces/cardfeed-mixed.sctrace
        """),
      subcommands: [SaveCommand.self, ListCommand.self, DeleteCommand.self])
  }

  /// `baseline save NAME REPORT…`.
  struct SaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "save",
      abstract: "Save reports as the baseline NAME, replacing one of that name.")

    @Argument(help: ArgumentHelp("The baseline's name: a branch, a release.", valueName: "name"))
    var name: String

    @Argument(
      help: ArgumentHelp("JSON reports (replay --format json).", valueName: "reports"),
      completion: Completions.json)
    var reports: [String] = []

    @OptionGroup var store: StoreOptions

    @Option(
      help: ArgumentHelp(
        "A budget file (docs/ci.md) kept with the baseline: gate against it holds a candidate to these limits when given no --budget.",
        valueName: "file"),
      completion: Completions.json)
    var budget: String?

    @OptionGroup var stamp: RunStamp

    func run() throws {
      guard !reports.isEmpty else { throw ValidationError("give the reports to save") }
      let loaded = try reports.map { (json: try InputFile.report.read($0), label: $0) }
      let limits = try budget.map { path in
        let bytes = try InputFile.budget.read(path)
        do {
          _ = try Budget(json: bytes)
        } catch {
          throw InputFailure("\(path): \(error)")
        }
        return bytes
      }
      let time = try stamp.seconds()
      let replaced = try store.with(.create) {
        try $0.saveBaseline(
          name, reports: loaded, revision: stamp.revision ?? "unspecified", time: time,
          provenance: stamp.provenance, budget: limits)
      }
      try Output.stdout().line(
        "\(store.store): baseline '\(name)' saved: \(reports.count) report\(reports.count == 1 ? "" : "s")"
          + (budget.map { " with the budget \(TextFormat.visible($0))" } ?? "")
          + (replaced > 0 ? ", replacing \(replaced)" : ""))
    }
  }

  /// `baseline list`.
  struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the baselines a store holds.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let baselines = try store.with(.read) { try $0.baselines() }
      let out = Output.stdout()
      if baselines.isEmpty { try out.line("\(store.store): no baseline") }
      for baseline in baselines {
        try out.line(
          "\(baseline.name)  \(baseline.revision)  \(TextFormat.date(baseline.time))  "
            + "\(baseline.engines.joined(separator: ", ")) · \(baseline.traces) trace\(baseline.traces == 1 ? "" : "s")"
            + (baseline.hasBudget ? " · budget" : ""))
      }
    }
  }

  /// `baseline delete NAME`.
  struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete the baseline NAME.")

    @Argument(help: ArgumentHelp("The baseline's name.", valueName: "name"))
    var name: String

    @OptionGroup var store: StoreOptions

    func run() throws {
      let deleted = try store.with(.write) { try $0.deleteBaseline(name) }
      try Output.stdout().line(
        "\(store.store): baseline '\(name)' deleted (\(deleted) report\(deleted == 1 ? "" : "s"))")
    }
  }
}
