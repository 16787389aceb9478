// scrolltrace — the analyzers' thresholds and cost model on the command line.

import Analyze
import ArgumentParser

/// Options of the analyzers (docs/report-schema.md gives the defaults and their reasons).
struct AnalysisOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Count content moving more than this many points beyond the input as an offset jump.",
      valueName: "points"))
  var jumpThreshold = AnalysisSettings().jumpThreshold

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Count a resting position off its rule by more than this many points as a glitch.",
      valueName: "points"))
  var glitchTolerance = AnalysisSettings().glitchTolerance

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With observed frames: the model and the device part where their offsets are more than this many points apart.",
      valueName: "points"))
  var fidelityThreshold = AnalysisSettings().fidelityThreshold

  @Option(
    help: ArgumentHelp(
      "Per-operation device costs in microseconds, as JSON (docs/report-schema.md); keys not given keep the defaults.",
      valueName: "file.json"), completion: Completions.json)
  var costModel: String?

  /// The files these options read (an output may not name one).
  var inputFiles: [String] { [costModel].compactMap { $0 } }

  @Option(
    help: ArgumentHelp(
      "Apple's hitch-ratio bands: wwdc20 (good ≤ 5 ms/s, critical ≥ 10) or xcode (good ≤ 10, warning ≤ 25).",
      valueName: "bands"))
  var hitchBands = "wwdc20"

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "List at most this many events per analyzer and trace; the rest are counted.",
      valueName: "count"))
  var eventLimit = AnalysisSettings().eventLimit

  func validate() throws {
    guard jumpThreshold.isFinite, jumpThreshold >= 0 else {
      throw ValidationError("--jump-threshold must be 0 or more points")
    }
    guard glitchTolerance.isFinite, glitchTolerance >= 0 else {
      throw ValidationError("--glitch-tolerance must be 0 or more points")
    }
    guard fidelityThreshold.isFinite, fidelityThreshold >= 0 else {
      throw ValidationError("--fidelity-threshold must be 0 or more points")
    }
    guard eventLimit >= 0 else { throw ValidationError("--event-limit must be 0 or more") }
    guard HitchBands.all.contains(where: { $0.name == hitchBands }) else {
      throw ValidationError(
        "--hitch-bands '\(hitchBands)': expected \(HitchBands.all.map(\.name).joined(separator: " or "))"
      )
    }
  }

  /// The settings these options describe; reads the cost model file.
  func settings() throws -> AnalysisSettings {
    var settings = AnalysisSettings(
      jumpThreshold: jumpThreshold, glitchTolerance: glitchTolerance, eventLimit: eventLimit,
      fidelityThreshold: fidelityThreshold)
    if let bands = HitchBands.all.first(where: { $0.name == hitchBands }) {
      settings.hitchBands = bands
    }
    if let costModel {
      let bytes = try InputFile.costModel.read(costModel)
      do {
        settings.costModel = try CostModel(json: bytes)
      } catch {
        throw InputFailure("\(costModel): \(error)")
      }
    }
    return settings
  }
}
