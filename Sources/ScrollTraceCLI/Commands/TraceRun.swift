// scrolltrace — one trace replayed and analysed: the unit of work of `replay`, `diff` and `gate`.

import Analyze
import Replay
import TraceFormat

/// One trace replayed through an engine with every analyzer: its report section, its analysis
/// (to merge into the total), its plot series and what a recovering read lost.
struct TraceRun: Sendable {
  /// The trace's section of the report.
  var section: TraceReport
  /// The trace's analysis, merged into the report's total.
  var analysis: TraceAnalysis
  /// The trace's plots, when asked for.
  var plot: PlotSeries?
  /// Whether a recovering read lost data.
  var lostData: Bool
  /// The warnings about lost data, to print in trace order.
  var lossMessages: [String]

  /// Replays and analyses the trace at `path`.
  ///
  /// Writes every frame to `timeline` when given;
  /// calls `progress` with the fraction of the file read, every 256 frames.
  init(
    path: String, entry: EngineRegistry.Entry, overrides: ScrollViewOverrides,
    settings: AnalysisSettings,
    read: ReadOptions, wantsPlot: Bool, timeline: String? = nil, progress: ((Double) -> Void)? = nil
  ) throws {
    // Opened once: a pipe or FIFO can be read only once, and is hashed as it is read.
    let reader = try read.open(path)
    let fileSize = reader.fileSize
    let frames = try timeline.map { try Output.to($0, inputs: [path]) }
    let refreshRate = reader.header.device.refreshRate
    var analysis = TraceAnalysis(settings: settings, refreshRate: refreshRate)
    var series =
      wantsPlot ? PlotSeries(refreshRate: refreshRate, costModel: settings.costModel) : nil
    do {
      let clock = ContinuousClock()
      let start = clock.now
      var frameCount: Int64 = 0
      try ReplayCommand.replay(reader, entry: entry, overrides: overrides, read: read) {
        run, hostTime in
        analysis.host.recordFrames(hostTime, count: run.count)
        if series == nil, frames == nil {
          analysis.consume(run)
        } else {
          // Plots and timelines show every frame: a run of frames at rest is taken frame by frame.
          for frame in run.frames {
            let findings = analysis.findings
            analysis.consume(frame)
            series?.consume(frame, isFinding: analysis.findings != findings)
            try frames?.line(frame.jsonLine)
          }
        }
        // Every 256 frames, or once per run that crosses a multiple of 256.
        let before = frameCount
        frameCount += run.count
        if let progress, before >> 8 != frameCount >> 8, let fileSize, fileSize > 0 {
          progress(Double(reader.stats.compressedBytes) / Double(fileSize))
        }
      }
      analysis.host.recordReplay(
        wallTime: (clock.now - start).wholeNanoseconds, events: reader.stats.events)
      try frames?.commit()
    } catch {
      frames?.discard()
      throw error
    }
    series?.finish()
    plot = series
    lossMessages = read.lossMessages(of: reader)
    lostData = !lossMessages.isEmpty
    let identity = TraceIdentity(
      path: path, contentHash: try reader.contentHash(), fileSize: fileSize ?? 0,
      events: reader.stats.events,
      device: reader.header.device, losses: reader.losses.count, metadata: reader.header.metadata)
    section = TraceReport(
      identity: identity, summary: analysis.summary, host: analysis.host.summary)
    self.analysis = analysis
  }
}

/// What became of one trace of several: replayed, or skipped because the engine does not lay out
/// its scene or (with `--keep-going`) because it could not be read or replayed.
enum TraceOutcome: Sendable {
  /// Replayed and analysed.
  case replayed(TraceRun)
  /// Not replayed: the engine does not lay out its kind of scene, or the trace failed.
  case skipped(SkippedTrace)

  /// The outcome of `replay` on the trace at `path`; with `skipping`, an unsupported scene is a
  /// skip rather than an error; with `keepingGoing`, so is a trace that cannot be read or replayed
  /// (a failure, with the error's line as its reason).
  init(path: String, skipping: Bool, keepingGoing: Bool = false, _ replay: () throws -> TraceRun)
    throws
  {
    do {
      self = .replayed(try replay())
    } catch let failure as InputFailure where skipping && failure.unsupportedScene != nil {
      self = .skipped(SkippedTrace(path: path, reason: failure.unsupportedScene ?? ""))
    } catch let failure as InputFailure where keepingGoing {
      self = .skipped(SkippedTrace(path: path, reason: failure.description, isFailure: true))
    } catch let failure as TraceFormatError where keepingGoing {
      self = .skipped(SkippedTrace(path: path, reason: failure.description, isFailure: true))
    }
  }
}
