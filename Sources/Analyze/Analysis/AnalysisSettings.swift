// scrolltrace — the analyzers' thresholds and models.

/// What the analyzers count as a jump or a glitch, how they price work, and how many events each
/// lists.
///
/// Every value is reported in the report's `settings`, so two reports say whether they are
/// comparable.
public struct AnalysisSettings: Sendable, Hashable {
  /// An offset change the input does not explain counts as a jump above this, in points
  /// (default 1 pt: a one-point move of content under a still finger is visible).
  public var jumpThreshold: Double
  /// A resting position off its component's rule by more than this counts as a glitch, in points
  /// (default 0.5 pt: half a point is a device pixel on a 2× screen, the smallest visible seam).
  public var glitchTolerance: Double
  /// The per-operation device cost model behind the estimated frame times.
  public var costModel: CostModel
  /// The hitch-time-ratio bands the verdict uses.
  public var hitchBands: HitchBands
  /// The most events each analyzer lists in a trace's report; the rest are counted.
  public var eventLimit: Int
  /// The model and the device part where their offsets are farther apart than this, in points
  /// (default 1 pt: the offset-jump threshold, a visible move).
  public var fidelityThreshold: Double

  /// Settings with the documented defaults.
  public init(
    jumpThreshold: Double = 1, glitchTolerance: Double = 0.5, costModel: CostModel = .default,
    hitchBands: HitchBands = .wwdc20, eventLimit: Int = 100, fidelityThreshold: Double = 1
  ) {
    self.jumpThreshold = jumpThreshold
    self.glitchTolerance = glitchTolerance
    self.costModel = costModel
    self.hitchBands = hitchBands
    self.eventLimit = eventLimit
    self.fidelityThreshold = fidelityThreshold
  }
}
