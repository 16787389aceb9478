// scrolltrace — two engines on the same traces, repeated and interleaved, each trace read once.

public import Analyze
public import Replay
public import TraceIngest

/// Two engines replayed on the same traces in this process, for `diff` and `gate`: each side's
/// metrics (`RunMetrics`), with host timings sampled over interleaved repetitions.
///
/// **Each trace is read once.** Its bytes are read into memory (``TraceSource/loaded(_:limit:)``)
/// and every replay of both engines reads them there, so a FIFO or a pipe compares as a file does.
/// Traces are compared one at a time: memory holds one trace's compressed bytes (about 3 bytes an
/// event, at most ``traceByteLimit``) besides the analyses.
///
/// **Repetitions.** With more than one, each trace is replayed once a side unrecorded first (the
/// first replay in a process pays for cold caches; XCTest discards its first iteration too), then
/// `repetitions` times a side in the order A B, B A, A B…: consecutive replays are of different
/// sides, so a burst of load falls on both, and each side goes first as often as the other, so a
/// load that rises or falls through the run favours neither.
///
/// **Re-measuring.** A host timing that the first repetitions call changed (significant and
/// beyond the noise floor) is measured again: the trace is replayed `repetitions` more times a
/// side, and the change stands only if the second sample says the same
/// (`TraceMetrics.remeasuredHost`). A false change then needs two in a row; on identical
/// engines that is at most α² ≈ 0.25 % of traces at α = 0.05.
public struct EngineComparison: Sendable {
  /// The most bytes of one trace held in memory while it is compared (1 GiB).
  public static let defaultTraceByteLimit: Int64 = 1 << 30

  /// The baseline engine, if any (a gate with absolute limits needs none).
  public var baseline: EngineRegistry.Entry?
  /// The candidate engine.
  public var candidate: EngineRegistry.Entry
  /// How traces are read, replayed and analysed.
  public var settings: ReplaySettings
  /// Recorded replays of each side per trace (1: no host timing test).
  public var repetitions: Int
  /// How host timings are judged when deciding to re-measure.
  public var diffSettings: DiffSettings
  /// Whether a host timing called changed is measured again before the change stands.
  public var remeasures: Bool
  /// The most bytes of one trace held in memory.
  public var traceByteLimit: Int64

  /// A comparison of `candidate` against `baseline`.
  public init(
    baseline: EngineRegistry.Entry?, candidate: EngineRegistry.Entry,
    settings: ReplaySettings = ReplaySettings(), repetitions: Int = 1,
    diffSettings: DiffSettings = DiffSettings(), remeasures: Bool = true,
    traceByteLimit: Int64 = EngineComparison.defaultTraceByteLimit
  ) {
    self.baseline = baseline
    self.candidate = candidate
    self.settings = settings
    self.repetitions = max(1, repetitions)
    self.diffSettings = diffSettings
    self.remeasures = remeasures
    self.traceByteLimit = traceByteLimit
  }

  /// What happens during a comparison, for a tool to tell its user.
  public enum Event: Sendable {
    /// One side or both (`sides`, their engines) skipped a trace: they do not lay out its scene
    /// (told once per trace, with the first side's reason).
    case skipped(path: String, sides: [String], reason: String)
    /// A recovering read skipped part of the trace at `path`.
    case lost(path: String, TraceLoss)
    /// Something about the trace at `path` the user should know: observed frames dropped.
    case warning(path: String, String)
    /// The trace numbered `trace` (at `path`) is `fraction` of the way through its replays.
    case progress(trace: Int, path: String, fraction: Double)
  }

  /// Both sides' metrics, and each side's plots by trace path when they were asked for.
  public struct Result: Sendable {
    /// The baseline's metrics, when there is a baseline engine.
    public var baseline: RunMetrics?
    /// The candidate's metrics.
    public var candidate: RunMetrics
    /// The first recorded replay's plots of each side, when asked for.
    public var plots: DiffPlots?
    /// Whether a recovering read lost data.
    public var lostData: Bool

    /// Creates a result.
    public init(
      baseline: RunMetrics?, candidate: RunMetrics, plots: DiffPlots? = nil, lostData: Bool = false
    ) {
      self.baseline = baseline
      self.candidate = candidate
      self.plots = plots
      self.lostData = lostData
    }
  }

  /// Compares the engines on the traces at `paths`, in order; with `plots`, keeps the first
  /// recorded replay's plots of each side.
  ///
  /// - Throws: ``PipelineError`` for a trace that cannot be read or replayed (a scene one engine
  ///   does not lay out is a skip, and the trace is missing from that side), and
  ///   `nothingReplayed` when the candidate replayed none; the reader's
  ///   `TraceFormatError`.
  public func run(
    _ paths: [String], plots: Bool = false, events: (Event) -> Void = { _ in }
  ) throws -> Result {
    var sides = [Side(entry: baseline), Side(entry: candidate)]
    var diffPlots = plots ? DiffPlots() : nil
    var lostData = false
    for (number, path) in paths.enumerated() {
      let source = try TraceSource.loaded(path, limit: traceByteLimit)
      let traces = try measure(source, number: number, plots: &diffPlots, events: events)
      for loss in traces.losses { events(.lost(path: path, loss)) }
      if traces.drops.total > 0 {
        events(.warning(path: path, traces.drops.warning(presented: traces.presented)))
      }
      lostData = lostData || !traces.losses.isEmpty
      for side in 0..<2 {
        if let skipped = traces.skipped[side] { sides[side].skipped.append(skipped) }
        if let replay = traces.first[side], let metrics = traces.metrics[side] {
          sides[side].add(replay, metrics)
        }
      }
    }
    guard let candidateSide = sides[1].metrics(settings: settings), !candidateSide.traces.isEmpty
    else {
      throw PipelineError(
        .nothingReplayed,
        "\(candidate.descriptor) replayed none of the \(paths.count) traces given"
          + (sides[1].skipped.isEmpty
            ? ""
            : ": "
              + MessageText.list(
                sides[1].skipped.map { "\($0.path) (\($0.reason))" }, separator: "; ")))
    }
    return Result(
      baseline: sides[0].metrics(settings: settings), candidate: candidateSide, plots: diffPlots,
      lostData: lostData)
  }

