// scrolltrace — 95 % intervals of figures measured over one recording's frames.

/// How far a figure measured over one recording's frames could move in another recording of the
/// same session by chance alone: 95 % intervals of a count of frames, a sum over frames and a
/// percentile of them, each from the frames the recording holds.
///
/// The frames of a recording are samples of how the device behaves, so a figure over them has a
/// sampling error that the recording itself shows: a p99 over 300 frames rests on its three
/// slowest, and another recording moves it by more than any fixed tolerance allows. Intervals
/// that overlap are a difference noise explains (``MetricComparison/Verdict/withinNoise``).
enum SamplingInterval {
  /// The standard normal quantile of a two-sided 95 % interval.
  static let z = 1.959_964

  /// Wilson's score interval for `count` frames of `trials`, as counts of frames.
  ///
  /// Wilson 1927; Newcombe, "Two-sided confidence intervals for the single proportion",
  /// Statistics in Medicine 17, 1998, method 3: 81 of 263 gives 0.2553 … 0.3662 of them. `nil`
  /// without trials.
  static func count(_ count: Int, of trials: Int) -> ClosedRange<Double>? {
    guard trials > 0, count >= 0, count <= trials else { return nil }
    let n = Double(trials)
    let p = Double(count) / n
    let z2 = z * z
    let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    return max(0, centre - half) * n...min(1, centre + half) * n
  }

  /// The ranks (1 is the smallest) of `n` ordered values between which the `p` quantile lies.
  ///
  /// With 95 % confidence, whatever the distribution (0 < p < 1): `n·p ∓ z·√(n·p·(1 − p))` and
  /// one more for the upper, rounded and kept within 1…n (Campbell and Gardner, "Calculating
  /// confidence intervals for some non-parametric analyses", BMJ 296, 1988: the median of 100
  /// values lies between the 40th and the 61st). `nil` without values.
  static func quantileRanks(_ p: Double, of n: Int) -> ClosedRange<Int>? {
    guard n > 0, p > 0, p < 1 else { return nil }
    let np = Double(n) * p
    let spread = z * (np * (1 - p)).squareRoot()
    let low = Int((np - spread).rounded())
    let high = Int((1 + np + spread).rounded())
    return min(max(low, 1), n)...min(max(high, 1), n)
  }

  /// The ranks whose range a largest value is judged by: the five largest of `n`.
  ///
  /// Another recording of `n` frames of the same behaviour has its fifth largest above this one's
  /// largest with a chance of about 2⁻⁵, where its largest exceeds this one's half the time. `nil`
  /// without values.
  static func maximumRanks(of n: Int) -> ClosedRange<Int>? {
    n > 0 ? max(1, n - 4)...n : nil
  }

  /// A sum of independent per-frame contributions whose squares add up to `squares`:
  /// `sum ± z·√squares`, not below 0.
  static func sum(_ sum: Double, squares: Double) -> ClosedRange<Double> {
    let half = z * max(0, squares).squareRoot()
    return max(0, sum - half)...(sum + half)
  }
}
