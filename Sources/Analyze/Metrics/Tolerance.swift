// scrolltrace — how far a deterministic metric may move and still count as unchanged.

extension Metric {
  /// How far a deterministic value may move between a baseline and a candidate and still be
  /// "within tolerance": a change of at most `absolute` (in the metric's unit, in the scale it is
  /// judged in) or at most `relative` of the baseline, whichever is larger.
  ///
  /// The catalog gives each metric a default (`scrolltrace metrics` lists them); a budget's
  /// `tolerances` and `--tolerance` override them. An event count (a glitch, a jump) has none: one
  /// more is a regression.
  public struct Tolerance: Sendable, Hashable {
    /// The largest change counted as none, as a fraction of the baseline (0.01 is 1 %).
    public var relative: Double
    /// The largest change counted as none, in the metric's unit.
    public var absolute: Double

    /// A tolerance of `relative` (a fraction) or `absolute` (in the unit), whichever is larger.
    public init(relative: Double = 0, absolute: Double = 0) {
      self.relative = relative
      self.absolute = absolute
    }

    /// None: any change counts.
    public static let exact = Tolerance()

    /// Whether a move from `baseline` to `candidate` stays within the tolerance.
    public func allows(_ baseline: Double, _ candidate: Double) -> Bool {
      abs(candidate - baseline) <= max(absolute, relative * abs(baseline))
    }
  }
}
