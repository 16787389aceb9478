// scrolltrace — a binary search over sorted times, for the importers that join records by time.

extension Array {
  /// The first index whose element satisfies `predicate`, which is false and then true across
  /// the array (a binary search).
  func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
