// scrolltrace — E-divisive means with a t-test, split and merged as Apache Otava does.

/// Multiple change points by E-divisive means (Matteson and James, "A Nonparametric Approach for
/// Multiple Change Point Analysis of Multivariate Data", 2014), as MongoDB's performance CI and
/// Apache Otava (formerly Hunter) run it over a results history: Fleming et al., "Hunter: Using
/// Change Point Detection to Hunt for Performance Regressions", ICPE 2023.
///
/// - **Within a window**, the series is split where the divergence between the two sides, the
///   statistic Q̂ of E-divisive with α = 1, is largest; the split stands when Student's t-test
///   between the two segments it separates gives a p-value of at most the first-pass
///   significance; splitting goes on in the segments, strongest first, until one does not stand.
/// - **Split**: windows of `window` results slide by half a window over the series; the change
///   points of every window are kept ("weak" change points), tested at a relaxed significance (ten
///   times `significance` below 0.05, twice it below 0.5).
/// - **Merge**: the weakest change point is removed — the one with the largest p-value when it is
///   above `significance`, else the one with the smallest relative change when that is at most
///   `minimumMagnitude` — its neighbours tested again against their new segments, until every one
///   left passes both.
///
/// Two of Otava 0.8.0's choices are kept so that both find the same change points (the tests
/// compare them on the same series): its t-test takes each segment's standard deviation with
/// divisor n (NumPy's default), and after removing a change point its merge step tests again the
/// two that follow it, not the one before. A t-test is not robust to outliers: a spike of three
/// times the level among a hundred results can hide a step of 15 % from it (step fit, whose
/// windows are short, still finds it).
public struct EDivisive: Sendable, Hashable {
  /// Results in each window of the split step (default 50, Otava's).
  public var window: Int
  /// The largest p-value a change point may have (default 0.001, Otava's).
  public var significance: Double
  /// The smallest relative change a change point must show, as a fraction (default 0).
  public var minimumMagnitude: Double

  /// E-divisive with a window, a significance and a minimum relative change.
  public init(window: Int = 50, significance: Double = 0.001, minimumMagnitude: Double = 0) {
    self.window = window
    self.significance = significance
    self.minimumMagnitude = minimumMagnitude
  }

  /// The change points of `series`, in index order.
  public func changePoints(in series: [Double]) -> [ChangePoint] {
    guard window >= 2, series.count >= 2 else { return [] }
    let firstPass =
      significance < 0.05 ? significance * 10 : significance < 0.5 ? significance * 2 : significance
    var indexes = Set<Int>()
    var start = 0
    let step = window / 2
    while start < series.count {
      let end = min(start + window, series.count)
      let found = Self.divide(Array(series[start..<end]), significance: firstPass).map {
        $0 + start
      }
      indexes.formUnion(found)
      start = max(found.last ?? 0, start + step)
    }
    var points = indexes.sorted().map { Candidate(index: $0, test: Test(0, 0, 0, 0)) }
    Self.retest(&points, series)
    merge(&points, series)
    return points.map {
      ChangePoint(
        index: $0.index, meanBefore: $0.test.meanBefore, meanAfter: $0.test.meanAfter,
        score: $0.test.pValue, method: .eDivisive)
    }
  }

  /// A change point with the test against its two segments.
  struct Candidate {
    var index: Int
    var test: Test
  }

  /// The t-test between the segments either side of a change point.
  struct Test {
    var meanBefore: Double
    var meanAfter: Double
    var pValue: Double
    var magnitude: Double

    init(_ meanBefore: Double, _ meanAfter: Double, _ pValue: Double, _ magnitude: Double) {
      self.meanBefore = meanBefore
      self.meanAfter = meanAfter
      self.pValue = pValue
      self.magnitude = magnitude
    }

    /// The test of `left` against `right`.
    init(_ left: ArraySlice<Double>, _ right: ArraySlice<Double>) {
      let (meanLeft, deviationLeft) = Self.meanAndDeviation(left)
      let (meanRight, deviationRight) = Self.meanAndDeviation(right)
      meanBefore = meanLeft
      meanAfter = meanRight
      pValue =
        left.count + right.count > 2
        ? StudentT.pValue(
          mean1: meanLeft, deviation1: deviationLeft, count1: left.count, mean2: meanRight,
          deviation2: deviationRight, count2: right.count) : 1
      // Otava's magnitude: the larger of the relative changes either way (0 over a zero mean).
      let forward = meanLeft == 0 ? 0 : meanRight / meanLeft - 1
      let backward = meanRight == 0 ? 0 : meanLeft / meanRight - 1
      magnitude = max(abs(forward), abs(backward))
    }

