// scrolltrace — a histogram's percentile, walked from its lowest recorded value.

internal import Histogram

extension Histogram where Count == UInt64 {
  /// The value at percentile `p` (0–100): exactly what `valueAtPercentile(_:)` returns, found by
  /// walking the buckets from the one holding the lowest recorded value, not from the first.
  ///
  /// `valueAtPercentile(_:)` adds up every bucket from value 0: for frame times of a few
  /// milliseconds in a 1 ns … 1 h histogram of 3 significant digits, some 24,000 buckets (about
  /// 1.5 M instructions) for each percentile of each summary, more than replaying a short trace.
  /// The buckets below the lowest recorded value are empty, so the walk starts there and visits
  /// only the buckets between it and the answer (a few hundred for frame times). The rounding of
  /// the count at the percentile and the clamping of the answer are the package's (Histogram.swift,
  /// `valueAtPercentile`); `HistogramPercentileTests` compares both on random histograms.
  func percentileFromMinimum(_ p: Double) -> UInt64 {
    guard p != 0.0 else { return self.min }
    guard p < 100.0 else { return maxRecorded }
    let requested = Swift.min(Swift.max(p.nextDown, 0.0), 100.0)
    let countAtPercentile = Swift.max(
      1, UInt64((requested * Double(totalCount) / 100.0).rounded(.up)))
    let highest = maxRecorded
    var value = lowestEquivalentForValue(self.min)
    var total: UInt64 = 0
    // Every bucket up to the highest recorded value's, in order: the next bucket starts one past
    // this one's highest equivalent value.
    while value <= highest {
      total &+= countForValue(value)
      let top = highestEquivalentForValue(value)
      if total >= countAtPercentile { return Swift.max(Swift.min(top, highest), self.min) }
      guard top < highest else { break }
      value = top + 1
    }
    return 0
  }
}
