// scrolltrace — what `diff` and `gate` compare, and how.

import Analyze
import ArgumentParser
import Pipeline
import Replay
import ResultStore
import TraceIngest

/// The two sides of a comparison — two engines replayed here on traces, or saved reports — and
/// the statistics for host timings.
struct CompareOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The baseline engine (name@version); the inputs are then traces. With --baseline-store, the name of a stored baseline.",
      valueName: "engine"),
    completion: Completions.engines)
  var baseline: String?

  @Option(
    help: ArgumentHelp(
      "A results store (docs/history.md): --baseline then names a baseline saved there, compared in place of a replay.",
      valueName: "file"),
    completion: .file(extensions: ["sqlite", "db"]))
  var baselineStore: String?

  @Option(
    help: ArgumentHelp(
      "Another build of scrolltrace (a previous commit's) that replays --baseline; the candidate is then replayed by this build, both as processes, runs interleaved.",
      valueName: "path"),
    completion: .file())
  var baselineTool: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --baseline-tool: the longest one run of either build may take, in seconds (default 1800); a build that runs longer is ended, with its process group.",
      valueName: "seconds"))
  var baselineToolTimeout = ToolBuild.defaultTimeout

  @Option(
    help: ArgumentHelp(
      "The candidate engine (name@version, optionally +viewPerFrame to inject a regression).",
      valueName: "engine"), completion: Completions.engines)
  var candidate: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Replays of each side, interleaved A B, B A (default 9 when host timings are compared, else 1).",
      valueName: "count"))
  var `repeat`: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Significance level of the Mann–Whitney U test on host timings.", valueName: "alpha"))
  var alpha = DiffSettings().alpha

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "A host timing whose median moves less than this many percent is no change.",
      valueName: "percent"))
  var noiseFloor = DiffSettings().noiseFloor * 100

  @Option(
    name: .customLong("tolerance"),
    help: ArgumentHelp(
      "How far a deterministic metric may move and still be no change: METRIC=N% (of the baseline), METRIC=N (in its unit) or METRIC=N%,M; repeat for several. Overrides the catalog's (scrolltrace metrics) and the budget's.",
      valueName: "metric=tolerance"))
  var tolerances: [String] = []

  @Flag(
    help:
      "Fail (exit 1) on warnings — a trace matched by name only, settings that differ — and on skipped or inconclusive checks."
  )
  var strict = false

  func validate() throws {
    if let count = `repeat`, count < 1 || count > 1000 {
      throw ValidationError("--repeat must be between 1 and 1000")
    }
    guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be between 0 and 1") }
    guard noiseFloor >= 0, noiseFloor.isFinite else {
      throw ValidationError("--noise-floor must be 0 or more percent")
    }
    _ = try toleranceOverrides()
    guard baselineToolTimeout >= 1, baselineToolTimeout <= 86_400 else {
      throw ValidationError("--baseline-tool-timeout must be 1 to 86400 seconds")
    }
    if baselineTool != nil {
      guard baseline != nil, candidate != nil, baselineStore == nil else {
        throw ValidationError(
          "--baseline-tool needs --baseline and --candidate engines (not a stored baseline) and traces"
        )
      }
    }
  }

  /// How changes are judged: the statistics, and the tolerances of `--tolerance` over `budget`'s
  /// over the catalog's.
  func settings(budget: [String: Metric.Tolerance] = [:], comparesHostTimings: Bool = true) throws
    -> DiffSettings
  {
    try Self.diffSettings(
      alpha: alpha, noiseFloor: noiseFloor, tolerances: tolerances, budget: budget,
      comparesHostTimings: comparesHostTimings)
  }

  /// How changes are judged with `--alpha`, `--noise-floor` (in percent) and `--tolerance` as
  /// given, their defaults without them: the tolerances given over `budget`'s over the catalog's.
  static func diffSettings(
    alpha: Double = DiffSettings().alpha, noiseFloor: Double = DiffSettings().noiseFloor * 100,
    tolerances: [String] = [], budget: [String: Metric.Tolerance],
    comparesHostTimings: Bool = true
  ) throws -> DiffSettings {
    DiffSettings(
      alpha: alpha, noiseFloor: noiseFloor / 100,
      tolerances: budget.merging(try ToleranceOption.overrides(tolerances)) { $1 },
      comparesHostTimings: comparesHostTimings)
  }

  /// The tolerances `--tolerance` gives, by metric key.
  func toleranceOverrides() throws -> [String: Metric.Tolerance] {
    try ToleranceOption.overrides(tolerances)
  }

  /// The engines `--baseline` and `--candidate` name in `engines` (nil where not given).
  ///
  /// - Throws: ``InputFailure`` for a name that is not an engine.
  func entries(in engines: EngineRegistry) throws -> (
    baseline: EngineRegistry.Entry?, candidate: EngineRegistry.Entry?
  ) {
    (
      // A stored baseline is a name, and another build's engine is that build's to resolve.
      baselineStore != nil || baselineTool != nil
        ? nil : try baseline.map { try engines.entry($0, flag: "--baseline") },
      try candidate.map { try engines.entry($0, flag: "--candidate") }
    )
  }

  /// Whether the baseline is an engine replayed here (not saved reports or a stored baseline), so
  /// that repeating the replays gives host timings a test.
  var replaysBaseline: Bool { baseline != nil && baselineStore == nil }

  /// The files this comparison reads besides its inputs: the results store (an output never
  /// replaces it).
  var inputFiles: [String] { [baselineStore].compactMap { $0 } }

  /// The stored baseline `--baseline-store` and `--baseline` name, if given.
  func storedBaseline() throws -> RunMetrics? {
    guard let baselineStore else { return nil }
    guard let baseline else {
      throw ValidationError("--baseline-store needs --baseline NAME: the baseline saved there")
    }
    let store = try ResultStore(path: baselineStore, access: .read)
    defer { store.close() }
    return try store.baselineMetrics(baseline)
  }

  /// The budget the stored baseline `--baseline-store` and `--baseline` name was saved with;
  /// `nil` without a stored baseline or when it was saved without one.
  func storedBudget() throws -> [UInt8]? {
    guard let baselineStore, let baseline else { return nil }
    let store = try ResultStore(path: baselineStore, access: .read)
    defer { store.close() }
    return try store.baselineBudget(baseline)
  }

  /// Both sides of the comparison.
  ///
  /// Either the engines `entries` replayed on `inputs` (traces), interleaved (A B, B A…)
  /// `repetitions` times; another build's engine against this build's (`--baseline-tool`); a
  /// stored baseline against the candidate engine or a candidate report; or saved reports
  /// (`inputs` are report files: one or two, the candidate last). With `plots`, the first recorded
  /// replay of each engine is plotted (an HTML diff's overlays).
  func sides(
    inputs: [String],
    entries: (baseline: EngineRegistry.Entry?, candidate: EngineRegistry.Entry?),
    compareTimings: Bool,
    analysis: AnalysisOptions, model: ModelOptions, read: ReadOptions, replay: ReplayOptions,
    plots: Bool = false
  ) throws -> EngineComparison.Result {
    var inputs = inputs
    // What another build's runs are given: the options of this comparison that differ from
    // their defaults.
    let forwarded = analysis.forwarded + model.forwarded + read.forwarded + replay.forwarded
    let comparison = Comparison(
      baseline: try baselineSide(entry: entries.baseline, inputs: &inputs, forwarded: forwarded),
      candidate: try candidateSide(entry: entries.candidate, inputs: &inputs, forwarded: forwarded),
      settings: try ReplaySettings(analysis: analysis, model: model, read: read, replay: replay),
      repetitions: `repeat` ?? (compareTimings ? 9 : 1), diffSettings: try settings())
    guard !inputs.isEmpty else { return try comparison.run([]) }
    let traces = try TraceFolders.expand(inputs)
    var progress = ProgressBar(traces: traces)
    defer { progress.finish() }
    return try comparison.run(traces, plots: plots) { progress.tell($0) }
  }

  /// The baseline side: another build's engine, a stored baseline, an engine replayed here, a
  /// saved report (taken from the front of `inputs`) or none.
  private func baselineSide(
    entry: EngineRegistry.Entry?, inputs: inout [String], forwarded: [String]
  ) throws -> Comparison.Side? {
    if let baselineTool, let baseline {
      guard !inputs.isEmpty else { throw ValidationError("give the traces to replay") }
      return .build(
        BuildComparison.Side(
          build: try ToolBuild(
            path: baselineTool, timeout: baselineToolTimeout, arguments: forwarded),
          engine: baseline, label: "\(baseline) (\(baselineTool))"))
    }
    if let stored = try storedBaseline() { return .metrics(stored) }
    if let entry { return .engine(entry) }
    guard candidate == nil else { return nil }
    guard baseline == nil else { throw ValidationError("--baseline needs --candidate") }
    switch inputs.count {
    case 1: return nil
    case 2: return .metrics(try Self.savedReport(inputs.removeFirst()))
    default:
      throw ValidationError(Self.reportsExpected)
    }
  }

  /// The candidate side: this build's engine (against another build's), an engine replayed here,
  /// or the saved report left in `inputs` (which are then emptied).
  private func candidateSide(
    entry: EngineRegistry.Entry?, inputs: inout [String], forwarded: [String]
  ) throws -> Comparison.Side {
    if baselineTool != nil, let candidate {
      return .build(
        BuildComparison.Side(
          build: try ToolBuild.current(timeout: baselineToolTimeout, arguments: forwarded),
          engine: candidate, label: candidate))
    }
    if let entry {
      guard !inputs.isEmpty else {
        throw ValidationError("give the traces to replay after --candidate")
      }
      return .engine(entry)
    }
    guard inputs.count == 1 else {
      throw ValidationError(
        baselineStore != nil
          ? "with --baseline-store, give --candidate ENGINE and traces, or one candidate report"
          : Self.reportsExpected)
    }
    defer { inputs = [] }
    return .metrics(try Self.savedReport(inputs[0]))
  }

  /// `diff`, once its warnings are printed to standard error.
  ///
  /// - Throws: ``InputFailure`` when the two sides share no trace, by content or by path.
  static func checkedDiff(_ diff: ReportDiff) throws -> ReportDiff {
    guard diff.sharesTraces else {
      throw InputFailure(
        "\(diff.baseline) and \(diff.candidate) share no trace (matched by content hash, then by path): "
          + MessageText.list(diff.unmatchedTraces))
    }
    for warning in diff.warnings { StandardError.warning(warning) }
    return diff
  }

  /// What a comparison of saved reports is given when it is given too few or too many.
  static let reportsExpected =
    "give a baseline and a candidate report (BASE.json CAND.json), or --baseline and --candidate engines with traces"

  /// A saved JSON report.
  static func savedReport(_ path: String) throws -> RunMetrics {
    let bytes = try InputFile.report.read(path)
    do {
      return try RunMetrics(reportJSON: bytes, label: path)
    } catch {
      throw InputFailure("\(path): \(error)")
    }
  }
}
