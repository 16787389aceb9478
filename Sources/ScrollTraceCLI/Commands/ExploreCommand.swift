// scrolltrace — `scrolltrace explore`: scripts drawn from a seed until an engine shows trouble.

import Analyze
import ArgumentParser
import Explore
import Pipeline
import Replay
import TraceIngest

/// `scrolltrace explore --engine E [--baseline B] [--script S] [--check C]… -o DIR`.
struct ExploreCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "explore",
      abstract: "Look for an engine's glitches without a recording: random, reproducible scripts.",
      discussion: ToolName.help(
        """
        Draws gesture scripts from a grammar of what a person and an app do to a scroll view — \
        drags, flings, taps that stop a deceleration, pauses; rotations, resizes and safe-area \
        changes between gestures, mid-fling or mid-drag; scene edits; programmatic scrolls — on the \
        engine's stock scene or on --script's, replays each through the engine and checks it \
        (--check: glitch=MS, jump, shift=PT, bottom=PT, drift=PT, churn=PER_S, live=VIEWS, lifecycle, \
        error, and \
        regression against --baseline). Findings are told apart by their signature (kind, the \
        event before, the motion then); the first script of each is saved in the output folder as \
        a script, a trace and a report, with findings.json. The same --seed and --count give the \
        same findings with any --jobs; --time stops early and says how many were tried. Exit 0 \
        when nothing was found, 1 when something was, 2 on an error (docs/explore.md).

        Examples:
          scrolltrace explore --engine paging@1 --seed 1 --count 200 \\
              -o paging-findings
          scrolltrace reduce paging-findings/01-glitch.json --engine paging@1 \\
              --keep "glitch after resize while decelerating" -o glitch.json
        """)
    )
  }

  @OptionGroup var target: ExploreTarget

  @Option(
    help: ArgumentHelp(
      "A gesture script (docs/synth.md) whose device, viewport, content, scene and steps every drawn script starts from (default: the engine's stock scene on an iPhone 15 Pro).",
      valueName: "file"), completion: Completions.json)
  var script: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The run's seed: attempt i draws from the seed and i alone.", valueName: "n")
  )
  var seed: UInt64 = 1

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Scripts to try at most (1 to 10000000).", valueName: "n"))
  var count = 500

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Stop after this many seconds (at the end of a batch; the summary says how many were tried).",
      valueName: "seconds"))
  var time: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Try this many scripts at once, one per thread.", valueName: "count"))
  var jobs = 1

  @Option(
    help: ArgumentHelp(
      "Steps a drawn script has, as MIN...MAX (default 2...10), before 1.5 s to settle.",
      valueName: "range"))
  var steps = "2...10"

  /// What the app does between and during gestures.
  enum Mix: String, ExpressibleByArgument, CaseIterable {
    case `default`, chat

    /// The grammar's weights for the mix.
    var weights: ScriptGrammar.Weights { self == .chat ? .chat : ScriptGrammar.Weights() }
  }

  @Option(
    help: ArgumentHelp(
      "What the app does between and during gestures: default, or chat (messages arriving at the end, the last one coming back taller or shorter, jumps to the newest; for a list of messages).",
      valueName: "mix"))
  var app: Mix = .default

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "The folder for the findings (made if missing; it must be empty): each finding's script, trace and report, and findings.json.",
      valueName: "folder"))
  var output = "explore-findings"

  @Option(
    help: ArgumentHelp(
      "A known-findings file (docs/explore.md): findings it holds for this engine are reported as known, and only a new one exits 1.",
      valueName: "file"), completion: Completions.json)
  var known: String?

  @Flag(
    help: ArgumentHelp(
      "Add this run's new findings to --known's file (made if missing) as untriaged, and exit 0."))
  var updateKnown = false

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var replay: ReplayOptions

  func validate() throws {
    guard (1...10_000_000).contains(count) else {
      throw ValidationError("--count must be from 1 to 10000000")
    }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256") }
    if let time, !(time.isFinite && time > 0 && time <= 31_536_000) {
      throw ValidationError("--time must be a positive number of seconds, at most a year")
    }
    guard seed < 1 << 53 else {
      throw ValidationError(
        "--seed must be below 2^53 (9007199254740992), as JSON numbers read back")
    }
    _ = try stepRange()
    _ = try target.parsedChecks()
    if updateKnown, known == nil {
      throw ValidationError("--update-known needs --known FILE: the file to add the findings to")
    }
  }

  /// `--steps` as a range.
  func stepRange() throws -> ClosedRange<Int> {
    let parts = steps.split(separator: ".", omittingEmptySubsequences: true)
    guard steps.filter({ $0 == "." }).count == 3, steps.contains("..."), parts.count == 2,
      let low = Int(parts[0]), let high = Int(parts[1]), low >= 0, low <= high,
      high <= 1000
    else {
      throw ValidationError("--steps '\(steps)': expected MIN...MAX with 0 ≤ MIN ≤ MAX ≤ 1000")
    }
    return low...high
  }

  func run(engines: EngineRegistry) throws {
    let settings = ReplaySettings(
      overrides: try model.overrides(), modelOptions: model.given,
      analysis: try analysis.settings(),
      replayLimits: replay.replayLimits, skipsIdleFrames: !replay.stepIdleFrames)
    let runner = try target.runner(engines: engines, settings: settings)
    let base =
      try script.map { try ExploreTarget.readScript($0) } ?? Explorer.stockBase(for: runner.engine)
    let explorer = Explorer(
      runner: runner, base: base,
      grammar: ScriptGrammar(steps: try stepRange(), weights: app.weights))
    let inputs = [script].compactMap { $0 } + analysis.inputFiles
    let folder = try FindingFolder(output, inputs: inputs)
    let knownFile = try KnownFile(path: known, updating: updateKnown, inputs: inputs)
    defer { knownFile?.output?.discard() }
    var progress = CountProgress(total: count, unit: "scripts")
    let result: Explorer.Result
    do {
      result = try explorer.fittingItsEngine().run(
        seed: seed, count: count, jobs: jobs,
        deadline: time.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
      ) { progress.tell($0) }
    } catch let error as ScriptError {
      throw InputFailure("\(script ?? "the stock scene"): \(error)")
    } catch let error as PipelineError where error.code == .unsupportedScene {
      // The drawn scripts share the base's scene: name the base, not an attempt's trace.
      throw InputFailure("\(script ?? "the stock scene"): \(error.reason)")
    }
    progress.finish()
    let summary = ExploreSummary(
      engine: runner.engine.descriptor.description,
      baseline: runner.baseline?.descriptor.description, base: script ?? "stock scene",
      seed: seed, checks: runner.checks, result: result, known: knownFile?.findings)
    try folder.write(summary, runner: runner)
    try Output.stdout().line(summary.table(folder: output))
    if let knownFile, let out = knownFile.output {
      let update = knownFile.findings.adding(result, engine: summary.engine, seed: seed)
      try out.line(update.known.json)
      try out.commit()
      try Output.stdout().line(
        "\(knownFile.path): \(update.added) new finding\(update.added == 1 ? "" : "s") added, untriaged"
      )
      return
    }
    if summary.newCount > 0 { throw ExitCode(ExitStatus.findings) }
  }
}