    /// The mean and the standard deviation with divisor n (0 for fewer than two values).
    static func meanAndDeviation(_ values: ArraySlice<Double>) -> (Double, Double) {
      guard !values.isEmpty else { return (0, 0) }
      let mean = values.reduce(0, +) / Double(values.count)
      guard values.count >= 2 else { return (mean, 0) }
      let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
      return (mean, variance.squareRoot())
    }
  }

  /// The change points E-divisive finds in `series`, splitting while the t-test of the strongest
  /// split gives a p-value of at most `significance`.
  static func divide(_ series: [Double], significance: Double) -> [Int] {
    var cuts: [Int] = []
    while true {
      let bounds = [0] + cuts + [series.count]
      var best: (index: Int, q: Double, segment: Int)?
      for segment in 0..<(bounds.count - 1) where bounds[segment + 1] - bounds[segment] > 1 {
        let (index, q) = strongestSplit(series, bounds[segment], bounds[segment + 1])
        if best.map({ q > $0.q }) ?? true { best = (index, q, segment) }
      }
      guard let best else { break }
      let test = Test(
        series[bounds[best.segment]..<best.index], series[best.index..<bounds[best.segment + 1]])
      guard test.pValue <= significance else { break }
      cuts.append(best.index)
      cuts.sort()
    }
    return cuts
  }

  /// Where Q̂ is largest in `series[start..<end]`.
  ///
  /// Over every split τ and end κ of the second part, `start < τ < κ ≤ end`, of
  ///
  ///     Q̂ = 2/(m+n) ΣΣ|Xᵢ−Yⱼ| − 2m/((m+n)(n−1)) Σ|Xᵢ−Xₖ| − 2n/((m+n)(m−1)) Σ|Yⱼ−Yₖ|
  ///
  /// with X = series[start..<τ] (n values) and Y = series[τ..<κ] (m values), a term over one value
  /// taken as 0. Of equal values, the first in τ then κ order; Q̂ is taken as 0 where κ ≤ τ, as
  /// Otava's matrix of values holds zeros there (so a split is always returned).
  static func strongestSplit(_ series: [Double], _ start: Int, _ end: Int) -> (Int, Double) {
    var best: (index: Int, q: Double)?
    // Within-X pair sums grow with τ; for each τ, cross and within-Y sums grow with κ.
    var withinX = 0.0
    for tau in (start + 1)..<end {
      if tau - 1 > start {
        for i in start..<(tau - 1) { withinX += abs(series[i] - series[tau - 1]) }
      }
      let n = Double(tau - start)
      var cross = 0.0
      var withinY = 0.0
      for kappa in (start + 2)...end {
        var q = 0.0
        if kappa > tau {
          let newest = series[kappa - 1]
          for i in start..<tau { cross += abs(series[i] - newest) }
          for j in tau..<(kappa - 1) { withinY += abs(series[j] - newest) }
          let m = Double(kappa - tau)
          q = 2 / (m + n) * cross
          if n > 1 { q -= 2 * m / ((m + n) * (n - 1)) * withinX }
          if m > 1 { q -= 2 * n / ((m + n) * (m - 1)) * withinY }
        }
        if best.map({ q > $0.q }) ?? true { best = (tau, q) }
      }
    }
    return best.map { ($0.index, $0.q) } ?? (start + 1, 0)
  }

  /// Tests every change point against the segments between its neighbours.
  static func retest(_ points: inout [Candidate], _ series: [Double]) {
    for k in points.indices { retest(&points, k, series) }
  }

  static func retest(_ points: inout [Candidate], _ k: Int, _ series: [Double]) {
    guard points.indices.contains(k) else { return }
    let lower = k > 0 ? points[k - 1].index : 0
    let upper = k + 1 < points.count ? points[k + 1].index : series.count
    let index = points[k].index
    points[k].test = Test(series[lower..<index], series[index..<upper])
  }

  /// Removes the weakest change point until every one left is significant and large enough.
  func merge(_ points: inout [Candidate], _ series: [Double]) {
    // The largest p-value (the first of equals); if every p-value passes, the smallest change.
    while var weakest = points.indices.max(by: { points[$0].test.pValue < points[$1].test.pValue })
    {
      if points[weakest].test.pValue < significance {
        guard
          let smallest = points.indices.min(by: {
            points[$0].test.magnitude < points[$1].test.magnitude
          })
        else { return }
        weakest = smallest
        if points[weakest].test.magnitude > minimumMagnitude { return }
      }
      points.remove(at: weakest)
      // As Otava's merge step: the two change points that follow the one removed.
      Self.retest(&points, weakest, series)
      Self.retest(&points, weakest + 1, series)
    }
  }
}
