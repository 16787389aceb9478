// scrolltrace — what `explore` and `reduce` try: an engine, a baseline, the checks.

import ArgumentParser
import Explore
import Pipeline
import Replay
import TraceIngest

/// `--engine`, `--baseline` and `--check`, shared by `explore` and `reduce`.
struct ExploreTarget: ParsableArguments {
  @Option(
    help: ArgumentHelp("The engine to try, as name or name@version.", valueName: "engine"),
    completion: Completions.engines)
  var engine: String

  @Option(
    help: ArgumentHelp(
      "An engine to compare with: a catalog metric worse than its beyond the metric's tolerance is a finding (regression).",
      valueName: "engine"),
    completion: Completions.engines)
  var baseline: String?

  @Option(
    name: .customLong("check"),
    help: ArgumentHelp(
      "What counts as trouble (repeatable, or comma-separated): glitch[=MS], jump, shift[=PT], bottom[=PT], drift[=PT], churn[=PER_S], live[=VIEWS], lifecycle, error, regression. Default: all (regression with --baseline).",
      valueName: "check"))
  var checks: [String] = []

  /// The checks given, or every one (regression only with a baseline).
  func parsedChecks() throws -> [Check] {
    let texts = checks.flatMap { $0.split(separator: ",").map(String.init) }
    guard !texts.isEmpty else {
      return Check.standard + (baseline == nil ? [] : [Check(.regression)])
    }
    var parsed: [Check] = []
    for text in texts {
      guard let check = Check.parse(text) else {
        throw ValidationError(
          "--check '\(text)': expected glitch[=MS], jump, shift[=PT], bottom[=PT], drift[=PT], churn[=PER_S], live[=VIEWS], lifecycle, error or regression"
        )
      }
      if check.kind == .regression, baseline == nil {
        throw ValidationError("--check regression needs --baseline ENGINE")
      }
      parsed.removeAll { $0.kind == check.kind }
      parsed.append(check)
    }
    return parsed
  }

  /// The trial runner these options describe.
  func runner(engines: EngineRegistry, settings: ReplaySettings) throws -> TrialRunner {
    TrialRunner(
      engine: try engines.entry(engine, flag: "--engine"),
      baseline: try baseline.map { try engines.entry($0, flag: "--baseline") },
      checks: try parsedChecks(), settings: settings)
  }

  /// The gesture script at `path`.
  static func readScript(_ path: String) throws -> GestureScript {
    let json = try SynthCommand.readScript(path)
    do {
      return try GestureScript.decode(json: json)
    } catch {
      throw InputFailure("\(path): \(error)")
    }
  }
}
