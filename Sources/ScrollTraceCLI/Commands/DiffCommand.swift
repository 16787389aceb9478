// scrolltrace — `scrolltrace diff`: two engines, or two saved reports, metric by metric.

import Analyze
import ArgumentParser
import Pipeline
import Presentation
import Replay

/// `scrolltrace diff --baseline A --candidate B TRACE...` or `scrolltrace diff BASE.json CAND.json`.
struct DiffCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "diff",
      abstract: "Compare two engines on the same traces, or two saved reports, metric by metric.",
      discussion: ToolName.help(
        """
        With --baseline and --candidate, both engines replay the traces in this process, interleaved \
        A B, B A, --repeat times (9 by default, for host timings). Deterministic metrics compare \
        exactly; host timings by a Mann–Whitney U test on the repetitions (as google/benchmark's \
        compare.py), reported as "no change" unless significant at --alpha and beyond the noise \
        floor, and "inconclusive" when the medians move further without significance. Metrics have a \
        direction (lower or higher is better); informational ones (frames) are shown, never judged. \
        With two report files (scrolltrace replay --format json), their metrics compare; a single run \
        per side has no timing test. With --baseline-store FILE --baseline NAME, the baseline is \
        the one saved in a results store (scrolltrace baseline save; docs/history.md), compared \
        with --candidate replayed on traces or with one report. Traces are matched by content hash, then by path (a warning). \
        Exit 0 whatever changed (`scrolltrace gate` fails builds); 1 with --strict when there are \
        warnings; 2 when the two sides share no trace.

        Examples:
          scrolltrace diff --baseline cardfeed@1 --candidate cardfeed@2 \\
              Traces/cardfeed-mixed.sctrace
          scrolltrace diff main.json branch.json --format markdown -o diff.md
          scrolltrace diff --baseline-store results.sqlite --baseline main \\
              branch.json
        """)
    )
  }

  @Argument(
    help: ArgumentHelp(
      "Traces (with --baseline/--candidate), or a baseline and a candidate report.",
      valueName: "inputs"),
    completion: Completions.tracesOrReports)
  var givenInputs: [String] = []

  @OptionGroup var list: FileListOptions

  @OptionGroup var compare: CompareOptions

  @Flag(help: "Do not repeat the replays to compare host timings (one run a side).")
  var noTimings = false

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "The output's format: table, json, markdown or html. Default: what --output's extension says (.json, .md, .html), else table.",
      valueName: "format"))
  var formatOption: ReportFormat?

  /// The format given, or the one `--output`'s extension implies.
  var format: ReportFormat { ReportFormat.resolved(formatOption, output: output) }

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Write the diff to this file.", valueName: "file"))
  var output: String?

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  @OptionGroup var replay: ReplayOptions

  func validate() throws {
    if format == .ndjson {
      throw ValidationError(
        "--format ndjson is replay's stream of one summary per trace; diff writes table, json, markdown or html"
      )
    }
    if compare.candidate != nil, compare.baseline == nil {
      throw ValidationError(
        "diff needs both --baseline and --candidate engines, or two report files")
    }
    if compare.baselineStore != nil {
      if compare.candidate == nil, FileListOptions.given(givenInputs).count != 1 {
        throw ValidationError(
          "with --baseline-store, give --candidate ENGINE and traces, or one candidate report")
      }
    } else if compare.candidate == nil, FileListOptions.given(givenInputs).count != 2 {
      throw ValidationError(
        "give a baseline and a candidate report (BASE.json CAND.json), or --baseline and --candidate engines with traces"
      )
    }
  }

  func run(engines: EngineRegistry) throws {
    let inputs = try list.paths(givenInputs)
    let entries = try compare.entries(in: engines)
    let out = try Output.to(output, inputs: inputs + analysis.inputFiles + compare.inputFiles)
    do {
      let sides = try compare.sides(
        inputs: inputs, entries: entries, compareTimings: !noTimings && compare.replaysBaseline,
        analysis: analysis,
        model: model, read: read, replay: replay, plots: format == .html)
      guard let baseline = sides.baseline else { throw ValidationError("diff needs a baseline") }
      let diff = try CompareOptions.checkedDiff(
        ReportDiff(
          baseline: baseline, candidate: sides.candidate,
          settings: try compare.settings(comparesHostTimings: !noTimings)))
      let text = format == .html ? diff.html(plots: sides.plots) : format.render(diff)
      try out.line(format == .table ? TerminalStyle.styled(text, for: out) : text)
      try out.commit()
      if compare.strict, !diff.warnings.isEmpty { throw ExitCode(ExitStatus.findings) }
    } catch {
      out.discard()
      throw error
    }
  }
}
