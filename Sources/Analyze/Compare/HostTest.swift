// scrolltrace — a significance test of host timings.

/// A Mann–Whitney U test of host timing samples.
package struct HostTest: Sendable, Hashable {
  /// The baseline's repetitions.
  package var baselineRepetitions: Int
  /// The candidate's repetitions.
  package var candidateRepetitions: Int
  /// The two-sided p-value.
  package var pValue: Double
  /// The candidate's median over the baseline's.
  package var medianRatio: Double
  /// Whether the p-value is below α after the Holm–Bonferroni correction over the trace's host
  /// timings.
  package var isSignificant: Bool
  /// Whether the medians differ by more than the metric's noise floor.
  package var isBeyondNoise: Bool
  /// When the first samples called a change and the timing was measured again: the second
  /// test's p-value.
  package var remeasuredPValue: Double?
  /// The second measurement's median ratio, when there was one.
  package var remeasuredMedianRatio: Double?
  /// Whether the second measurement called the same change (nil: not re-measured).
  package var isConfirmed: Bool?
}
