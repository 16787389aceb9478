// scrolltrace — traces through one engine, into one report.

public import Analyze
public import Replay
public import TraceIngest

/// Replays traces through one engine and analyses them into one `Report`: a section
/// per trace and the total, `jobs` traces at a time, the report the same for any `jobs` (host
/// timings aside).
///
/// Of several traces, those whose scene the engine does not lay out are skipped and listed in the
/// report; a single trace, or a list with none the engine can replay, is an error. With
/// ``keepsGoing``, a trace that cannot be read or replayed is listed as a failure instead of
/// ending the run.
///
/// ```swift
/// let batch = ReplayBatch(engine: EngineRegistry.builtIn.entry(named: "cardfeed@2")!)
/// let result = try batch.run([TraceSource(path: "Traces/cardfeed-mixed.sctrace")])
/// #expect(result.report.total.offsetJumps.count == 0)
/// ```
public struct ReplayBatch: Sendable {
  /// The engine.
  public var engine: EngineRegistry.Entry
  /// How traces are read, replayed and analysed.
  public var settings: ReplaySettings
  /// Traces replayed at once, one per thread (1 by default).
  public var jobs: Int
  /// Whether a trace that cannot be read or replayed is listed as failed instead of ending the
  /// run.
  public var keepsGoing: Bool
  /// Whether the engine replays a short trace of its own first, unrecorded, so that the host
  /// timings are not a cold start's (on by default).
  public var warmsUp = true

  /// A batch through `engine` with `settings`.
  public init(
    engine: EngineRegistry.Entry, settings: ReplaySettings = ReplaySettings(), jobs: Int = 1,
    keepsGoing: Bool = false
  ) {
    self.engine = engine
    self.settings = settings
    self.jobs = max(1, jobs)
    self.keepsGoing = keepsGoing
  }

  /// What happens during a run, in trace order, for a tool to tell its user.
  public enum Event: Sendable {
    /// A trace was skipped: the engine does not lay out its scene.
    case skipped(SkippedTrace)
    /// A trace failed and the run went on (``ReplayBatch/keepsGoing``).
    case failed(SkippedTrace)
    /// A recovering read skipped part of the trace at `path`.
    case lost(path: String, TraceLoss)
    /// Something about the trace at `path` the user should know: observed frames dropped.
    case warning(path: String, String)
    /// The trace numbered `trace` (at `path`) is read to `fraction` of its size.
    case progress(trace: Int, path: String, fraction: Double)
  }

  /// A run's report, what it lost and its plots.
  public struct Result: Sendable {
    /// The report.
    public var report: Report
    /// Whether a recovering read lost data, or a trace failed.
    public var lostData: Bool
    /// Each replayed trace's plots, in report order, when they were asked for.
    public var plots: [PlotSeries]
  }

  /// Replays and analyses `sources` into one report, telling `events` what happens, in trace
  /// order; with `plots`, samples every frame for the HTML report's plots.
  ///
  /// - Throws: ``PipelineError`` for a trace the engine cannot replay (unless skipped or kept
  ///   going past), and `nothingReplayed` when none of several could be; the
  ///   reader's `TraceFormatError`.
  public func run(
    _ sources: [TraceSource], plots: Bool = false, events: (Event) -> Void = { _ in }
  ) throws -> Result {
    var assembly = Assembly(engine: engine.descriptor, settings: settings)
    if warmsUp, !sources.isEmpty {
      WarmUp.run(engine, settings: settings)
      assembly.warmedUp = true
    }
    if jobs > 1, sources.count > 1 {
      let (engine, settings, keepsGoing) = (engine, settings, keepsGoing)
      try forEachInOrder(count: sources.count, threads: jobs) { number in
        try TraceOutcome(path: sources[number].path, skipping: true, keepingGoing: keepsGoing) {
          try Self.replay(sources[number], engine: engine, settings: settings, plots: plots)
        }
      } take: { number, outcome in
        assembly.take(outcome, events: events)
        events(.progress(trace: number, path: sources[number].path, fraction: 1))
      }
    } else {
      for (number, source) in sources.enumerated() {
        let outcome = try TraceOutcome(
          path: source.path, skipping: sources.count > 1, keepingGoing: keepsGoing
        ) {
          try Self.replay(source, engine: engine, settings: settings, plots: plots) { fraction in
            events(.progress(trace: number, path: source.path, fraction: fraction))
          }
        }
        assembly.take(outcome, events: events)
      }
    }
    return try assembly.result(of: sources.count)
  }

  /// Replays the one trace `source`, handing every frame to the observer `makeObserver` makes
  /// once the header is read (a timeline), into a report as ``run(_:plots:events:)`` makes;
  /// returns the observer too.
  public func run<Observer: FrameObserver>(
    _ source: TraceSource, plots: Bool = false,
    observer makeObserver: (TraceHeader) throws -> Observer, events: (Event) -> Void = { _ in }
  ) throws -> (result: Result, observer: Observer?) {
    var assembly = Assembly(engine: engine.descriptor, settings: settings)
    if warmsUp {
      WarmUp.run(engine, settings: settings)
      assembly.warmedUp = true
    }
    var observer: Observer?
    let costModel = settings.analysis.costModel
    let outcome = try TraceOutcome(path: source.path, skipping: false, keepingGoing: keepsGoing) {
      let (replay, pair) = try TraceReplay.observed(
        source, engine: engine, settings: settings,
        observer: { header in
          FramePair(
            first: try makeObserver(header),
            second: plots
              ? PlotSeries(refreshRate: header.device.refreshRate, costModel: costModel) : nil)
        },
        progress: { events(.progress(trace: 0, path: source.path, fraction: $0)) })
      observer = pair.first
      return (replay, pair.second.map(Self.finished))
    }
    assembly.take(outcome, events: events)
    return (try assembly.result(of: 1), observer)
  }

  /// One trace's replay and, with `plots`, its plot series.
  static func replay(
    _ source: TraceSource, engine: EngineRegistry.Entry, settings: ReplaySettings, plots: Bool,
    progress: (Double) -> Void = { _ in }
  ) throws -> (TraceReplay, PlotSeries?) {
    guard plots else {
      return (try TraceReplay(source, engine: engine, settings: settings, progress: progress), nil)
    }
    let costModel = settings.analysis.costModel
    let (replay, series) = try TraceReplay.observed(
      source, engine: engine, settings: settings,
      observer: { PlotSeries(refreshRate: $0.device.refreshRate, costModel: costModel) },
      progress: progress)
    return (replay, finished(series))
  }

  private static func finished(_ series: PlotSeries) -> PlotSeries {
    var series = series
    series.finish()
    return series
  }
}
