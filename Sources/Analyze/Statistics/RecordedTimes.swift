// scrolltrace — times recorded for percentiles, and their exact mean.

/// Times in nanoseconds, from 1 ns to an hour: percentiles from an HDR histogram with 3
/// significant digits (exact to 0.1 % and deterministic), and the exact mean from their sum.
///
/// The mean is kept as a running sum rather than read from the histogram: `Histogram.mean` walks
/// every bucket of the 1 ns … 1 h range (tens of thousands), which cost more than a short trace's
/// whole replay (docs/performance.md), and it is the mean of bucket midpoints, not of the values.
struct RecordedTimes: Sendable {
  private var histogram = LazyHistogram(highestTrackableValue: RecordedTimes.maximum)
  private var sum: UInt64 = 0

  /// The longest time recorded, in nanoseconds (an hour); longer ones are recorded as this.
  static let maximum: UInt64 = 3_600_000_000_000

  /// No times yet.
  init() {}

  /// `nanoseconds` clamped to what is recorded: at least 1, at most ``maximum``.
  static func recordable(_ nanoseconds: UInt64) -> UInt64 {
    Swift.min(Swift.max(nanoseconds, 1), maximum)
  }

  /// `nanoseconds` rounded and clamped to what is recorded (NaN counts as the maximum).
  static func recordable(_ nanoseconds: Double) -> UInt64 {
    guard nanoseconds < Double(maximum) else { return maximum }
    return nanoseconds >= 1 ? UInt64(nanoseconds.rounded()) : 1
  }

  /// Records one time, in nanoseconds, clamped by ``recordable(_:)-(UInt64)``.
  mutating func record(_ nanoseconds: UInt64) {
    let value = Self.recordable(nanoseconds)
    histogram.record(value)
    sum &+= value
  }

  /// Records one time `count` times, as many calls of ``record(_:)`` would.
  mutating func record(_ nanoseconds: UInt64, count: UInt64) {
    guard count > 0 else { return }
    let value = Self.recordable(nanoseconds)
    histogram.record(value, count: count)
    sum &+= value &* count
  }

  /// Adds another set of times.
  mutating func add(_ other: RecordedTimes) {
    histogram.add(other.histogram)
    sum &+= other.sum
  }

  /// The number of times recorded.
  var count: Int { Int(histogram.totalCount) }

  /// The time at percentile `p` (0–100), in nanoseconds; 0 with no times.
  func percentile(_ p: Double) -> UInt64 { histogram.percentile(p) }

  /// The times at three percentiles (0–100), each as ``percentile(_:)`` gives it, from one walk of
  /// the histogram, in nanoseconds.
  func percentiles(_ a: Double, _ b: Double, _ c: Double) -> (UInt64, UInt64, UInt64) {
    histogram.percentiles(a, b, c)
  }

  /// The time of rank `rank` (1 is the shortest, ``count`` the longest), to the histogram's
  /// precision, in nanoseconds; 0 with no times.
  func value(atRank rank: Int) -> UInt64 {
    guard count > 0 else { return 0 }
    let rank = Swift.min(Swift.max(rank, 1), count)
    return rank == count ? max : percentile(100 * Double(rank) / Double(count))
  }

  /// The longest time (to the histogram's precision), in nanoseconds; 0 with no times.
  var max: UInt64 { histogram.max }

  /// The exact mean, in nanoseconds; 0 with no times.
  var mean: Double { count > 0 ? Double(sum) / Double(count) : 0 }
}
