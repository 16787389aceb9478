// scrolltrace — `scrolltrace replay`: traces through an engine, frame by frame.

import Analyze
import ArgumentParser
import Pipeline
import Presentation
import Replay
import TraceIngest

/// `scrolltrace replay TRACE... --engine NAME[@VERSION]`: replays traces through an engine on the
/// trace's frame clock, runs every analyzer over the frames, and prints the report.
struct ReplayCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "replay",
      abstract:
        "Replay traces through a scroll-view engine and report frame cost, jumps, glitches and reuse.",
      discussion: ToolName.help(
        """
        Each trace's touches, resizes, scene changes and programmatic scrolls drive a headless model \
        of UIScrollView, one fixed step per display frame, and the analyzers read every frame: frame \
        cost (work, estimated device time, hitches), offset jumps and resize anchor drift, boundary \
        glitches at rest, and reuse churn. The report has a section per trace and a total; its JSON \
        form is documented in docs/report-schema.md. Everything but the `host` timings is \
        byte-identical on any machine. --timeline also writes every frame (docs/timeline.md).

        A folder stands for the .sctrace files in it. Of several traces, those whose scene the \
        engine does not lay out (a pager's pages given to a card feed) are skipped with a note and \
        listed in the report; a single trace the engine cannot lay out is an error (exit 2).

        `scrolltrace engines` lists the engines --engine takes.

        Examples:
          scrolltrace replay Traces/pager-rotation.sctrace --engine paging@1
          scrolltrace replay Traces --engine cardfeed --format markdown \\
              -o report.md
          scrolltrace replay Traces/real --engine paging@2 --jobs 2 \\
              --format json -o report.json
        """)
    )
  }

  @Argument(
    help: ArgumentHelp(
      "The traces to replay; a folder stands for the .sctrace files in it.", valueName: "traces"),
    completion: Completions.traces)
  var traces: [String] = []

  @OptionGroup var list: FileListOptions

  @Option(
    help: ArgumentHelp(
      ToolName.help(
        "The engine, as name or name@version (the newest version by default); `scrolltrace engines` lists them. Required: `plain` is the scroll-view model alone."
      ),
      valueName: "engine"),
    completion: Completions.engines)
  var engine: String

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "The report's format: table (a terminal, 100 columns), json, markdown, html (one file with plots) or ndjson (one flat summary per trace, for fleets: docs/fleet.md). Default: what --output's extension says (.json, .md, .html, .ndjson), else table.",
      valueName: "format"))
  var formatOption: ReportFormat?

  /// The format given, or the one `--output`'s extension implies.
  var format: ReportFormat { ReportFormat.resolved(formatOption, output: output) }

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "Write the report to this file instead of standard output.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Write every frame as a JSON line to this file (one trace only).", valueName: "file"))
  var timeline: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Replay this many traces at once, one per thread. The report is the same for any count, host timings aside.",
      valueName: "count"))
  var jobs = 1

  @Flag(
    help:
      "Go on past a trace that cannot be read or replayed (damaged, foreign, over a limit): the report lists it as failed, with its error, and the run exits 1. For fleets: one bad file among thousands."
  )
  var keepGoing = false

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  @OptionGroup var replay: ReplayOptions

  func validate() throws {
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be within 1...256") }
    if let output, let timeline, output == timeline, output != "-" {
      throw ValidationError("--output and --timeline name the same file '\(output)'")
    }
    _ = try model.overrides()
  }

  func run(engines: EngineRegistry) throws {
    let entry = try engines.entry(engine, flag: "--engine")
    let given = try list.paths(self.traces)
    guard !given.isEmpty else { throw ValidationError("give the traces to replay") }
    let traces = try TraceFolders.expand(given)
    if timeline != nil, traces.count != 1 {
      throw InputFailure("--timeline takes one trace; \(traces.count) were given")
    }
    let settings = try ReplaySettings(analysis: analysis, model: model, read: read, replay: replay)
    // Open the report's file first: a path that cannot be written fails before minutes of replay.
    let out = try Output.to(output, inputs: traces + analysis.inputFiles)
    do {
      let batch = ReplayBatch(engine: entry, settings: settings, jobs: jobs, keepsGoing: keepGoing)
      var progress = ProgressBar(traces: traces)
      defer { progress.finish() }
      let events = { (event: ReplayBatch.Event) in progress.tell(event) }
      let result: ReplayBatch.Result
      if let timeline {
        let frames = try Output.to(timeline, inputs: traces)
        do {
          result = try batch.run(
            TraceSource(path: traces[0]), plots: format == .html,
            observer: { _ in TimelineFrames(out: frames) }, events: events
          ).result
          try frames.commit()
        } catch {
          frames.discard()
          throw error
        }
      } else {
        result = try batch.run(traces.map(TraceSource.init), plots: format == .html, events: events)
      }
      try out.line(format.render(result.report, plots: result.plots))
      try out.commit()
      if result.lostData { throw ExitCode(ExitStatus.findings) }
    } catch {
      out.discard()
      throw error
    }
  }
}

/// `--timeline`: every frame as a JSON line (docs/timeline.md).
struct TimelineFrames: FrameObserver {
  let out: Output

  func observe(_ frame: ReplayFrame, isFinding: Bool) throws { try out.line(frame.jsonLine) }
}
