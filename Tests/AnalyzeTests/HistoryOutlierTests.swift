// One run is never a change: a spike in a flat history is an outlier, the newest run alone off the
// level fails nothing, and a step is still found at its first build once a second run confirms it.

import Analyze
import Testing

@Suite struct HistoryOutlierTests {
  /// A series of `work.viewsCreated` (lower is better) with these values, one run a build.
  static func history(_ values: [Double]) -> [HistorySeries] {
    [
      HistorySeries(
        branch: "main", engine: "cardfeed@2", trace: "feed.sctrace", metric: "work.viewsCreated",
        points: values.enumerated().map {
          HistoryPoint(revision: "r\($0.offset)", time: Int64($0.offset), value: $0.element)
        })
    ]
  }

  /// Flat noise around 100 (seeded), from `ChangePointTests`' generator.
  static func flat(_ count: Int, seed: UInt64) -> [Double] {
    ChangePointTests.series(count: count, levels: [(0, 100)], noise: 2, seed: seed)
  }

  /// A spike on the newest build (E-divisive splits off that one run) is an outlier, not a
  /// regression that fails the nightly job; on the builds after it, back at the level, it stays an
  /// outlier, never a regression followed by an improvement.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func aSpikeIsAnOutlier(seed: UInt64) {
    var values = Self.flat(60, seed: seed)
    values[59] = 130
    let day = HistoryCheck().run(Self.history(values))
    #expect(!day.findings.isEmpty, "the spike is reported")
    #expect(
      day.findings.allSatisfy { $0.verdict == .outlier && $0.index == 59 }, "\(day.findings)")
    #expect(day.recentRegressions.isEmpty)
    for more in 1...3 {
      let later = HistoryCheck().run(
        Self.history(values + Array(Self.flat(10, seed: seed + 10).prefix(more))))
      #expect(later.findings.allSatisfy { $0.verdict == .outlier }, "\(later.findings)")
      #expect(later.recentRegressions.isEmpty)
    }
    // A deterministic metric's spike mid-series (4 views a frame, 9 on one build) is no change.
    var flat = Array(repeating: 4.0, count: 60)
    flat[30] = 9
    #expect(HistoryCheck().run(Self.history(flat)).findings.allSatisfy { $0.verdict == .outlier })
  }

  /// The newest run alone at a new level fails nothing; a second one there does.
  ///
  /// Alone, it is an outlier among the newest runs. With the second, the step is a regression at
  /// its first build, and the check fails.
  @Test func theNewestRunAloneFailsNothingAndTwoRunsDo() {
    let before = Self.flat(40, seed: 7)
    let one = HistoryCheck().run(Self.history(before + [130]))
    #expect(one.recentRegressions.isEmpty, "\(one.findings)")
    #expect(one.findings.allSatisfy { $0.verdict == .outlier && $0.index == 40 })
    let two = HistoryCheck().run(Self.history(before + [130, 131]))
    #expect(two.recentRegressions.map(\.index).contains(40), "\(two.findings)")
    #expect(two.findings.allSatisfy { $0.verdict == .regression && $0.index == 40 })
  }

  /// A step with a spike right before it is still a step, measured from the level before the
  /// spike: 4 views a frame, 9 on one build, then 6.
  @Test func aStepAfterASpikeIsMeasuredFromTheLevelBefore() {
    let values = Array(repeating: 4.0, count: 50) + [9] + Array(repeating: 6.0, count: 29)
    let result = HistoryCheck(methods: [.eDivisive]).run(Self.history(values))
    #expect(
      result.findings.contains { $0.verdict == .outlier && $0.index == 50 }, "\(result.findings)")
    let regression = result.findings.first { $0.verdict == .regression }
    #expect(regression?.index == 51, "\(result.findings)")
    #expect(regression?.before == 4 && regression?.after == 6)
  }
}
