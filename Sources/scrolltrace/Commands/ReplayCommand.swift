// scrolltrace — `scrolltrace replay`: traces through an engine, frame by frame.

import Analyze
import ArgumentParser
import Replay
import TraceFormat

/// `scrolltrace replay TRACE... --engine NAME[@VERSION]`: replays traces through an engine on the
/// trace's frame clock, runs every analyzer over the frames, and prints the report.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay traces through a scroll-view engine and report frame cost, jumps, glitches and reuse.",
    discussion: """
      Each trace's touches, resizes, scene changes and programmatic scrolls drive a headless model
      of UIScrollView, one fixed step per display frame, and the analyzers read every frame: frame
      cost (work, estimated device time, hitches), offset jumps and resize anchor drift, boundary
      glitches at rest, and reuse churn. The report has a section per trace and a total; its JSON
      form is documented in docs/report-schema.md. Everything but the `host` timings is
      byte-identical on any machine. --timeline also writes every frame (docs/timeline.md).

      Engines: \(EngineRegistry.all.map(\.descriptor.description).joined(separator: ", ")).

      Examples:
        scrolltrace replay Traces/pager-rotation.sctrace --engine paging@1
        scrolltrace replay Traces/*.sctrace --engine cardfeed --format markdown -o report.md
      """
  )

  @Argument(help: "The traces to replay.")
  var traces: [String]

  @Option(help: ArgumentHelp("The engine, as name or name@version (the newest version by default).", valueName: "engine"))
  var engine = "plain"

  @Option(help: ArgumentHelp("The report's format: table (a terminal, 100 columns), json, markdown or html (one file with plots).", valueName: "format"))
  var format: ReportFormat = .table

  @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Write every frame as a JSON line to this file (one trace only).", valueName: "file"))
  var timeline: String?

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  func validate() throws {
    _ = try EngineChoice.entry(engine)
    if timeline != nil, traces.count != 1 {
      throw ValidationError("--timeline takes one trace; \(traces.count) were given")
    }
    if let output, let timeline, output == timeline, output != "-" {
      throw ValidationError("--output and --timeline name the same file '\(output)'")
    }
    _ = try model.overrides()
  }

  func run() throws {
    let entry = try EngineChoice.entry(engine)
    let overrides = try model.overrides()
    let settings = try analysis.settings()
    // Open the report's file first: a path that cannot be written fails before minutes of replay.
    let out = try Output.to(output)
    do {
      var plots: [PlotSeries]? = format == .html ? [] : nil
      let (report, lostData) = try Self.report(
        traces: traces, entry: entry, overrides: overrides, settings: settings, modelOptions: model.given, read: read,
        timeline: timeline, plots: &plots)
      try out.line(format.render(report, plots: plots ?? []))
      try out.commit()
      if lostData { throw ExitCode(ExitStatus.findings) }
    } catch {
      out.discard()
      throw error
    }
  }

  /// Replays `traces` through `entry` and analyses them: the report, and whether a recovering read
  /// lost data. Draws progress on a terminal; writes the frames to `timeline` when given.
  static func report(
    traces: [String], entry: EngineRegistry.Entry, overrides: ScrollViewOverrides, settings: AnalysisSettings,
    modelOptions: [Report.ModelOption], read: ReadOptions, timeline: String? = nil, plots: inout [PlotSeries]?
  ) throws -> (Report, lostData: Bool) {
    var progress = ProgressBar()
    defer { progress.finish() }
    var lostData = false
    var sections: [TraceReport] = []
    var total: TraceAnalysis?
    for (number, path) in traces.enumerated() {
      let contentHash = try ContentHash.of(path: path)
      let reader = try read.open(path)
      let fileSize = FileSize.of(path)
      let frames = try timeline.map { try Output.to($0) }
      var traceAnalysis = TraceAnalysis(settings: settings, refreshRate: reader.header.device.refreshRate)
      var series = plots.map { _ in PlotSeries(refreshRate: reader.header.device.refreshRate, costModel: settings.costModel) }
      do {
        let start = ContinuousClock.now
        var frameCount = 0
        try replay(reader, entry: entry, overrides: overrides) { frame, hostTime in
          traceAnalysis.consume(frame)
          traceAnalysis.host.recordFrame(hostTime)
          series?.consume(frame)
          try frames?.line(frame.jsonLine)
          frameCount += 1
          if frameCount & 255 == 0, let fileSize, fileSize > 0 {
            progress.update(
              trace: number, of: traces.count, path: path, fraction: Double(reader.stats.compressedBytes) / Double(fileSize))
          }
        }
        traceAnalysis.host.recordReplay(wallTime: nanoseconds(ContinuousClock.now - start), events: reader.stats.events)
        try frames?.commit()
      } catch {
        frames?.discard()
        throw error
      }
      if var series {
        series.finish()
        plots?.append(series)
      }
      lostData = read.reportLosses(of: reader) || lostData
      let identity = TraceIdentity(
        path: path, contentHash: contentHash, fileSize: fileSize ?? 0, events: reader.stats.events,
        device: reader.header.device, losses: reader.losses.count)
      sections.append(TraceReport(identity: identity, summary: traceAnalysis.summary, host: traceAnalysis.host.summary))
      if total == nil { total = traceAnalysis } else { total?.merge(traceAnalysis) }
    }
    let all = total ?? TraceAnalysis(settings: settings, refreshRate: 60)
    let report = Report(
      engine: entry.descriptor, settings: settings, modelOptions: modelOptions, traces: sections, total: all.summary,
      hostTotal: all.host.summary)
    return (report, lostData)
  }

  /// The longest the replay runs on after the last event while waiting for motion to settle.
  static let settleLimit = 10.0

  /// Streams `reader` through a session of `entry`, calling `body` with each frame and the host
  /// time its replay work took (nanoseconds on a monotonic clock: the events since the previous
  /// frame and the frame itself, not `body`).
  static func replay(
    _ reader: TraceReader, entry: EngineRegistry.Entry, overrides: ScrollViewOverrides,
    body: (ReplayFrame, UInt64) throws -> Void
  ) throws {
    let events = ReaderEvents(reader)
    let rate = reader.header.device.refreshRate
    var schedule = FrameSchedule(events: events, refreshRate: rate, trailingFrames: Int(rate * settleLimit))
    var session = entry.makeSession(header: reader.header, overrides: overrides)
    let clock = ContinuousClock()
    var workStart = clock.now
    while let step = schedule.next() {
      let frame: ReplayFrame?
      do {
        frame = try session.step(step)
      } catch {
        throw InputFailure("\(reader.path): \(error)")
      }
      if let failure = events.failure { throw failure }
      guard let frame else { continue }
      let hostTime = nanoseconds(clock.now - workStart)
      try body(frame, hostTime)
      if schedule.isTrailing, frame.isAtRest { break }
      workStart = clock.now
    }
    if let failure = events.failure { throw failure }
  }

  /// A duration in whole nanoseconds (0 for negative durations).
  static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
  }
}

/// A trace reader as an iterator of events; a read error ends the iteration and is kept.
///
/// A gap of more than ``maximumGap`` between two events is refused too: the replay renders every
/// frame of a gap, and a hostile timestamp could ask for billions of them.
final class ReaderEvents: IteratorProtocol {
  private let reader: TraceReader
  private var previous: Int64?
  /// The error that ended the events, if one did.
  private(set) var failure: (any Error)?
  /// The longest gap between consecutive events a replay renders, in nanoseconds (24 hours).
  static let maximumGap: Int64 = 24 * 3600 * 1_000_000_000

  init(_ reader: TraceReader) { self.reader = reader }

  func next() -> TraceEvent? {
    guard failure == nil else { return nil }
    do {
      guard let event = try reader.next() else { return nil }
      if let previous, event.timestamp > previous, event.timestamp &- previous > Self.maximumGap || event.timestamp &- previous < 0 {
        failure = InputFailure(
          "\(reader.path): the events at \(previous) ns and \(event.timestamp) ns are more than 24 hours apart; a replay renders every frame between them")
        return nil
      }
      previous = max(previous ?? event.timestamp, event.timestamp)
      return event
    } catch {
      failure = error
      return nil
    }
  }
}
