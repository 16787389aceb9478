// scrolltrace — `scrolltrace history show`: the series as a table, markdown, or HTML charts.

import Analyze
import ArgumentParser
import Presentation
import ResultStore

extension HistoryCommand {
  /// `history show`.
  struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Print each series that changed, or draw them as HTML with the changes marked.")

    @OptionGroup var store: StoreOptions

    @OptionGroup var series: SeriesOptions

    @OptionGroup var options: CheckOptions

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Print the last this many runs of each series.", valueName: "runs"))
    var last = 20

    @Option(
      help: ArgumentHelp(
        "table, markdown or html (default: what --output's extension says, else table).",
        valueName: "format"))
    var format: String?

    @Option(
      name: [.short, .customLong("output")],
      help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    var resolvedFormat: String {
      format
        ?? (output?.hasSuffix(".html") == true
          ? "html" : output?.hasSuffix(".md") == true ? "markdown" : "table")
    }

    func validate() throws {
      guard ["table", "markdown", "html"].contains(resolvedFormat) else {
        throw ValidationError("--format must be table, markdown or html")
      }
      guard last >= 1 else { throw ValidationError("--last must be 1 or more") }
    }

    func run() throws {
      let all = try store.with(.read) { try series.series($0) }
      let out = try Output.to(output, inputs: [store.store])
      do {
        switch resolvedFormat {
        case "html":
          let check = try options.check()
          try out.line(HistoryHTML.page(all, result: check.run(all), check: check))
        default:
          try out.line(HistoryTable.render(all, last: last, markdown: resolvedFormat == "markdown"))
        }
        try out.commit()
      } catch {
        out.discard()
        throw error
      }
    }
  }
}
