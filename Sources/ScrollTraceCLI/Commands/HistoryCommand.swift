// scrolltrace — `scrolltrace history`: runs build after build, and where their metrics stepped.

import Analyze
import ArgumentParser
import ResultStore
import TraceCore

/// `scrolltrace history add|check|show --store FILE`.
struct HistoryCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "history",
      abstract: "Record runs in a results store, find where their metrics stepped, and show them.",
      discussion: ToolName.help(
        """
        history add records a JSON report as a run of a branch at a revision; history list lists the \
        runs. history check runs \
        change-point detection over each trace's series of each metric — AndroidX's step fit and \
        Apache Otava's E-divisive means — names the first revision of each change, its size and \
        its direction, and exits 1 when a regression appears among the newest runs. history show \
        prints the series, or draws them as HTML with the changes marked. history merge adds to a \
        store what other copies of it hold, for two jobs that raced (docs/history.md).

        Examples:
          scrolltrace history add report.json --store results.sqlite \\
              --branch main --revision "$(git rev-parse --short HEAD)" \\
              --time "$(git show -s --format=%ct)"
          scrolltrace history list --store results.sqlite
          scrolltrace history check --store results.sqlite --branch main
          scrolltrace history show --store results.sqlite -o history.html
          scrolltrace history merge other-job.sqlite --store results.sqlite
        """),
      subcommands: [
        AddCommand.self, ListCommand.self, CheckCommand.self, ShowCommand.self, MergeCommand.self,
      ])
  }

  /// `history add REPORT`.
  struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Record a JSON report as a run of a branch (replacing a run of the same revision).",
      discussion: """
        With --runs FILE, many runs in one transaction — all or none — for back-filling a \
        history: a run a line, REVISION<TAB>TIME<TAB>REPORT (docs/history.md).
        """)

    @Argument(
      help: ArgumentHelp("A JSON report (replay --format json).", valueName: "report"),
      completion: Completions.json)
    var report: String?

    @Option(
      help: ArgumentHelp(
        "Record the runs this file lists (- for standard input), one a line: REVISION<TAB>TIME<TAB>REPORT; all in one transaction.",
        valueName: "file"),
      completion: .file())
    var runs: String?

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("The branch the run belongs to.", valueName: "branch"))
    var branch: String

    @OptionGroup var stamp: RunStamp

    @Option(
      help: ArgumentHelp(
        "Record the run under this engine name (default: the report's, such as cardfeed@2): a series is a branch, an engine, a trace and a metric, so an engine renamed between builds keeps its series.",
        valueName: "name"))
    var engine: String?

    func validate() throws {
      if runs != nil {
        guard report == nil, stamp.revision == nil, stamp.time == nil else {
          throw ValidationError(
            "--runs names each run's report, revision and time: give no report, --revision or --time with it"
          )
        }
        return
      }
      guard report != nil else {
        throw ValidationError("give a report (with --revision), or --runs FILE")
      }
      guard stamp.revision != nil else {
        throw ValidationError("--revision is required: a run is named by its revision")
      }
    }

    func run() throws { try HistoryAddRequest(self).run() }
  }

  /// `history list`.
  struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the runs a store holds, oldest first.")

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Only this branch's runs.", valueName: "branch"))
    var branch: String?

    func run() throws {
      let runs = try store.with(.read) { try $0.runSummaries(branch: branch) }
      let out = Output.stdout()
      if runs.isEmpty { try out.line("\(store.store): no run") }
      for run in runs {
        let made = [run.provenance.tool, run.provenance.machine, run.provenance.runner]
          .filter { !$0.isEmpty }.joined(separator: " · ")
        try out.line(
          "\(run.branch)  \(run.revision)  \(TextFormat.date(run.time))  \(run.engine)"
            + (made.isEmpty ? "" : "  (\(made))"))
      }
    }
  }
}
