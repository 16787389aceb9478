// Chrome's predictor jank against Chromium's own cases (`cc/metrics/predictor_jank_tracker_unittest.cc`),
// and the smoothness analyzer's deltas: the scroll's axis, pixels, frames at rest.

import Analyze
import Replay
import TestSupport
import Testing
import TraceIngest

@Suite struct PredictorJankTests {
  static func jank(_ deltas: [Double]) -> PredictorJank {
    var jank = PredictorJank()
    for delta in deltas { jank.record(delta: delta) }
    return jank
  }

  /// `BasicNonMissedUpperJankCase` and its slow and lower kin: (50 / 10 − 1.2) and (5 / 1 − 1.4).
  @Test func chromiumsBasicCases() {
    let upper = Self.jank([10, 50, 10])
    #expect(upper.janky == 1 && upper.frames == 3)
    #expect(abs(upper.worstJankyValue - 3.8) < 1e-12)
    let slow = Self.jank([1, 5, 1])
    #expect(slow.janky == 1)
    #expect(abs(slow.worstJankyValue - 3.6) < 1e-12)
    let lower = Self.jank([50, 10, 50])
    #expect(lower.janky == 1)
    #expect(abs(lower.worstJankyValue - 3.8) < 1e-12)
  }

  /// `NegativeNoJankFrame`, `PositiveNoJankFrame`, `NoReportingDirectionChange`.
  @Test func steadyOrTurningSequencesAreNotJanky() {
    #expect(Self.jank([-10, -5, -1]).janky == 0)
    #expect(Self.jank([10, 5, 1]).janky == 0)
    #expect(Self.jank([50, -100, 50]).janky == 0)
  }

  /// `VerifySqlPredictorJank`: 10, 50, 11, 55 has two janky frames, each 3.34545 past 1.2.
  @Test func chromiumsUpperThenLowerCase() {
    let jank = Self.jank([10, 50, 11, 55])
    #expect(jank.janky == 2)
    #expect(abs(jank.worstJankyValue - (50.0 / 11 - 1.2)) < 1e-12)
    #expect(abs(jank.worstJankyValue - 3.34545) < 1e-5)
  }

  /// `JankyFramePercentageEmitted` and `…EmittedTwice`: the pattern 50, 50, 50, 50, 10 from its
  /// second element; Chrome emits 18 % for the first 64 frames and 20 % for the next 64.
  @Test func chromiumsWindowsOfSixtyFour() {
    let pattern: [Double] = [50, 50, 50, 50, 10]
    let one = Self.jank((1...64).map { pattern[$0 % 5] })
    #expect(one.windows == 1)
    #expect(Int(one.worstWindowPercentage) == 18)
    let two = Self.jank((1...128).map { pattern[$0 % 5] })
    #expect(two.windows == 2)
    #expect(Int(100 * Double(two.janky - one.janky) / 64) == 20)
    #expect(Int(two.worstWindowPercentage) == 20)
    let short = Self.jank((1...63).map { pattern[$0 % 5] })
    #expect(short.windows == 0 && short.worstWindowPercentage == 0)
  }

  /// `JankyFramePercentageEmittedWhenReset`: a reset mid-window leaves the window's count.
  @Test func aResetKeepsTheWindow() {
    let pattern: [Double] = [50, 50, 50, 50, 10]
    var jank = PredictorJank()
    for i in 1...64 {
      jank.record(delta: pattern[i % 5])
      if i == 25 { jank.reset() }
    }
    #expect(jank.windows == 1)
    #expect(Int(jank.worstWindowPercentage) == 18)
  }

  /// The slow threshold (1.4) holds while the largest delta is at most 7 pixels, the fast one (1.2)
  /// above; a ratio equal to the threshold is janky (Chrome's `>=`).
  @Test func theThresholdSwitchesAtSevenPixels() {
    #expect(Self.jank([5, 7, 5]).janky == 1)  // 1.4, slow: janky at exactly the threshold
    #expect(Self.jank([5, 6.9, 5]).janky == 0)
    #expect(Self.jank([8, 9.5, 8]).janky == 0)
    #expect(Self.jank([8, 9.6, 8]).janky == 1)  // 1.2 exactly
  }

  /// The analyzer: deltas along the axis the content scrolls on, in pixels (points × scale); a
  /// frame that does not move ends the sequence.
  @Test func theAnalyzerTakesPixelsAlongTheScrollAxis() {
    func frames(_ offsets: [Double], horizontal: Bool) -> [ReplayFrame] {
      offsets.enumerated().map { index, offset in
        ReplayFrame(
          index: Int64(index), time: Int64(index) * 16_666_667,
          contentOffset: horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset),
          boundsSize: Size(width: 390, height: 844),
          contentSize: horizontal ? Size(width: 9000, height: 844) : Size(width: 390, height: 9000),
          adjustedContentInset: EdgeInsets(), phase: .dragging, velocity: .zero, isTracking: true)
      }
    }
    // Steps of 2, 3, 2 points are 6, 9, 6 pixels at scale 3: a fast scroll, 1.5 ≥ 1.2, janky.
    // Steps of 2, 2.5, 2 points: at scale 1 a slow scroll, 1.25 < 1.4, smooth; at scale 3 (6, 7.5,
    // 6 pixels) a fast one, 1.25 ≥ 1.2, janky.
    for horizontal in [false, true] {
      var analyzer = SmoothnessAnalyzer(scale: 3)
      for frame in frames([0, 2, 5, 7], horizontal: horizontal) { analyzer.consume(frame) }
      #expect(analyzer.summary.model.janky == 1 && analyzer.summary.model.frames == 3)
      #expect(analyzer.summary.device == nil)
    }
    var one = SmoothnessAnalyzer(scale: 1)
    for frame in frames([0, 2, 4.5, 6.5], horizontal: false) { one.consume(frame) }
    #expect(one.summary.model.janky == 0)
    var three = SmoothnessAnalyzer(scale: 3)
    for frame in frames([0, 2, 4.5, 6.5], horizontal: false) { three.consume(frame) }
    #expect(three.summary.model.janky == 1)
    // A still frame in between: 2, 3 | 0 | 3, 2 — no three moving frames in a row.
    var still = SmoothnessAnalyzer(scale: 3)
    for frame in frames([0, 2, 5, 5, 8, 10], horizontal: false) { still.consume(frame) }
    #expect(still.summary.model.janky == 0 && still.summary.model.frames == 4)
  }
}
