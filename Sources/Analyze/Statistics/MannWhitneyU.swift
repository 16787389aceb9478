// scrolltrace — the Mann–Whitney U test, as google/benchmark's compare.py runs it.

import Foundation

/// The two-sided Mann–Whitney U rank test of two independent samples: whether one tends to be
/// larger than the other, without assuming a distribution (google/benchmark `tools/gbench/report.py`).
///
/// It computes what `scipy.stats.mannwhitneyu(x, y, alternative="two-sided")` computes with its
/// default `method="auto"`, which compare.py uses: the exact distribution of U when a sample has at
/// most 8 values and there are no ties; otherwise the normal approximation with the tie correction
/// and a continuity correction. No maintained Swift package provides the test.
package struct MannWhitneyU: Sendable, Hashable {
  /// U of the first sample: how many (x, y) pairs have x > y, ties counting a half.
  package var statistic: Double
  /// The two-sided p-value, in [0, 1].
  package var pValue: Double
  /// Whether the exact distribution was used (otherwise the normal approximation).
  package var isExact: Bool

  /// Tests `x` against `y`; nil when either is empty or a value is not finite.
  package init?(_ x: [Double], _ y: [Double]) {
    let n1 = x.count
    let n2 = y.count
    guard n1 > 0, n2 > 0, x.allSatisfy(\.isFinite), y.allSatisfy(\.isFinite) else { return nil }
    // Average ranks of the pooled values, and the tie groups' sizes.
    let pooled = (x.map { ($0, true) } + y.map { ($0, false) }).sorted { $0.0 < $1.0 }
    var rankSumX = 0.0
    var tieTerm = 0.0
    var hasTies = false
    var start = 0
    while start < pooled.count {
      var end = start
      while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
      let size = Double(end - start + 1)
      if size > 1 {
        hasTies = true
        tieTerm += size * size * size - size
      }
      let rank = Double(start + end) / 2 + 1
      for i in start...end where pooled[i].1 { rankSumX += rank }
      start = end + 1
    }
    let u1 = rankSumX - Double(n1 * (n1 + 1)) / 2
    let u2 = Double(n1 * n2) - u1
    let u = max(u1, u2)
    statistic = u1
    if (n1 <= 8 || n2 <= 8) && !hasTies {
      isExact = true
      pValue = min(1, 2 * Self.exactUpperTail(Int(u.rounded()), n1, n2))
    } else {
      isExact = false
      let n = Double(n1 + n2)
      let mean = Double(n1 * n2) / 2
      let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
      guard variance > 0 else {
        pValue = 1
        return
      }
      let z = (u - mean - 0.5) / variance.squareRoot()
      pValue = min(1, max(0, erfc(z / 2.0.squareRoot())))
    }
  }

  /// P(U ≥ u) for samples of `n1` and `n2` values without ties: the number of arrangements with
  /// U ≥ u over all C(n1 + n2, n1), counted by the recurrence f(u; m, n) = f(u − n; m − 1, n) +
  /// f(u; m, n − 1).
  static func exactUpperTail(_ u: Int, _ n1: Int, _ n2: Int) -> Double {
    let m = min(n1, n2)
    let n = max(n1, n2)
    let maxU = m * n
    guard u > 0 else { return 1 }
    guard u <= maxU else { return 0 }
    // counts[j][k]: arrangements of j values of the small sample among k of the large one, by U.
    var previous = [[Double]](repeating: [1], count: n + 1)  // j = 0: U is 0 in one way
    for j in 1...m {
      // With no value of the large sample, j small values give U = 0 in one way.
      var current = [[Double]](repeating: [1], count: n + 1)
      for k in 1...n {
        let size = j * k + 1
        var row = [Double](repeating: 0, count: size)
        // The largest value is from the small sample (adds k to U) or from the large one.
        for (value, count) in previous[k].enumerated() where value + k < size {
          row[value + k] += count
        }
        for (value, count) in current[k - 1].enumerated() where value < size { row[value] += count }
        current[k] = row
      }
      previous = current
    }
    let distribution = previous[n]
    let total = distribution.reduce(0, +)
    let tail = distribution[min(u, distribution.count)...].reduce(0, +)
    return total > 0 ? tail / total : 1
  }
}
