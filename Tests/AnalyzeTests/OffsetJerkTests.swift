// The jerk of the content's motion against motions whose jerk is known in closed form: a cubic
// (constant jerk) on even and uneven frames, uniform motion and constant deceleration (none), and
// UIKit's exponential deceleration.

import Analyze
import Foundation
import Replay
import Testing
import TraceIngest

@Suite struct OffsetJerkTests {
  static func jerk(_ samples: [(time: Int64, offset: Double)]) -> OffsetJerk {
    var jerk = OffsetJerk()
    for sample in samples { jerk.record(offset: sample.offset, at: sample.time) }
    return jerk
  }

  /// `x = c·t³` has jerk `6c` everywhere: exact on 60 Hz frames and on frames with drops.
  @Test func aCubicHasConstantJerkOnAnyFrames() {
    let c = 2_000.0  // pt/s³ · 1/6 of the jerk
    for times in [
      (0..<40).map { Int64($0) * 16_666_667 },
      [0, 8_333_333, 25_000_000, 33_333_333, 66_666_667, 75_000_000, 125_000_000, 133_333_333],
    ] {
      let jerk = Self.jerk(times.map { ($0, c * pow(Double($0) / 1e9 + 0.1, 3)) })
      #expect(jerk.samples == times.count - 3)
      #expect(abs(jerk.rootMeanSquare - 6 * c) < 1e-4 * 6 * c, "\(jerk.rootMeanSquare)")
      #expect(abs(jerk.largest - 6 * c) < 1e-4 * 6 * c)
    }
  }

  /// Constant speed and constant deceleration have no jerk.
  @Test func uniformMotionAndConstantDecelerationHaveNone() {
    let times = (0..<30).map { Int64($0) * 8_333_333 }
    let uniform = Self.jerk(times.map { ($0, 1_000 * Double($0) / 1e9) })
    let braking = Self.jerk(
      times.map {
        let t = Double($0) / 1e9
        return ($0, 2_000 * t - 1_500 * t * t)
      })
    for jerk in [uniform, braking] {
      #expect(jerk.samples == 27)
      #expect(jerk.largest < 1e-3, "\(jerk.largest)")
    }
  }

  /// UIKit's deceleration, `x = v0 / k · (1 − e^(−kt))` with `k = 1000 · ln(1 / 0.998)`, has jerk
  /// `v0 · k² · e^(−kt)`: about 12,000 pt/s³ at 3,000 pt/s, shrinking with the speed.
  @Test func uikitsDecelerationJerkShrinksWithTheSpeed() {
    let k = 1000 * log(1 / 0.998)
    let v0 = 3_000.0
    let times = (0..<4).map { Int64($0) * 16_666_667 }
    let jerk = Self.jerk(times.map { ($0, v0 / k * (1 - exp(-k * Double($0) / 1e9))) })
    // The divided difference is the jerk somewhere in the four frames' span (0 to 50 ms).
    let atStart = v0 * k * k
    let atEnd = atStart * exp(-k * 0.05)
    #expect(jerk.samples == 1)
    #expect(jerk.largest <= atStart && jerk.largest >= atEnd, "\(jerk.largest)")
    #expect(abs(atStart - 12_024) < 1)
  }

  /// A frame that did not move ends the sequence; it starts the next, as the predictor's reset.
  @Test func aStillFrameEndsTheSequence() {
    let times = (0..<9).map { Int64($0) * 16_666_667 }
    let offsets: [Double] = [0, 1, 3, 6, 6, 10, 15, 21, 28]
    let jerk = Self.jerk(zip(times, offsets).map { ($0, $1) })
    // 0, 1, 3, 6 gives one; 6 (still), 10, 15, 21 one; 10, 15, 21, 28 one.
    #expect(jerk.samples == 3)
    var merged = jerk
    merged.merge(jerk)
    #expect(merged.samples == 6 && merged.largest == jerk.largest)
    #expect(abs(merged.rootMeanSquare - jerk.rootMeanSquare) < 1e-9 * jerk.rootMeanSquare)
  }

  /// The analyzer takes the offsets along the scroll's axis, the model's every frame.
  @Test func theAnalyzerReportsTheModelsJerk() {
    var analyzer = SmoothnessAnalyzer(scale: 3)
    for index in 0..<10 {
      let t = Double(index) / 60
      analyzer.consume(
        ReplayFrame(
          index: Int64(index), time: Int64((t * 1e9).rounded()),
          contentOffset: Point(x: 0, y: 500 * t * t * t + 10),
          boundsSize: Size(width: 390, height: 844),
          contentSize: Size(width: 390, height: 9000), adjustedContentInset: EdgeInsets(),
          phase: .dragging, velocity: .zero, isTracking: true))
    }
    let summary = analyzer.summary
    #expect(summary.modelJerk.samples == 7 && summary.deviceJerk == nil)
    #expect(abs(summary.modelJerk.rootMeanSquare - 3_000) < 1)
  }
}
