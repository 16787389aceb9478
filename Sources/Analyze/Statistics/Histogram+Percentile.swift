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
    percentilesFromMinimum(p, p, p).0
  }

  /// The values at three percentiles (0–100, in any order), each exactly what
  /// ``percentileFromMinimum(_:)`` returns, from one walk of the buckets: a summary's p50, p90 and
  /// p99 walked three times cost about 3 M instructions of a short replay.
  func percentilesFromMinimum(_ a: Double, _ b: Double, _ c: Double) -> (UInt64, UInt64, UInt64) {
    var answers: (UInt64?, UInt64?, UInt64?) = (edge(a), edge(b), edge(c))
    guard answers.0 == nil || answers.1 == nil || answers.2 == nil else {
      return (answers.0 ?? 0, answers.1 ?? 0, answers.2 ?? 0)
    }
    let counts = (countAtPercentile(a), countAtPercentile(b), countAtPercentile(c))
    let (lowest, highest) = (self.min, maxRecorded)
    var value = lowestEquivalentForValue(lowest)
    var total: UInt64 = 0
    // Every bucket up to the highest recorded value's, in order: the next bucket starts one past
    // this one's highest equivalent value.
    while value <= highest {
      total &+= countForValue(value)
      let top = highestEquivalentForValue(value)
      let answer = Swift.max(Swift.min(top, highest), lowest)
      if answers.0 == nil, total >= counts.0 { answers.0 = answer }
      if answers.1 == nil, total >= counts.1 { answers.1 = answer }
      if answers.2 == nil, total >= counts.2 { answers.2 = answer }
      if answers.0 != nil, answers.1 != nil, answers.2 != nil { break }
      guard top < highest else { break }
      value = top + 1
    }
    return (answers.0 ?? 0, answers.1 ?? 0, answers.2 ?? 0)
  }

  /// The answer at percentile `p` that needs no walk: the minimum at 0, the maximum from 100 (and
  /// for NaN).
  private func edge(_ p: Double) -> UInt64? {
    if p == 0.0 { return self.min }
    if !(p < 100.0) { return maxRecorded }
    return nil
  }

  /// How many values lie at or below percentile `p` (below 100), at least 1, rounded as the
  /// package rounds it (Histogram.swift, `valueAtPercentile`).
  private func countAtPercentile(_ p: Double) -> UInt64 {
    let requested = Swift.min(Swift.max(p.nextDown, 0.0), 100.0)
    return Swift.max(1, UInt64((requested * Double(totalCount) / 100.0).rounded(.up)))
  }
}
