// The measured side's noise intervals against published values (Newcombe's Wilson interval,
// Campbell and Gardner's ranks for a median), and their coverage on simulated recordings: a 95 %
// interval holds the truth about 95 times in 100.

import Foundation
import Testing
import TraceIngest

@testable import Analyze

@Suite struct SamplingIntervalTests {
  /// Newcombe 1998, table I: 81 of 263 gives Wilson's 0.2553 to 0.3662; 0 of 10, 0 to 0.2775.
  @Test func wilsonsIntervalAsNewcombePublishedIt() throws {
    let interval = try #require(SamplingInterval.count(81, of: 263))
    #expect(abs(interval.lowerBound / 263 - 0.2553) < 5e-5)
    #expect(abs(interval.upperBound / 263 - 0.3662) < 5e-5)
    let none = try #require(SamplingInterval.count(0, of: 10))
    #expect(none.lowerBound == 0 && abs(none.upperBound / 10 - 0.2775) < 5e-5)
    #expect(SamplingInterval.count(1, of: 0) == nil && SamplingInterval.count(3, of: 2) == nil)
  }

  /// Campbell and Gardner 1988: the median of 100 values lies between the 40th and the 61st; a
  /// single value is its own interval; a largest is judged by the five largest.
  @Test func quantileRanksAsCampbellAndGardnerGiveThem() {
    #expect(SamplingInterval.quantileRanks(0.5, of: 100) == 40...61)
    #expect(SamplingInterval.quantileRanks(0.99, of: 1) == 1...1)
    #expect(SamplingInterval.quantileRanks(0.99, of: 1000) == 984...997)
    #expect(SamplingInterval.maximumRanks(of: 3) == 1...3)
    #expect(SamplingInterval.maximumRanks(of: 600) == 596...600)
    #expect(SamplingInterval.quantileRanks(0.5, of: 0) == nil)
  }

  /// Frame times drawn from a long-tailed distribution whose quantiles are known (a log-normal
  /// around 6 ms): over 400 recordings of 600 frames, each quantile's interval holds the true
  /// quantile at about its stated rate (95 %, with the histogram's rounding and the rank
  /// rounding's slack: at least 93 %), and two recordings' intervals overlap nearly always.
  @Test func intervalsCoverTheTruthAtTheirRate() throws {
    var random = SeededGenerator(seed: 50)
    let (mu, sigma) = (log(6e6), 0.35)
    func quantile(_ p: Double, z: Double) -> Double { exp(mu + sigma * z) }
    let truths = [
      (0.5, quantile(0.5, z: 0)), (0.9, quantile(0.9, z: 1.281_552)),
      (0.99, quantile(0.99, z: 2.326_348)),
    ]
    var covered = [0, 0, 0]
    var overlapping = 0
    let recordings = 400
    var previous: ClosedRange<Double>?
    for _ in 0..<recordings {
      var times = RecordedTimes()
      for _ in 0..<600 { times.record(UInt64(exp(mu + sigma * random.gaussian()))) }
      for (index, (p, truth)) in truths.enumerated() {
        let ranks = try #require(SamplingInterval.quantileRanks(p, of: times.count))
        let low = Double(times.value(atRank: ranks.lowerBound))
        let high = Double(times.value(atRank: ranks.upperBound))
        // The histogram keeps 3 significant digits: a value is its bucket's, within 0.1 %.
        if low * 0.999 <= truth && truth <= high * 1.001 { covered[index] += 1 }
        if p == 0.99 {
          if let previous, previous.overlaps(low...high) { overlapping += 1 }
          previous = low...high
        }
      }
    }
    for count in covered { #expect(Double(count) / Double(recordings) >= 0.93, "\(covered)") }
    #expect(Double(overlapping) / Double(recordings - 1) >= 0.99, "\(overlapping)")
  }

  /// A sum of per-frame contributions: the sum ± 1.96 √Σx², never below 0.
  @Test func aSumsIntervalFollowsItsSquares() {
    let interval = SamplingInterval.sum(30, squares: 100)
    #expect(abs(interval.lowerBound - (30 - 19.59964)) < 1e-9)
    #expect(abs(interval.upperBound - (30 + 19.59964)) < 1e-9)
    #expect(SamplingInterval.sum(5, squares: 100).lowerBound == 0)
  }
}
