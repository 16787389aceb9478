// scrolltrace — what diff and gate compare, whatever the sides are.

public import Analyze
public import Replay

/// The comparison `diff` and `gate` run, whatever its sides are.
///
/// A side is an engine replayed in this process (``EngineComparison``), a build of the tool run
/// as a process (``BuildComparison``), or metrics measured before (a saved report, a stored
/// baseline), which are compared as they are.
/// Every measured side follows the one schedule (`InterleavedMeasurement`): a warm-up, A B / B A,
/// and a second sample of what looks changed.
public struct Comparison: Sendable {
  /// One side of a comparison.
  public enum Side: Sendable {
    /// An engine replayed in this process.
    case engine(EngineRegistry.Entry)
    /// Metrics measured before: a saved report, a stored baseline.
    case metrics(RunMetrics)
    /// A build of the tool, run as a process, replaying an engine it names.
    case build(BuildComparison.Side)
  }

  /// The baseline, if any (a gate with absolute limits needs none).
  public var baseline: Side?
  /// The candidate.
  public var candidate: Side
  /// How traces are read, replayed and analysed.
  public var settings: ReplaySettings
  /// Recorded measurements a side (1: no host timing test).
  public var repetitions: Int
  /// How host timings are judged.
  public var diffSettings: DiffSettings
  /// The most bytes of one trace held in memory while an engine replays it.
  public var traceByteLimit: Int64

  /// A comparison of `candidate` against `baseline`.
  public init(
    baseline: Side?, candidate: Side, settings: ReplaySettings = ReplaySettings(),
    repetitions: Int = 1, diffSettings: DiffSettings = DiffSettings(),
    traceByteLimit: Int64 = EngineComparison.defaultTraceByteLimit
  ) {
    self.baseline = baseline
    self.candidate = candidate
    self.settings = settings
    self.repetitions = max(1, repetitions)
    self.diffSettings = diffSettings
    self.traceByteLimit = traceByteLimit
  }

  /// Both sides' metrics on the traces at `paths` (none when both sides are metrics); with
  /// `plots`, the plots of engines replayed here.
  ///
  /// - Throws: ``PipelineError``: what the engines' or the builds' comparison throws;
  ///   `unsupportedComparison` for a build against an engine or metrics against a build.
  public func run(
    _ paths: [String], plots: Bool = false,
    events: (EngineComparison.Event) -> Void = { _ in }
  ) throws -> EngineComparison.Result {
    switch (baseline, candidate) {
    case (.build(let base)?, .build(let cand)):
      return try BuildComparison(
        baseline: base, candidate: cand, repetitions: repetitions, diffSettings: diffSettings
      ).run(paths) { events(.warning(path: cand.build.executable, $0)) }
    case (let base, .metrics(let cand)):
      guard case .metrics(let metrics)? = base else {
        guard base == nil else { throw unsupported }
        return EngineComparison.Result(baseline: nil, candidate: cand)
      }
      return EngineComparison.Result(baseline: metrics, candidate: cand)
    case (let base, .engine(let entry)):
      var engineBaseline: EngineRegistry.Entry?
      switch base {
      case .engine(let baseEntry)?: engineBaseline = baseEntry
      case .build?: throw unsupported
      case nil, .metrics?: engineBaseline = nil
      }
      var result = try EngineComparison(
        baseline: engineBaseline, candidate: entry, settings: settings,
        repetitions: repetitions, diffSettings: diffSettings, traceByteLimit: traceByteLimit
      ).run(paths, plots: plots && engineBaseline != nil, events: events)
      if case .metrics(let metrics)? = base {
        // Measured before: the candidate stands alone, and nothing is plotted.
        result.baseline = metrics
        result.plots = nil
      }
      return result
    case (_, .build):
      throw unsupported
    }
  }

  private var unsupported: PipelineError {
    PipelineError(
      .unsupportedComparison,
      "a build of the tool compares with another build, not with an engine replayed here or a report"
    )
  }
}
