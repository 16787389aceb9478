// scrolltrace — `scrolltrace export`: a replay as a timeline for Perfetto or chrome://tracing.

import Analyze
import ArgumentParser
import Pipeline
import Presentation
import Replay
import TraceIngest

/// `scrolltrace export --chrome OUT.json TRACE --engine E`.
struct ExportCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "export",
      abstract: "Replay a trace and write the replay as a timeline (Chrome Trace Event JSON).",
      discussion: ToolName.help(
        """
        The file opens in ui.perfetto.dev and chrome://tracing: display frames, the estimated main-thread \
        work per frame (nested by kind), gestures and scroll phases as slices; contentOffset, reuse pool \
        and live views as counters; boundary glitches, offset jumps and anchor drift as instants. \
        It is the array format, one event per line, so a file cut short still loads. docs/export.md \
        lists every event.

        Example:
          scrolltrace export --chrome pager.json --engine paging@1 \\
              Traces/pager-rotation.sctrace
        """)
    )
  }

  @Option(help: ArgumentHelp("Write Chrome Trace Event JSON to this file.", valueName: "file"))
  var chrome: String

  @Argument(help: "The trace to replay.", completion: Completions.traces)
  var trace: String

  @Option(
    help: ArgumentHelp(
      "The engine, as name or name@version (the newest version by default).", valueName: "engine"),
    completion: Completions.engines)
  var engine: String

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  @OptionGroup var replay: ReplayOptions

  func validate() throws {
    _ = try model.overrides()
  }

  func run(engines: EngineRegistry) throws {
    let entry = try engines.entry(engine, flag: "--engine")
    let settings = try ReplaySettings(analysis: analysis, model: model, read: read, replay: replay)
    let out = try Output.to(chrome, inputs: [trace] + analysis.inputFiles)
    do {
      var progress = ProgressBar(traces: [trace])
      defer { progress.finish() }
      let name = "\(trace) on \(entry.descriptor)"
      var (replay, export) = try TraceReplay.observed(
        TraceSource(path: trace), engine: entry, settings: settings,
        observer: { header in
          try ChromeExport(
            out: out, name: name, refreshRate: header.device.refreshRate,
            costModel: settings.analysis.costModel)
        },
        progress: { progress.update(trace: 0, path: trace, fraction: $0) })
      try export.finish(replay.analysis.summary)
      try out.commit()
      for loss in replay.losses { progress.tell(ReplayBatch.Event.lost(path: trace, loss)) }
      if !replay.losses.isEmpty { throw ExitCode(ExitStatus.findings) }
    } catch {
      out.discard()
      throw error
    }
  }
}

/// The Chrome trace of a replay, written frame by frame: the array format, one event a line.
struct ChromeExport: FrameObserver {
  private let out: Output
  private var exporter: ChromeTraceExporter
  private var isFirst: IsFirst

  /// Mutable through the write closure, which escapes into the exporter's calls.
  private final class IsFirst { var value = true }

  init(out: Output, name: String, refreshRate: Double, costModel: CostModel) throws {
    self.out = out
    let isFirst = IsFirst()
    self.isFirst = isFirst
    exporter = try ChromeTraceExporter(
      name: name, refreshRate: refreshRate, costModel: costModel,
      write: Self.writer(out, isFirst))
  }

  private static func writer(_ out: Output, _ isFirst: IsFirst) -> (String) throws -> Void {
    { line in
      try out.write(isFirst.value ? "[\n" : ",\n")
      try out.write(line)
      isFirst.value = false
    }
  }

  mutating func observe(_ frame: ReplayFrame, isFinding: Bool) throws {
    try exporter.consume(frame, write: Self.writer(out, isFirst))
  }

  /// Writes the summary's events and closes the array.
  mutating func finish(_ summary: AnalysisSummary) throws {
    try exporter.finish(summary, write: Self.writer(out, isFirst))
    try out.write("\n]\n")
  }
}
