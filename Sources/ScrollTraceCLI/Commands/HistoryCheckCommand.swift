// scrolltrace — `scrolltrace history check`: where each series stepped; exit 1 on a new regression.

import Analyze
import ArgumentParser
import Presentation
import ResultStore

extension HistoryCommand {
  /// `history check`.
  struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Find where each series stepped; exit 1 when a regression is among the newest runs."
    )

    @OptionGroup var store: StoreOptions

    @OptionGroup var series: SeriesOptions

    @OptionGroup var options: CheckOptions

    @Option(
      help: ArgumentHelp("table, markdown or json (default table).", valueName: "format"))
    var format = "table"

    @Option(
      name: [.short, .customLong("output")],
      help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(
      help:
        "Judge host timings too (host.wallTime…): they move with the machine, so a history from shared CI runners is mostly noise; by default only the deterministic metrics are judged, unless --metric names a host timing."
    )
    var includeHost = false

    @Flag(
      help:
        "When no series has 3 runs yet (a new store's first builds), write that nothing was checked and exit 0 instead of 2."
    )
    var allowFewRuns = false

    func validate() throws {
      guard ["table", "markdown", "json"].contains(format) else {
        throw ValidationError("--format must be table, markdown or json")
      }
    }

    func run() throws {
      let all = try store.with(.read) { try series.series($0) }.filter { one in
        includeHost || !series.metric.isEmpty || Metric.named(one.metric)?.isHostTiming != true
      }
      guard !all.isEmpty else {
        throw InputFailure(
          "\(store.store): no run to check"
            + (series.branch.map { " on branch '\($0)'" } ?? "") + " (history add records runs)")
      }
      let check = try options.check()
      let result = check.run(all)
      // Fail closed: a store whose series are all too short has been judged by nothing.
      guard result.checked > 0 || allowFewRuns else {
        let runs = all.map(\.points.count).max() ?? 0
        throw InputFailure(
          "\(store.store): the longest series has \(runs) run\(runs == 1 ? "" : "s"); a check needs \(HistoryCheck.minimumRuns) or more (--allow-few-runs passes a new store)"
        )
      }
      if result.checked == 0 {
        StandardError.note(
          "\(store.store): no series has \(HistoryCheck.minimumRuns) runs yet; nothing was checked")
      }
      let out = try Output.to(output, inputs: [store.store])
      do {
        try out.line(
          format == "json"
            ? result.json(check)
            : format == "markdown" ? result.markdown(check) : result.table(check))
        try out.commit()
      } catch {
        out.discard()
        throw error
      }
      if !result.recentRegressions.isEmpty { throw ExitCode(ExitStatus.findings) }
    }
  }
}
