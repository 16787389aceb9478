// scrolltrace — everything a trace is read and replayed with, but the engine.

public import Analyze
public import Replay
public import TraceIngest

/// How traces are read, replayed and analysed: the model's overrides, the analyzers' settings, the
/// reader's mode and limits, and the replay's bounds.
///
/// The library defaults are the tool's: a `scrolltrace replay` without flags uses
/// `ReplaySettings()`.
public struct ReplaySettings: Sendable {
  /// The longest a replay runs on after the last event while motion settles, in seconds (10).
  public static let defaultSettleLimit = 10.0

  /// Overrides of the model's named parameters; the engine's own settings otherwise.
  public var overrides: ScrollViewOverrides
  /// The overrides as given on a command line, by name and value, for the report's settings.
  public var modelOptions: [Report.ModelOption]
  /// The analyzers' thresholds, bands and cost model.
  public var analysis: AnalysisSettings
  /// How the reader treats damage: strict, or recovering past damaged chunks.
  public var readMode: TraceReader.Mode
  /// Bounds on sizes read from a trace.
  public var decodeLimits: DecodeLimits
  /// Bounds on the frames and items a replay renders.
  public var replayLimits: ReplayLimits
  /// Whether frames at rest go to the analyzers in runs (the default) rather than one by one; the
  /// report is the same either way.
  public var skipsIdleFrames: Bool
  /// The longest a replay runs on after the last event while motion settles, in seconds.
  public var settleLimit: Double

  /// Settings with the library's defaults, or the values given.
  public init(
    overrides: ScrollViewOverrides = ScrollViewOverrides(),
    modelOptions: [Report.ModelOption] = [],
    analysis: AnalysisSettings = AnalysisSettings(),
    readMode: TraceReader.Mode = .strict,
    decodeLimits: DecodeLimits = .default,
    replayLimits: ReplayLimits = ReplayLimits(),
    skipsIdleFrames: Bool = true,
    settleLimit: Double = ReplaySettings.defaultSettleLimit
  ) {
    self.overrides = overrides
    self.modelOptions = modelOptions
    self.analysis = analysis
    self.readMode = readMode
    self.decodeLimits = decodeLimits
    self.replayLimits = replayLimits
    self.skipsIdleFrames = skipsIdleFrames
    self.settleLimit = settleLimit
  }
}
