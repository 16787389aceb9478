// scrolltrace — what `history check` and `history show` read, and how changes are found.

import Analyze
import ArgumentParser
import ResultStore

extension HistoryCommand {
  /// The series to read: a branch, some metrics.
  struct SeriesOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this branch's runs.", valueName: "branch"))
    var branch: String?

    @Option(
      help: ArgumentHelp(
        "Only this metric (repeatable); `scrolltrace metrics` lists them.", valueName: "key"))
    var metric: [String] = []

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Read the newest this many runs of each branch and engine (default 1000): time and memory follow it, not the store's age.",
        valueName: "runs"))
    var runs = 1000

    func validate() throws {
      for key in metric where Metric.named(key) == nil {
        throw ValidationError("--metric '\(key)' is not a metric (scrolltrace metrics lists them)")
      }
      guard (1...10_000_000).contains(runs) else {
        throw ValidationError("--runs must be 1...10000000")
      }
    }

    /// The series asked for; a branch with no run is an error naming those there are.
    func series(_ store: ResultStore) throws -> [HistorySeries] {
      if let branch { try store.checkBranch(branch) }
      return try store.series(
        branch: branch, metrics: metric.isEmpty ? nil : Set(metric), newestRuns: runs)
    }
  }

  /// Change-point detection's options.
  struct CheckOptions: ParsableArguments {
    @Option(
      help: ArgumentHelp(
        "stepfit, edivisive or both (default both).", valueName: "method"))
    var method = "both"

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Step fit: runs on each side of a build.", valueName: "runs"))
    var width = StepFit().width

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Step fit: the |stepFit| a change must exceed.", valueName: "value"))
    var threshold = StepFit().threshold

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("E-divisive: runs in each window of its split step.", valueName: "runs"))
    var window = EDivisive().window

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "E-divisive: the largest p-value of a change (Student's t-test).", valueName: "p"))
    var significance = EDivisive().significance

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "E-divisive: the smallest relative change, in percent.", valueName: "percent"))
    var minimumChange = 0.0

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "A regression whose first revision is among this many newest runs of its series fails.",
        valueName: "runs"))
    var newest = HistoryCheck().newest

    @Option(
      name: .customLong("tolerance"),
      help: ArgumentHelp(
        "A change a deterministic metric may make and still be none: METRIC=N%, METRIC=N or METRIC=N%,M, as for diff; repeat for several. Overrides the catalog's.",
        valueName: "metric=tolerance"))
    var tolerances: [String] = []

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "A host timing whose level moves less than this many percent is no change.",
        valueName: "percent"))
    var noiseFloor = DiffSettings().noiseFloor * 100

    func validate() throws {
      _ = try ToleranceOption.overrides(tolerances)
      guard noiseFloor >= 0, noiseFloor.isFinite else {
        throw ValidationError("--noise-floor must be 0 or more percent")
      }
      guard ["stepfit", "edivisive", "both"].contains(method) else {
        throw ValidationError("--method must be stepfit, edivisive or both")
      }
      guard (2...1000).contains(width) else { throw ValidationError("--width must be 2...1000") }
      guard threshold.isFinite, threshold > 0 else {
        throw ValidationError("--threshold must be a positive number")
      }
      guard (2...100_000).contains(window) else {
        throw ValidationError("--window must be 2...100000")
      }
      guard significance > 0, significance < 1 else {
        throw ValidationError("--significance must be between 0 and 1")
      }
      guard minimumChange.isFinite, minimumChange >= 0 else {
        throw ValidationError("--minimum-change must be 0 or more percent")
      }
      guard (1...1_000_000).contains(newest) else {
        throw ValidationError("--newest must be 1 or more")
      }
    }

    func check() throws -> HistoryCheck {
      HistoryCheck(
        methods: method == "stepfit"
          ? [.stepFit] : method == "edivisive" ? [.eDivisive] : ChangePoint.Method.allCases,
        stepFit: StepFit(width: width, threshold: threshold),
        eDivisive: EDivisive(
          window: window, significance: significance, minimumMagnitude: minimumChange / 100),
        newest: newest, tolerances: try ToleranceOption.overrides(tolerances),
        noiseFloor: noiseFloor / 100)
    }
  }
}
