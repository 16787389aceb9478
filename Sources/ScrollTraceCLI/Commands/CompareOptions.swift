// scrolltrace — what `diff` and `gate` compare, and how.

import Analyze
import ArgumentParser
import Replay

/// The two sides of a comparison — two engines replayed here on traces, or saved reports — and
/// the statistics for host timings.
struct CompareOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The baseline engine (name@version); the inputs are then traces.", valueName: "engine"),
    completion: Completions.engines)
  var baseline: String?

  @Option(
    help: ArgumentHelp(
      "The candidate engine (name@version, optionally +viewPerFrame to inject a regression).",
      valueName: "engine"), completion: Completions.engines)
  var candidate: String?

  @Option(
    help: ArgumentHelp(
      "Replays of each side, interleaved A B, B A (default 9 when host timings are compared, else 1).",
      valueName: "count"))
  var `repeat`: Int?

  @Option(
    help: ArgumentHelp(
      "Significance level of the Mann–Whitney U test on host timings.", valueName: "alpha"))
  var alpha = DiffSettings().alpha

  @Option(
    help: ArgumentHelp(
      "A host timing whose median moves less than this many percent is no change.",
      valueName: "percent"))
  var noiseFloor = DiffSettings().noiseFloor * 100

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
  }

  /// The statistics settings.
  var settings: DiffSettings { DiffSettings(alpha: alpha, noiseFloor: noiseFloor / 100) }

  /// The engines `--baseline` and `--candidate` name in `engines` (nil where not given).
  ///
  /// - Throws: ``InputFailure`` for a name that is not an engine.
  func entries(in engines: EngineRegistry) throws -> (
    baseline: EngineRegistry.Entry?, candidate: EngineRegistry.Entry?
  ) {
    (
      try baseline.map { try engines.entry($0, flag: "--baseline") },
      try candidate.map { try engines.entry($0, flag: "--candidate") }
    )
  }

  /// Both sides: the engines `entries` replayed on `inputs` (traces), interleaved (A B, B A…) `repetitions`
  /// times, or saved reports (`inputs` are report files: `reportCount` of them, the candidate last).
  ///
  /// When `plots` is not nil, the first recorded replay of each side fills it (an HTML diff's
  /// overlays).
  func sides(
    inputs: [String], entries: (baseline: EngineRegistry.Entry?, candidate: EngineRegistry.Entry?),
    compareTimings: Bool,
    analysis: AnalysisOptions, model: ModelOptions, read: ReadOptions, plots: inout DiffPlots?
  ) throws -> (baseline: RunMetrics?, candidate: RunMetrics) {
    if let candidateEntry = entries.candidate {
      guard !inputs.isEmpty else {
        throw ValidationError("give the traces to replay after --candidate")
      }
      let inputs = try TraceFolders.expand(inputs)
      let baselineEntry = entries.baseline
      let repetitions = `repeat` ?? (compareTimings ? 9 : 1)
      let overrides = try model.overrides()
      let settings = try analysis.settings()
      var sides: [RunMetrics?] = [nil, nil]
      // With repetitions, one unrecorded warm-up run a side first: the first replay in a process
      // pays for cold caches and lazy initialisation (XCTest discards its first iteration too).
      let warmUp = repetitions > 1 ? 1 : 0
      for repetition in 0..<(warmUp + repetitions) {
        // A B, B A, A B…: consecutive replays are always of different sides, so a burst of load
        // on the machine falls on both; and each side goes first as often as the other (to within
        // one), so load that rises or falls through the run does not favour the side that always
        // came first (ABBA counterbalancing), as A B A B did.
        let order =
          repetition % 2 == 0
          ? [(0, baselineEntry), (1, candidateEntry)] : [(1, candidateEntry), (0, baselineEntry)]
        for (side, entry) in order {
          guard let entry else { continue }
          var series: [PlotSeries]? = plots != nil && repetition == warmUp ? [] : nil
          let (report, _) = try ReplayCommand.report(
            traces: inputs, entry: entry, overrides: overrides, settings: settings,
            modelOptions: model.given, read: read, plots: &series,
            notingSkips: repetition == 0)
          if repetition < warmUp { continue }
          if let series {
            let byPath = Dictionary(zip(report.traces.map(\.identity.path), series)) { first, _ in
              first
            }
            if side == 0 { plots?.baseline = byPath } else { plots?.candidate = byPath }
          }
          if sides[side] == nil {
            sides[side] = RunMetrics(label: entry.descriptor.description, report: report)
          } else {
            sides[side]?.addRepetition(report)
          }
        }
      }
      guard let candidateSide = sides[1] else { throw ValidationError("no candidate") }
      return (sides[0], candidateSide)
    }
    guard baseline == nil else { throw ValidationError("--baseline needs --candidate") }
    switch inputs.count {
    case 1: return (nil, try Self.savedReport(inputs[0]))
    case 2: return (try Self.savedReport(inputs[0]), try Self.savedReport(inputs[1]))
    default:
      throw ValidationError(
        "give a baseline and a candidate report (BASE.json CAND.json), or --baseline and --candidate engines with traces"
      )
    }
  }

  /// `diff`, once its warnings are printed to standard error.
  ///
  /// - Throws: ``InputFailure`` when the two sides share no trace, by content or by path.
  static func checkedDiff(_ diff: ReportDiff) throws -> ReportDiff {
    guard diff.sharesTraces else {
      throw InputFailure(
        "\(diff.baseline) and \(diff.candidate) share no trace (matched by content hash, then by path): "
          + diff.unmatchedTraces.joined(separator: ", "))
    }
    for warning in diff.warnings { StandardError.print("warning: \(warning)") }
    return diff
  }

  /// A saved JSON report.
  static func savedReport(_ path: String) throws -> RunMetrics {
    let bytes = try SmallFile.read(path, limit: 256 << 20, what: "report")
    do {
      return try RunMetrics(reportJSON: bytes, label: path)
    } catch {
      throw InputFailure("\(path): \(error)")
    }
  }
}
