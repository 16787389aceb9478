// scrolltrace — a significance test of host timings.

/// A Mann–Whitney U test of host timing samples.
public struct HostTest: Sendable, Hashable {
  /// The baseline's repetitions.
  public var baselineRepetitions: Int
  /// The candidate's repetitions.
  public var candidateRepetitions: Int
  /// The two-sided p-value.
  public var pValue: Double
  /// The candidate's median over the baseline's.
  public var medianRatio: Double
  /// Whether the p-value is below α after the Holm–Bonferroni correction over the trace's host
  /// timings.
  public var isSignificant: Bool
  /// Whether the medians differ by more than the metric's noise floor.
  public var isBeyondNoise: Bool
  /// When the first samples called a change and the timing was measured again: the second
  /// test's p-value.
  public var remeasuredPValue: Double?
  /// The second measurement's median ratio, when there was one.
  public var remeasuredMedianRatio: Double?
  /// Whether the second measurement called the same change (nil: not re-measured).
  public var isConfirmed: Bool?
}
