// scrolltrace — an HDR histogram made at its first value.

internal import Histogram

/// An HDR histogram of 3 significant digits from 1 to a highest trackable value, made when the
/// first value is recorded: a report keeps about eight (frame times, estimates, the device's frame
/// times, fidelity errors), each of tens of thousands of counts that cost about 0.5 M instructions
/// to make, and a trace without observed frames never fills half of them.
///
/// Until then it holds a histogram of two counts, so that recording reads a stored histogram, not
/// an optional one (an optional's copy on every record cost more than the histogram saved). Its
/// answers are the histogram's own; an empty one answers 0.
struct LazyHistogram: Sendable {
  /// The highest value kept apart; larger values must be clamped to it by the caller.
  let highestTrackableValue: UInt64
  private var histogram = Histogram<UInt64>(
    lowestDiscernibleValue: 1, highestTrackableValue: 2, numberOfSignificantValueDigits: .zero)
  private var isMade = false

  /// An empty histogram of values up to `highestTrackableValue`.
  init(highestTrackableValue: UInt64) {
    self.highestTrackableValue = highestTrackableValue
  }

  /// Records `value` (at most ``highestTrackableValue``) `count` times.
  mutating func record(_ value: UInt64, count: UInt64 = 1) {
    if !isMade {
      histogram = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: highestTrackableValue,
        numberOfSignificantValueDigits: .three)
      isMade = true
    }
    _ = histogram.record(value, count: count)
  }

  /// Adds another histogram's values.
  mutating func add(_ other: LazyHistogram) {
    guard other.isMade else { return }
    if isMade {
      histogram.add(other.histogram)
    } else {
      histogram = other.histogram
      isMade = true
    }
  }

  /// The number of values recorded.
  var totalCount: UInt64 { isMade ? histogram.totalCount : 0 }

  /// The value at percentile `p` (0–100) (`Histogram.percentileFromMinimum(_:)`); 0 when empty.
  func percentile(_ p: Double) -> UInt64 { totalCount > 0 ? histogram.percentileFromMinimum(p) : 0 }

  /// The values at three percentiles (0–100) from one walk
  /// (`Histogram.percentilesFromMinimum(_:_:_:)`); zeros when empty.
  func percentiles(_ a: Double, _ b: Double, _ c: Double) -> (UInt64, UInt64, UInt64) {
    totalCount > 0 ? histogram.percentilesFromMinimum(a, b, c) : (0, 0, 0)
  }

  /// The highest value recorded, to the histogram's precision; 0 when empty.
  var max: UInt64 { totalCount > 0 ? histogram.max : 0 }
}
