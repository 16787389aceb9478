// scrolltrace — `scrolltrace export`: a replay as a timeline for Perfetto or chrome://tracing.

import Analyze
import ArgumentParser
import Replay
import TraceFormat

/// `scrolltrace export --chrome OUT.json TRACE --engine E`.
struct ExportCommand: EngineCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Replay a trace and write the replay as a timeline (Chrome Trace Event JSON).",
    discussion: """
      The file opens in ui.perfetto.dev and chrome://tracing: display frames, the estimated main-thread \
      work per frame (nested by kind), gestures and scroll phases as slices; contentOffset, reuse pool \
      and live views as counters; boundary glitches, offset jumps and anchor drift as instants. \
      It is the array format, one event per line, so a file cut short still loads. docs/export.md \
      lists every event.

      Example:
        scrolltrace export --chrome pager.json Traces/pager-rotation.sctrace --engine paging@1
      """
  )

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

  func validate() throws {
    _ = try model.overrides()
  }

  func run(engines: EngineRegistry) throws {
    let entry = try engines.entry(engine, flag: "--engine")
    let overrides = try model.overrides()
    let settings = try analysis.settings()
    let out = try Output.to(chrome, inputs: [trace] + analysis.inputFiles)
    do {
      let reader = try read.open(trace)
      let rate = reader.header.device.refreshRate
      var analysisState = TraceAnalysis(settings: settings, refreshRate: rate)
      var first = true
      let write: (String) throws -> Void = { line in
        try out.write(first ? "[\n" : ",\n")
        try out.write(line)
        first = false
      }
      var exporter = try ChromeTraceExporter(
        name: "\(trace) on \(entry.descriptor)", refreshRate: rate, costModel: settings.costModel,
        write: write)
      var progress = ProgressBar(traces: [trace])
      defer { progress.finish() }
      var frames = 0
      try ReplayCommand.replay(reader, entry: entry, overrides: overrides, read: read) { run, _ in
        // The Chrome trace has an entry per frame: a run of frames at rest is written out.
        for frame in run.frames {
          analysisState.consume(frame)
          try exporter.consume(frame, write: write)
          frames += 1
          if frames & 255 == 0, let size = reader.fileSize, size > 0 {
            progress.update(
              trace: 0, path: trace, fraction: Double(reader.stats.compressedBytes) / Double(size))
          }
        }
      }
      try exporter.finish(analysisState.summary, write: write)
      try out.write("\n]\n")
      try out.commit()
      let lostData = read.reportLosses(of: reader)
      if lostData { throw ExitCode(ExitStatus.findings) }
    } catch {
      out.discard()
      throw error
    }
  }
}
