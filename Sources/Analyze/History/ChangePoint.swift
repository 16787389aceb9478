// scrolltrace — where a series of results stepped to a new level.

/// A change point in a series of results: the index of the first result at the new level, the
/// levels on both sides, and how strong the evidence is.
public struct ChangePoint: Sendable, Hashable {
  /// How the change was found.
  public enum Method: String, Sendable, Hashable, CaseIterable {
    /// AndroidX's step fit over a window of results before and after each one (``StepFit``).
    case stepFit
    /// E-divisive means, split and merged as Apache Otava does (``EDivisive``).
    case eDivisive
  }

  /// The index of the first result at the new level.
  public var index: Int
  /// The mean of the results before it (the window before, or the segment since the previous
  /// change), in the metric's unit.
  public var meanBefore: Double
  /// The mean of the results from it on (the window after, or the segment to the next change).
  public var meanAfter: Double
  /// The evidence: the step fit (its magnitude beyond the threshold), or the p-value of the
  /// t-test between the two segments.
  public var score: Double
  /// How it was found.
  public var method: Method

  /// Creates a change point.
  public init(index: Int, meanBefore: Double, meanAfter: Double, score: Double, method: Method) {
    self.index = index
    self.meanBefore = meanBefore
    self.meanAfter = meanAfter
    self.score = score
    self.method = method
  }
}
