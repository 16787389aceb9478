// scrolltrace — the median of some values.

extension Collection where Element == Double {
  /// The median (the mean of the two middle values of an even count); `nil` for none.
  package var median: Double? {
    guard !isEmpty else { return nil }
    let sorted = self.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
