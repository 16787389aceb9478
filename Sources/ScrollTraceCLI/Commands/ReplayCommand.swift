// scrolltrace — `scrolltrace replay`: traces through an engine, frame by frame.

import Analyze
import ArgumentParser
import Replay
import TraceFormat

/// `scrolltrace replay TRACE... --engine NAME[@VERSION]`: replays traces through an engine on the
/// trace's frame clock, runs every analyzer over the frames, and prints the report.
struct ReplayCommand: EngineCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract:
      "Replay traces through a scroll-view engine and report frame cost, jumps, glitches and reuse.",
    discussion: """
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
        scrolltrace replay Traces/*.sctrace --engine cardfeed --format markdown -o report.md
        scrolltrace replay field/*.sctrace --engine paging@2 --jobs 2 --format json -o report.json
      """
  )

  @Argument(
    help: "The traces to replay; a folder stands for the .sctrace files in it.",
    completion: Completions.traces)
  var traces: [String]

  @Option(
    help: ArgumentHelp(
      "The engine, as name or name@version (the newest version by default).", valueName: "engine"),
    completion: Completions.engines)
  var engine = "plain"

  @Option(
    help: ArgumentHelp(
      "The report's format: table (a terminal, 100 columns), json, markdown, html (one file with plots) or ndjson (one flat summary per trace, for fleets: docs/fleet.md).",
      valueName: "format"))
  var format: ReportFormat = .table

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

  func validate() throws {
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be within 1...256") }
    if let output, let timeline, output == timeline, output != "-" {
      throw ValidationError("--output and --timeline name the same file '\(output)'")
    }
    _ = try model.overrides()
  }

  func run(engines: EngineRegistry) throws {
    let entry = try engines.entry(engine, flag: "--engine")
    let traces = try TraceFolders.expand(self.traces)
    if timeline != nil, traces.count != 1 {
      throw InputFailure("--timeline takes one trace; \(traces.count) were given")
    }
    let overrides = try model.overrides()
    let settings = try analysis.settings()
    // Open the report's file first: a path that cannot be written fails before minutes of replay.
    let out = try Output.to(output, inputs: traces + analysis.inputFiles)
    do {
      var plots: [PlotSeries]? = format == .html ? [] : nil
      let (report, lostData) = try Self.report(
        traces: traces, entry: entry, overrides: overrides, settings: settings,
        modelOptions: model.given, read: read,
        timeline: timeline, plots: &plots, jobs: jobs, keepingGoing: keepGoing)
      try out.line(format.render(report, plots: plots ?? []))
      try out.commit()
      if lostData || report.skipped.contains(where: \.isFailure) {
        throw ExitCode(ExitStatus.findings)
      }
    } catch {
      out.discard()
      throw error
    }
  }

  /// Replays `traces` through `entry` and analyses them: the report, and whether a recovering read
  /// lost data.
  ///
  /// Replays `jobs` traces at once; the report is the same for any `jobs`, host timings
  /// aside. Draws progress on a terminal; writes the frames to `timeline` when given. Of several
  /// traces, those whose scene the engine does not lay out are skipped with a note (the report
  /// lists them); a single trace, or a list with none the engine can replay, is an error. With
  /// `keepingGoing`, a trace that cannot be read or replayed is listed as a failure instead of
  /// ending the run. With `notingSkips` false (a repetition), the skips are not noted again on
  /// standard error.
  static func report(
    traces: [String], entry: EngineRegistry.Entry, overrides: ScrollViewOverrides,
    settings: AnalysisSettings,
    modelOptions: [Report.ModelOption], read: ReadOptions, timeline: String? = nil,
    plots: inout [PlotSeries]?,
    jobs: Int = 1, keepingGoing: Bool = false, notingSkips: Bool = true
  ) throws -> (Report, lostData: Bool) {
    var progress = ProgressBar(traces: traces)
    defer { progress.finish() }
    var lostData = false
    var sections: [TraceReport] = []
    var total: TraceAnalysis?
    let wantsPlots = plots != nil
    var skipped: [SkippedTrace] = []
    func take(_ outcome: TraceOutcome) {
      let run: TraceRun
      switch outcome {
      case .skipped(let trace) where trace.isFailure:
        StandardError.print("scrolltrace: error: \(trace.reason) (--keep-going: going on)")
        skipped.append(trace)
        return
      case .skipped(let trace):
        if notingSkips {
          StandardError.print("scrolltrace: note: skipped \(trace.path): \(trace.reason)")
        }
        skipped.append(trace)
        return
      case .replayed(let replayed):
        run = replayed
      }
      for message in run.lossMessages { StandardError.print(message) }
      lostData = run.lostData || lostData
      if let plot = run.plot { plots?.append(plot) }
      sections.append(run.section)
      if total == nil { total = run.analysis } else { total?.merge(run.analysis) }
    }
    if jobs > 1, traces.count > 1 {
      try forEachInOrder(count: traces.count, threads: jobs) { number in
        try TraceOutcome(path: traces[number], skipping: true, keepingGoing: keepingGoing) {
          try TraceRun(
            path: traces[number], entry: entry, overrides: overrides, settings: settings,
            read: read, wantsPlot: wantsPlots)
        }
      } take: { number, run in
        take(run)
        progress.update(trace: number, path: traces[number], fraction: 1)
      }
    } else {
      for (number, path) in traces.enumerated() {
        take(
          try TraceOutcome(path: path, skipping: traces.count > 1, keepingGoing: keepingGoing) {
            try TraceRun(
              path: path, entry: entry, overrides: overrides, settings: settings, read: read,
              wantsPlot: wantsPlots,
              timeline: timeline
            ) { fraction in
              progress.update(trace: number, path: path, fraction: fraction)
            }
          })
      }
    }
    guard !sections.isEmpty || traces.isEmpty || skipped.contains(where: \.isFailure) else {
      throw InputFailure(
        "\(entry.descriptor) can replay none of the \(traces.count) traces given: "
          + skipped.map { "\($0.path) (\($0.reason))" }.joined(separator: "; "))
    }
    let all = total ?? TraceAnalysis(settings: settings, refreshRate: 60)
    let report = Report(
      engine: entry.descriptor, settings: settings, modelOptions: modelOptions, traces: sections,
      total: all.summary,
      hostTotal: all.host.summary, skipped: skipped)
    return (report, lostData)
  }

  /// The longest the replay runs on after the last event while waiting for motion to settle.
  static let settleLimit = 10.0

  /// Streams `reader` through a session of `entry` as `read` says (limits, idle frames), calling
  /// `body` with each frame or run of frames at rest (``FrameRun``) and the host time its replay
  /// work took (nanoseconds on a monotonic clock: the events since the previous frame and the
  /// frames themselves, not `body`).
  ///
  /// An event the session refuses is an ``InputFailure`` naming
  /// the file.
  static func replay(
    _ reader: TraceReader, entry: EngineRegistry.Entry, overrides: ScrollViewOverrides,
    read: ReadOptions,
    body: (FrameRun, UInt64) throws -> Void
  ) throws {
    do {
      try entry.replayRuns(
        reader, overrides: overrides, settleLimit: settleLimit, limits: read.replayLimits,
        skippingIdleFrames: !read.stepIdleFrames, body: body)
    } catch let error as ReplayError {
      throw InputFailure(
        "\(reader.path): \(error)",
        unsupportedScene: error.code == .unsupportedScene ? error.reason : nil)
    }
  }
}
