// scrolltrace — the pipeline's settings from the command line's options.

import Pipeline
import TraceIngest

extension ReplaySettings {
  /// The settings the analysis, model and read options describe; reads the cost model file.
  init(
    analysis: AnalysisOptions, model: ModelOptions, read: ReadOptions, replay: ReplayOptions
  ) throws {
    self.init(
      overrides: try model.overrides(), modelOptions: model.given,
      analysis: try analysis.settings(),
      readMode: read.recover ? .recover : .strict,
      decodeLimits: read.decodeLimits, replayLimits: replay.replayLimits,
      skipsIdleFrames: !replay.stepIdleFrames)
  }
}