  /// One trace's first recorded replay and metrics per side (nil for a side that skipped it or
  /// has no engine) and what a recovering read lost.
  private struct TraceMeasurement {
    var first: [TraceReplay?] = [nil, nil]
    var metrics: [TraceMetrics?] = [nil, nil]
    var skipped: [SkippedTrace?] = [nil, nil]
    var losses: [TraceLoss] = []
    var drops = ObservationDrops()
    var presented = 0

    /// Takes a recorded replay of `side`.
    ///
    /// The first keeps its report, metrics and plot; the others add their host samples. A side
    /// that skipped the trace keeps why.
    mutating func take(
      _ outcome: TraceOutcome, side: Int, path: String, plots: inout DiffPlots?
    ) {
      switch outcome {
      case .skipped(let trace):
        if skipped[side] == nil { skipped[side] = trace }
        metrics[side] = nil
      case .replayed(let replay, let plot):
        if let plot {
          if side == 0 {
            plots?.baseline[path] = plot
          } else {
            plots?.candidate[path] = plot
          }
        }
        guard first[side] == nil else {
          metrics[side]?.addHostSample(replay.section.host)
          return
        }
        first[side] = replay
        metrics[side] = TraceMetrics(replay.section)
        if side == 1 {
          losses = replay.losses
          drops = replay.outcome.droppedObservations
          presented = replay.section.summary.measured?.frames ?? 0
        }
      }
    }
  }

  /// Replays `source` on both sides in the comparison's schedule (`InterleavedMeasurement`):
  /// a warm-up, the recorded repetitions, and a second sample of host timings that look changed.
  private func measure(
    _ source: TraceSource, number: Int, plots: inout DiffPlots?, events: (Event) -> Void
  ) throws -> TraceMeasurement {
    let entries = [baseline, candidate]
    let schedule = InterleavedMeasurement(repetitions: repetitions, remeasures: remeasures)
    var measurement = TraceMeasurement()
    var done = 0.0
    let total = Double(2 * (repetitions > 1 ? 1 + repetitions : 1))
    let (_, again) = try schedule.run(
      present: entries.map { $0 != nil },
      measure: { side, phase -> TraceOutcome? in
        guard let entry = entries[side] else { return nil }
        // The first recorded replay of each side is plotted.
        let wantsPlot =
          plots != nil && phase == .recorded && measurement.first[side] == nil
          && measurement.skipped[side] == nil
        let outcome = try TraceOutcome(path: source.path, skipping: true, keepingGoing: false) {
          try ReplayBatch.replay(source, engine: entry, settings: settings, plots: wantsPlot)
        }
        done += 1
        events(.progress(trace: number, path: source.path, fraction: min(1, done / total)))
        if phase == .recorded {
          measurement.take(outcome, side: side, path: source.path, plots: &plots)
        }
        return outcome
      },
      changed: { _ in
        guard let base = measurement.metrics[0], let cand = measurement.metrics[1] else {
          return false
        }
        return !ReportDiff.hostChanges(baseline: base, candidate: cand, settings: diffSettings)
          .isEmpty
      })
    if let again {
      for side in 0..<2 where measurement.metrics[side] != nil {
        var samples: [String: [Double]] = [:]
        for case .replayed(let replay, _)? in again[side] {
          for metric in Metric.hostCatalog {
            if let value = metric.value(in: replay.section.host) {
              samples[metric.key, default: []].append(value)
            }
          }
        }
        measurement.metrics[side]?.remeasuredHost = samples
      }
    }
    let sides = [baseline, candidate].indices.filter { measurement.skipped[$0] != nil }
    if let first = sides.first, let reason = measurement.skipped[first]?.reason {
      let names = sides.compactMap { [baseline, candidate][$0]?.descriptor.description }
      events(.skipped(path: source.path, sides: names, reason: reason))
    }
    return measurement
  }

  /// One side's traces as they come.
  private struct Side {
    let entry: EngineRegistry.Entry?
    var sections: [TraceReport] = []
    var traces: [TraceMetrics] = []
    var total: TraceAnalysis?
    var hooks = DelegateHookLog()
    var skipped: [SkippedTrace] = []

    init(entry: EngineRegistry.Entry?) { self.entry = entry }

    mutating func add(_ replay: TraceReplay, _ metrics: TraceMetrics) {
      sections.append(replay.section)
      traces.append(metrics)
      hooks.merge(replay.outcome.delegateHooks)
      if total == nil { total = replay.analysis } else { total?.merge(replay.analysis) }
    }

    /// The side's metrics, labelled with its engine; nil without an engine.
    func metrics(settings: ReplaySettings) -> RunMetrics? {
      guard let entry else { return nil }
      let all = total ?? TraceAnalysis(settings: settings.analysis, refreshRate: 60)
      var report = Report(
        engine: entry.descriptor, settings: settings.analysis, modelOptions: settings.modelOptions,
        traces: sections, total: all.summary, hostTotal: all.host.summary, skipped: skipped)
      report.delegateHooks = hooks
      var metrics = RunMetrics(label: entry.descriptor.description, report: report)
      metrics.traces = traces
      return metrics
    }
  }
}
