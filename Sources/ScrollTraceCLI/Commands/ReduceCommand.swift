// scrolltrace — `scrolltrace reduce`: a failing script or trace shrunk to a minimal regression test.

import ArgumentParser
import Explore
import Pipeline
import Replay
import TraceIngest

/// `scrolltrace reduce SCRIPT.json|TRACE.sctrace --engine E --keep SIGNATURE -o OUT`.
struct ReduceCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "reduce",
      abstract: "Shrink a script or trace to a minimal one that still shows a finding.",
      discussion: ToolName.help(
        """
        Delta debugging: drops steps (a script) or events (a trace: whole touches, resizes, edits, \
        frame records) by ddmin while the finding still shows, then simplifies what is left — \
        shorter waits, fewer touch samples, rounder numbers, a step meanwhile dropped — trying \
        every candidate in full, so the result is valid and shows the same finding, by its \
        signature (--keep, as explore prints it; a kind alone, such as glitch, keeps the first \
        finding of that kind). Prints the sizes before and after, writes the result (-o) and, with \
        --budget, a budget that fails on it: a regression test to commit (docs/explore.md). A \
        trace without a scene replays on the engine's stock scene, as an imported recording does.

        Examples:
          scrolltrace reduce finding.json --engine paging@1 \\
              --keep "glitch after resize while decelerating" -o glitch.json
          scrolltrace reduce recording.sctrace --engine cardfeed@1 --keep jump \\
              -o jump.sctrace --budget jump-budget.json
        """)
    )
  }

  @Argument(
    help: ArgumentHelp("A gesture script (.json) or a trace (.sctrace).", valueName: "input"),
    completion: .file(extensions: ["json", "sctrace"]))
  var input: String

  @OptionGroup var target: ExploreTarget

  @Option(
    help: ArgumentHelp(
      "The finding to keep: a signature as explore prints it (\"glitch after resize while decelerating\"), or a kind (glitch) for the first finding of that kind. Repeat to keep several: every one must still show.",
      valueName: "finding"))
  var keep: [String]

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Write the reduced script or trace here.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Also write a budget (docs/ci.md) that this finding breaks: with the result, a regression test.",
      valueName: "file"))
  var budget: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Trials to make at most (each a full replay).", valueName: "count"))
  var maxTrials = 4000

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  @OptionGroup var replay: ReplayOptions

  func validate() throws {
    guard (1...1_000_000).contains(maxTrials) else {
      throw ValidationError("--max-trials must be from 1 to 1000000")
    }
    guard !keep.isEmpty else { throw ValidationError("--keep: give the finding to keep") }
    for text in keep where Signature(text) == nil {
      throw ValidationError(
        "--keep '\(text)': expected a signature as explore prints it (KIND[:DETAIL] [after TRIGGER [while STATE]]) or a kind"
      )
    }
    _ = try target.parsedChecks()
  }

  func run(engines: EngineRegistry) throws {
    let settings = try ReplaySettings(analysis: analysis, model: model, read: read, replay: replay)
    let runner = try target.runner(engines: engines, settings: settings)
    let inputs = [input] + analysis.inputFiles
    let out = try output.map { try Output.to($0, inputs: inputs) }
    let budgetOut = try budget.map { try Output.to($0, inputs: inputs) }
    var progress = CountProgress(total: nil, unit: "trials")
    do {
      let isTrace = input.hasSuffix(".sctrace") || !input.hasSuffix(".json")
      let outcome: ReductionOutcome
      if isTrace {
        outcome = try reduceTrace(runner: runner) { progress.tell($0, note: "\($1) units left") }
      } else {
        outcome = try reduceScript(runner: runner) { progress.tell($0, note: "\($1) steps left") }
      }
      progress.finish()
      if let out {
        if let bytes = outcome.bytes {
          try out.write(bytes: bytes)
        } else {
          try out.write(outcome.text)
        }
        try out.commit()
      }
      if let budgetOut {
        try budgetOut.line(outcome.finding.budgetJSON(baseline: target.baseline != nil))
        try budgetOut.commit()
      }
      try Output.stdout().line(outcome.summary(input: input, output: output, budget: budget))
    } catch {
      progress.finish()
      out?.discard()
      budgetOut?.discard()
      throw error
    }
  }

  /// The signatures to keep, resolved against what `findings` show: a kind alone is the first
  /// finding of that kind.
  func signatures(in findings: [Finding]) throws -> [Signature] {
    try keep.map { text in
      guard let wanted = Signature(text) else { throw ValidationError("--keep '\(text)'") }
      let bare = wanted.detail.isEmpty && wanted.trigger.isEmpty && wanted.state.isEmpty
      if let found = findings.first(where: {
        $0.signature == wanted || (bare && $0.signature.kind == wanted.kind)
      }) {
        return found.signature
      }
      let shown = findings.map(\.signature.description)
      throw InputFailure(
        "\(input) does not show '\(text)' on \(target.engine)"
          + (shown.isEmpty ? "; it shows nothing" : "; it shows: " + shown.joined(separator: "; ")))
    }
  }

  private func reduceScript(runner: TrialRunner, progress: (Int, Int) -> Void) throws
    -> ReductionOutcome
  {
    let script = try ExploreTarget.readScript(input)
    let first: TrialRunner.Trial
    do {
      first = try runner.run(script, name: input)
    } catch let error as ScriptError {
      throw InputFailure("\(input): \(error)")
    }
    let keep = try signatures(in: first.findings)
    let reducer = ScriptReducer(runner: runner, keep: keep, maximumTrials: maxTrials)
    let result = try reducer.reduce(script, progress: progress)
    return ReductionOutcome(
      finding: result.finding, trials: result.trials,
      before: .init(
        units: script.steps.count, unit: "steps", bytes: script.json.utf8.count,
        seconds: script.duration),
      after: .init(
        units: result.script.steps.count, unit: "steps", bytes: result.script.json.utf8.count,
        seconds: result.script.duration),
      text: result.script.json, bytes: nil)
  }

  private func reduceTrace(runner: TrialRunner, progress: (Int, Int) -> Void) throws
    -> ReductionOutcome
  {
    let bytes = try TraceSource.loaded(input, limit: EngineComparison.defaultTraceByteLimit)
    let trace = try TraceEvents(source: bytes, settings: runner.settings)
    let first = try runner.run(trace: try trace.encoded(), name: input)
    let keep = try signatures(in: first.findings)
    let reducer = TraceReducer(runner: runner, keep: keep, maximumTrials: maxTrials)
    let result = try reducer.reduce(trace, progress: progress)
    return ReductionOutcome(
      finding: result.finding, trials: result.trials,
      before: .init(
        units: trace.events.count, unit: "events", bytes: trace.byteCount, seconds: trace.duration),
      after: .init(
        units: result.trace.events.count, unit: "events", bytes: result.bytes.count,
        seconds: result.trace.duration),
      text: "", bytes: result.bytes)
  }
}
