// scrolltrace — `scrolltrace calibrate`: a cost model fitted to what a device measured.

import Analyze
import ArgumentParser
import Pipeline
import Presentation
import Replay
import TraceIngest

/// `scrolltrace calibrate TRACE... --engine E -o device.json`.
struct CalibrateCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "calibrate",
      abstract: "Fit the cost model to the work times a device measured in recorded traces.",
      discussion: ToolName.help(
        """
        Replays each trace through the engine and fits each operation's cost (frame_us, \
        layoutPass_us, frameSet_us, itemConfigured_us, viewCreated_us, poolScanStep_us) to the \
        work time the device measured for each observed frame: non-negative least squares, or \
        with --fit huber the same under Huber's loss, which outlying frames sway less. The last \
        traces given are held out of the fit and judged by it (--hold-out). Frames without a \
        measured work time, outliers, and frames where the model's offset parts from the device's \
        by more than --fidelity-threshold are left out. A cost no frame determines is refused \
        by name; --fix holds it at a value. The output is a --cost-model file with the fit's \
        provenance; the summary goes to standard error (docs/report-schema.md, "Calibrating").

        Example:
          scrolltrace calibrate observed.sctrace held.sctrace \\
              --engine cardfeed@2 -o device.json
          scrolltrace replay observed.sctrace --engine cardfeed@2 \\
              --cost-model device.json
        """)
    )
  }

  @Argument(
    help: ArgumentHelp(
      "Recordings with observed frames; a folder stands for the .sctrace files in it.",
      valueName: "traces"),
    completion: Completions.traces)
  var traces: [String] = []

  @OptionGroup var list: FileListOptions

  @Option(
    help: ArgumentHelp(
      "The engine whose counted work is fitted, as name or name@version.", valueName: "engine"),
    completion: Completions.engines)
  var engine: String

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Write the fitted cost model (JSON) to this file.", valueName: "file"))
  var output: String

  @Option(
    help: ArgumentHelp(
      "How to fit: nnls (non-negative least squares) or huber (the same, robust to outlying frames).",
      valueName: "method"))
  var fit = CostCalibration.Method.nnls.rawValue

  @Option(
    parsing: .singleValue,
    help: ArgumentHelp(
      "Hold a cost at a value in µs instead of fitting it, such as poolScanStep_us=0.05 (repeatable).",
      valueName: "key=µs"))
  var fix: [String] = []

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Hold this many of the last traces out of the fit and judge the fit on them (default: one in five, at least one of two or more).",
      valueName: "count"))
  var holdOut: Int?

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  @OptionGroup var replay: ReplayOptions

  func validate() throws {
    guard CostCalibration.Method(rawValue: fit) != nil else {
      throw ValidationError("--fit must be nnls or huber; found `\(fit)`")
    }
    _ = try fixedCosts()
    if let holdOut, holdOut < 0 { throw ValidationError("--hold-out must be 0 or more") }
    _ = try model.overrides()
  }

  /// The costs `--fix` holds, by operation.
  func fixedCosts() throws -> [CostModel.Operation: Double] {
    var fixed: [CostModel.Operation: Double] = [:]
    for entry in fix {
      let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let operation = CostModel.Operation(key: String(parts[0])),
        let value = Double(parts[1]), CostModel.costs.contains(value)
      else {
        let keys = CostModel.Operation.allCases.map(\.key).joined(separator: ", ")
        throw ValidationError(
          "--fix '\(entry)': expected KEY=MICROSECONDS with KEY one of \(keys) and a value of 0 to \(Int(CostModel.costs.upperBound)) µs"
        )
      }
      guard fixed[operation] == nil else {
        throw ValidationError("--fix holds \(operation.key) twice")
      }
      fixed[operation] = value
    }
    guard fixed.count < CostModel.Operation.allCases.count else {
      throw ValidationError("--fix holds every cost: there is nothing left to fit")
    }
    return fixed
  }

  func run(engines: EngineRegistry) throws {
    let entry = try engines.entry(engine, flag: "--engine")
    let given = try list.paths(self.traces)
    guard !given.isEmpty else { throw ValidationError("give the recordings to calibrate on") }
    let traces = try TraceFolders.expand(given)
    let settings = try ReplaySettings(analysis: analysis, model: model, read: read, replay: replay)
    let out = try Output.to(output, inputs: traces + analysis.inputFiles)
    do {
      let run = CostCalibrationRun(
        engine: entry, settings: settings,
        options: .init(
          method: CostCalibration.Method(rawValue: fit) ?? .nnls, fixed: try fixedCosts()),
        heldOut: holdOut)
      let calibration: Calibration
      do {
        calibration = try run.run(traces.map(TraceSource.init))
      } catch let error as AnalyzeError {
        throw InputFailure(CommandLineHint.message(for: error))
      }
      if let failure = calibration.heldOutFailure {
        // Never a cost model silently: the summary shows the check, and nothing is written.
        StandardError.printLines(calibration.summary)
        StandardError.print(
          "calibrate: no cost model written: \(failure); hold out traces like the ones fitted, "
            + "or hold the costs the frames cannot separate with --fix")
        out.discard()
        throw ExitCode(ExitStatus.findings)
      }
      try out.line(calibration.json(tool: ToolVersion.credit))
      try out.commit()
      StandardError.printLines(calibration.summary)
    } catch {
      out.discard()
      throw error
    }
  }
}
