// scrolltrace — how abruptly the content's acceleration changes from frame to frame.

/// The jerk of the content's motion: the rate at which its acceleration changes, from each four
/// consecutive offsets along the scroll's axis and their times, in points per second cubed.
///
/// The jerk of four samples is six times their third divided difference,
/// `6 · x[t0, t1, t2, t3]`: exact for a motion whose jerk is constant (a cubic), on frames evenly
/// spaced or not, so a dropped frame stretches the interval without inventing jerk. A smooth
/// deceleration has a small, steadily shrinking jerk (the scroll model's, whose velocity decays as
/// `v0 · rate^(1000t)` with UIKit's documented `decelerationRate` per millisecond, 0.998 normal —
/// docs/scroll-model.md: `v0 · k² · e^(−kt)` with `k = 1000 · ln(1 / rate)`, about 12,000 pt/s³ at
/// 3,000 pt/s); a frame that moves further or less far than its neighbours has a large one,
/// whatever the frame rate.
///
/// As ``PredictorJank``, only frames that moved count: a frame that did not move ends the
/// sequence, so a list at rest adds nothing and the figures describe motion only.
/// ``rootMeanSquare`` is the typical jerk of the motion, ``largest`` the worst.
public struct OffsetJerk: Sendable, Hashable {
  /// Jerk figures taken: one per frame that moved after three others that did.
  public private(set) var samples = 0
  /// The largest jerk's magnitude, in points per second cubed (0 without a sample).
  public private(set) var largest = 0.0
  /// The sum of the squared jerks, in (pt/s³)².
  private var sumOfSquares = 0.0
  /// The last three offsets, in points, oldest first, and their times, in nanoseconds; the last
  /// `held` of them are in the sequence.
  private var x0 = 0.0, x1 = 0.0, x2 = 0.0
  private var t0: Int64 = 0, t1: Int64 = 0, t2: Int64 = 0
  private var held = 0

  /// No frames yet.
  public init() {}

  /// The root mean square of the jerks, in points per second cubed (0 without a sample).
  public var rootMeanSquare: Double {
    samples > 0 ? (sumOfSquares / Double(samples)).squareRoot() : 0
  }

  /// Takes the next frame's offset along the scroll's axis, in points, at `time` in nanoseconds.
  ///
  /// An offset equal to the last one, or a time not after the last one's, ends the sequence and
  /// starts the next.
  public mutating func record(offset: Double, at time: Int64) {
    guard offset.isFinite else { return reset() }
    guard held > 0, offset != x2, time > t2 else {
      (x2, t2, held) = (offset, time, 1)
      return
    }
    if held == 3 {
      let jerk = 6 * Self.thirdDividedDifference((x0, x1, x2, offset), (t0, t1, t2, time))
      if jerk.isFinite {
        samples += 1
        sumOfSquares += jerk * jerk
        largest = max(largest, abs(jerk))
      }
    } else {
      held += 1
    }
    (x0, x1, x2) = (x1, x2, offset)
    (t0, t1, t2) = (t1, t2, time)
  }

  /// Ends the sequence: the next three frames have nothing before them to be compared with.
  public mutating func reset() { held = 0 }

  /// Adds another replay's figures.
  public mutating func merge(_ other: OffsetJerk) {
    samples += other.samples
    sumOfSquares += other.sumOfSquares
    largest = max(largest, other.largest)
  }

  /// `x[t0, t1, t2, t3]` of four offsets (points) at increasing times (nanoseconds), in points
  /// per second cubed.
  static func thirdDividedDifference(
    _ x: (Double, Double, Double, Double), _ t: (Int64, Int64, Int64, Int64)
  ) -> Double {
    // Seconds from the first time: differences of at most a trace's span, exact in a Double.
    let s1 = Double(t.1 &- t.0) / 1e9
    let s2 = Double(t.2 &- t.0) / 1e9
    let s3 = Double(t.3 &- t.0) / 1e9
    let d01 = (x.1 - x.0) / s1
    let d12 = (x.2 - x.1) / (s2 - s1)
    let d23 = (x.3 - x.2) / (s3 - s2)
    let d012 = (d12 - d01) / s2
    let d123 = (d23 - d12) / (s3 - s1)
    return (d123 - d012) / s3
  }
}
