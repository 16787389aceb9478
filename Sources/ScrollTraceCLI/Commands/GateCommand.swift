// scrolltrace — `scrolltrace gate`: fail the build when a budget is broken.

import Analyze
import ArgumentParser
import Pipeline
import Presentation
import Replay

/// `scrolltrace gate --budget BUDGET.json` over a report, two reports, or engines on traces.
struct GateCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "gate",
      abstract: "Check a candidate against a budget; exit 1 when a budget is broken.",
      discussion: ToolName.help(
        """
        The budget file (docs/ci.md) sets absolute limits (max, min) and limits relative to the \
        baseline (maxIncrease, maxDecrease, in percent) per metric. The candidate is a saved report \
        (REPORT.json), the second of two reports (BASE.json CAND.json), or --candidate ENGINE \
        replayed on traces, with --baseline ENGINE for relative limits. Host timings break a relative \
        limit only when the change is significant (Mann–Whitney U over --repeat runs, 9 by default) \
        and beyond the noise floor; past the limit without significance they are "inconclusive". \
        Improvements never fail. Traces are matched by content hash, then by path (a warning); \
        --strict fails skipped and inconclusive checks and warnings.

        Exit codes: 0 every budget holds, 1 a budget is broken, 2 usage or input error (a malformed \
        budget names the key; a missing trace names the file; the two sides share no trace).

        Examples:
          scrolltrace gate --budget Budgets/samples.json \\
              --baseline cardfeed@1 --candidate cardfeed@2 \\
              Traces/cardfeed-mixed.sctrace
          scrolltrace gate --budget Budgets/samples.json main.json branch.json \\
              --junit gate.xml --markdown gate.md
        """)
    )
  }

  @Option(
    help: ArgumentHelp(
      "The budget file (JSON, docs/ci.md); without it, the one a stored baseline (--baseline-store) was saved with.",
      valueName: "file"),
    completion: Completions.json)
  var budget: String?

  @Argument(
    help: ArgumentHelp(
      "Traces (with --candidate), or a report, or a baseline and a candidate report.",
      valueName: "inputs"),
    completion: Completions.tracesOrReports)
  var givenInputs: [String] = []

  @OptionGroup var list: FileListOptions

  @OptionGroup var compare: CompareOptions

  @Option(
    help: ArgumentHelp(
      "Also write the verdict as JUnit XML: a test case per trace and budget.", valueName: "file"))
  var junit: String?

  @Option(
    help: ArgumentHelp(
      "Also write the verdict as markdown (a job summary, a PR comment).", valueName: "file"))
  var markdown: String?

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  @OptionGroup var replay: ReplayOptions

  func run(engines: EngineRegistry) throws {
    let inputs = try list.paths(givenInputs)
    let entries = try compare.entries(in: engines)
    let (limits, budgetFiles) = try limits()
    try Self.judge(
      limits, readFiles: inputs + budgetFiles + analysis.inputFiles + compare.inputFiles,
      junit: junit, markdown: markdown, strict: compare.strict,
      settings: { try compare.settings(budget: limits.tolerances) },
      sides: {
        try compare.sides(
          inputs: inputs, entries: entries,
          compareTimings: limits.comparesHostTimings && compare.replaysBaseline,
          analysis: analysis, model: model, read: read, replay: replay)
      })
  }

  /// Judges the sides `sides` gives by `limits` and `settings`: the verdict's table on standard
  /// output, and as JUnit XML at `junit` and markdown at `markdown`, neither of which may be one
  /// of `readFiles`.
  ///
  /// - Throws: `ExitCode` 1 when a budget is broken; an input error, with neither file written.
  static func judge(
    _ limits: Budget, readFiles: [String], junit: String?, markdown: String?, strict: Bool,
    settings: () throws -> DiffSettings, sides: () throws -> EngineComparison.Result
  ) throws {
    let junitOut = try junit.map { try Output.to($0, inputs: readFiles) }
    let markdownOut = try markdown.map { try Output.to($0, inputs: readFiles) }
    let verdict: GateVerdict
    do {
      let sides = try sides()
      verdict = try GateVerdict(
        budget: limits, candidate: sides.candidate, baseline: sides.baseline,
        settings: try settings(), strict: strict)
      if let comparison = verdict.comparison { _ = try CompareOptions.checkedDiff(comparison) }
      try junitOut?.line(verdict.junit)
      try markdownOut?.line(verdict.markdown)
      try junitOut?.commit()
      try markdownOut?.commit()
    } catch {
      junitOut?.discard()
      markdownOut?.discard()
      throw error
    }
    let out = Output.stdout()
    try out.line(TerminalStyle.styled(verdict.table, for: out))
    if !verdict.passed { throw ExitCode(ExitStatus.findings) }
  }

  /// The budget: `--budget`'s file, or the one the stored baseline was saved with; and the files
  /// it was read from (which no output may overwrite).
  private func limits() throws -> (Budget, [String]) {
    if let budget { return (try Self.budget(at: budget), [budget]) }
    guard compare.baselineStore != nil, let name = compare.baseline else {
      throw ValidationError(
        "give the budget: --budget FILE, or a stored baseline saved with one (--baseline-store)")
    }
    guard let bytes = try compare.storedBudget() else {
      throw ValidationError(
        "the baseline '\(name)' was saved without a budget: give --budget FILE, or save it with "
          + "baseline save --budget FILE")
    }
    do {
      return (try Budget(json: bytes), [])
    } catch {
      throw InputFailure("the budget stored with the baseline '\(name)': \(error)")
    }
  }

  /// The budget file at `path`.
  ///
  /// - Throws: ``InputFailure`` naming the file and the key at fault.
  static func budget(at path: String) throws -> Budget {
    let bytes = try InputFile.budget.read(path)
    do {
      return try Budget(json: bytes)
    } catch {
      throw InputFailure("\(path): \(error)")
    }
  }
}
