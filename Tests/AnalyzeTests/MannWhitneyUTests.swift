// The Mann–Whitney U test against scipy.stats.mannwhitneyu (scipy 1.17.1, alternative="two-sided",
// method="auto"), the implementation google/benchmark's compare.py calls.

import Analyze
import Testing

@Suite struct MannWhitneyUTests {
  /// (x, y, U of x, p-value, exact) computed with scipy 1.17.1.
  static let vectors: [([Double], [Double], Double, Double, Bool)] = [
    ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 0, 0.007936507936507936, true),
    (
      [1, 3, 5, 7, 9, 11, 13, 15, 17], [2, 4, 6, 8, 10, 12, 14, 16, 18], 36, 0.7239320396139757,
      false
    ),
    ([1, 2, 2, 3, 3, 3, 4, 5, 9], [2, 3, 4, 4, 5, 6, 6, 7, 8], 22, 0.10825192492919267, false),
    (
      [10, 11, 12, 13, 14, 15, 16, 17, 18], [1, 2, 3, 4, 5, 6, 7, 8, 9], 81, 0.00041229480206169127,
      false
    ),
    ([1.1, 2.2, 3.3], [0.5, 4.4, 6.6, 7.7], 3, 0.4, true),
    ([5, 5, 5, 5], [5, 5, 5, 5], 8, 1, false),
  ]

  @Test(arguments: 0..<vectors.count)
  func matchesScipy(_ index: Int) throws {
    let (x, y, u, p, exact) = Self.vectors[index]
    let test = try #require(MannWhitneyU(x, y))
    #expect(test.statistic == u)
    #expect(abs(test.pValue - p) < 1e-12, "p \(test.pValue), scipy \(p)")
    #expect(test.isExact == exact)
  }

  @Test func emptyOrNonFiniteSamplesHaveNoTest() {
    #expect(MannWhitneyU([], [1]) == nil)
    #expect(MannWhitneyU([1, .nan], [1]) == nil)
  }
}
