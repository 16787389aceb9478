// scrolltrace — distances recorded for percentiles, to 1/10000 pt.

/// Distances in points, from 0 to 10¹⁰ pt, in units of 1/10000 pt (the report's precision):
/// percentiles from an HDR histogram with 3 significant digits (deterministic), and the exact
/// largest distance and mean beside it.
struct RecordedDistances: Sendable {
  private var histogram = LazyHistogram(highestTrackableValue: RecordedDistances.maximumUnits)
  private var sum = 0.0
  /// The largest distance recorded, in points (exact).
  private(set) var max = 0.0

  /// Units per point.
  static let unitsPerPoint = 10_000.0
  /// The largest distance kept apart in the histogram, in units (10¹⁰ pt); larger ones count as
  /// this in the percentiles (the maximum stays exact).
  static let maximumUnits: UInt64 = 100_000_000_000_000

  /// No distances yet.
  init() {}

  /// Records one distance, in points (a NaN counts as the largest).
  mutating func record(_ points: Double) {
    let units = points * Self.unitsPerPoint
    let value: UInt64 =
      units.isNaN || units >= Double(Self.maximumUnits)
      ? Self.maximumUnits : units > 0 ? UInt64(units.rounded()) : 0
    histogram.record(value)
    let finite = points.isNaN ? .infinity : Swift.max(0, points)
    sum += finite
    max = Swift.max(max, finite)
  }

  /// Adds another set of distances.
  mutating func add(_ other: RecordedDistances) {
    histogram.add(other.histogram)
    sum += other.sum
    max = Swift.max(max, other.max)
  }

  /// The number of distances recorded.
  var count: Int { Int(histogram.totalCount) }

  /// The distance at percentile `p` (0–100), in points; 0 with none.
  func percentile(_ p: Double) -> Double {
    Double(histogram.percentile(p)) / Self.unitsPerPoint
  }

  /// The mean, in points; 0 with none.
  var mean: Double { count > 0 ? sum / Double(count) : 0 }
}
