// scrolltrace — AndroidX's step fit: where the results before and after a build differ most.

/// Step fit, as AndroidX's benchmark CI runs it over a results history.
///
/// (Chris Craik, "Fighting regressions with Benchmarks in CI", Android Developers, 2019.) For each
/// build, the `width` results before it and the `width` from it on (fewer at the ends, at least two
/// a side),
///
///     stepFit = (mean_before − mean_after) / (√(SSE_before + SSE_after) / (n_before + n_after))
///
/// with SSE each side's sum of squared deviations from its mean. A build whose |stepFit| exceeds
/// `threshold` and is the largest within `width` builds either side starts a change. A step of
/// results that do not vary at all (a deterministic metric) has no error: any difference is then a
/// change, and no difference none.
public struct StepFit: Sendable, Hashable {
  /// Results on each side of a build (default 5).
  public var width: Int
  /// The |stepFit| a change must exceed (default 15).
  ///
  /// With 5 results a side, |stepFit| is about 3.5 times the step over the noise's standard
  /// deviation: the default finds a step of about four and a half standard deviations, and flat
  /// Gaussian noise rarely reaches it (the tests find none over 120 builds; at 10, one).
  public var threshold: Double

  /// Step fit with `width` results a side and `threshold`.
  public init(width: Int = 5, threshold: Double = 15) {
    self.width = width
    self.threshold = threshold
  }

  /// The change points of `series`, in index order.
  public func changePoints(in series: [Double]) -> [ChangePoint] {
    let n = series.count
    guard width >= 2, n >= 4 else { return [] }
    var scores = [Double](repeating: 0, count: n)
    var means = [(Double, Double)](repeating: (0, 0), count: n)
    for i in 2...(n - 2) {
      let before = series[max(0, i - width)..<i]
      let after = series[i..<min(n, i + width)]
      let (meanBefore, errorBefore) = Self.meanAndSquaredError(before)
      let (meanAfter, errorAfter) = Self.meanAndSquaredError(after)
      means[i] = (meanBefore, meanAfter)
      let difference = meanBefore - meanAfter
      let spread = (errorBefore + errorAfter).squareRoot() / Double(before.count + after.count)
      if spread > 0 {
        scores[i] = difference / spread
      } else {
        scores[i] = difference == 0 ? 0 : (difference > 0 ? .infinity : -.infinity)
      }
    }
    var changes: [ChangePoint] = []
    for i in 2...(n - 2) where abs(scores[i]) > threshold {
      // The largest within `width` either side (the earlier one of equals).
      let neighbours = max(2, i - width)...min(n - 2, i + width)
      let isPeak = neighbours.allSatisfy { j in
        j == i || abs(scores[j]) < abs(scores[i]) || (abs(scores[j]) == abs(scores[i]) && j > i)
      }
      guard isPeak else { continue }
      changes.append(
        ChangePoint(
          index: i, meanBefore: means[i].0, meanAfter: means[i].1, score: abs(scores[i]),
          method: .stepFit))
    }
    return changes
  }

  /// The mean of `values` and the sum of their squared deviations from it: exactly 0 for equal
  /// values (a deterministic metric), whose computed mean may differ from them in the last bit.
  static func meanAndSquaredError(_ values: ArraySlice<Double>) -> (Double, Double) {
    guard let first = values.first else { return (0, 0) }
    if values.allSatisfy({ $0 == first }) { return (first, 0) }
    let mean = values.reduce(0, +) / Double(values.count)
    return (mean, values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) })
  }
}
