// Property test: percentiles walked from the lowest recorded value are the package's own
// `valueAtPercentile`, on random histograms of the two shapes the analyzers keep.

import Histogram
import Testing
import TraceIngest

@testable import Analyze

@Suite struct HistogramPercentileTests {
  /// Percentiles every analyzer asks for, the edges, and random ones.
  static func percentiles(using random: inout SeededGenerator) -> [Double] {
    [0, 1e-9, 0.1, 1, 25, 50, 75, 90, 99, 99.9, 99.99, 100 - 1e-9, 100, 150]
      + (0..<8).map { _ in Double.random(in: 0...100, using: &random) }
  }

  @Test(arguments: [
    // Times: 1 ns to an hour (RecordedTimes); distances: 0 to 10¹⁴ units (RecordedDistances).
    (lowest: UInt64(1), highest: UInt64(3_600_000_000_000)),
    (lowest: UInt64(1), highest: UInt64(100_000_000_000_000)),
  ])
  func walkingFromTheMinimumGivesThePackagesPercentile(lowest: UInt64, highest: UInt64) {
    var random = SeededGenerator(seed: highest)  // The synthesizer's own SplitMix64.
    for round in 0..<100 {
      var histogram = Histogram<UInt64>(
        lowestDiscernibleValue: lowest, highestTrackableValue: highest,
        numberOfSignificantValueDigits: .three)
      let count = round % 10 == 0 ? 1 : Int.random(in: 1...400, using: &random)
      // Clustered values (frame times around a few milliseconds), spread ones, zeros, the maximum.
      let centre = UInt64.random(in: 0...(highest / 1000), using: &random)
      for _ in 0..<count {
        let value: UInt64
        switch Int.random(in: 0..<10, using: &random) {
        case 0: value = 0
        case 1: value = highest
        case 2: value = UInt64.random(in: 0...highest, using: &random)
        default: value = centre &+ UInt64.random(in: 0...(centre / 4 + 10), using: &random)
        }
        _ = histogram.record(
          Swift.min(value, highest), count: UInt64.random(in: 1...3, using: &random))
      }
      let percentiles = Self.percentiles(using: &random)
      for p in percentiles {
        #expect(
          histogram.percentileFromMinimum(p) == histogram.valueAtPercentile(p),
          "round \(round), percentile \(p)")
      }
      // Three at once, in any order, from one walk: each the package's own.
      for first in percentiles.indices {
        let (a, b, c) = (
          percentiles[first], percentiles[(first + 5) % percentiles.count],
          percentiles[(first + 11) % percentiles.count]
        )
        let walked = histogram.percentilesFromMinimum(a, b, c)
        #expect(
          [walked.0, walked.1, walked.2]
            == [a, b, c].map { histogram.valueAtPercentile($0) },
          "round \(round), percentiles \(a), \(b), \(c)")
      }
    }
  }
}
