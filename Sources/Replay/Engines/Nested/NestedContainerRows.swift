// scrolltrace — the rows of a container's child list inside a range: searched, or walked from the
// previous pass's rows.

extension NestedContainerEngine {
  /// The rows of list `index` that intersect `lower..<upper` (child content coordinates, points): a binary
  /// search for the first, then a walk to the last.
  ///
  /// O(log n + rows shown). A plain view has no rows.
  func rows(of index: Int, from lower: Double, to upper: Double) -> Range<Int> {
    // `lower < upper` is false for NaN too: non-finite geometry (hostile input) shows no rows.
    guard lower < upper else { return 0..<0 }
    let low = Self.firstRow(in: rowEnds[index], endingAfter: lower)
    let starts = rowStarts[index]
    var end = low
    while end < starts.count, starts[end] < upper { end += 1 }
    return low..<end
  }

  /// The rows of list `index` that intersect `lower..<upper`, as ``rows(of:from:to:)`` gives them,
  /// found from `near`: the rows of the previous pass, which a scroll moves by a row or two.
  ///
  /// Each bound walks from the previous one past the rows that entered or left (at most
  /// ``nearbyRows``; a jump farther searches as ``rows(of:from:to:)`` does). Rows' starts and
  /// ends never decrease (lengths are finite and not negative), so a bound found by walking is
  /// the bound found by searching.
  func rows(of index: Int, from lower: Double, to upper: Double, near: Range<Int>) -> Range<Int> {
    guard lower < upper else { return 0..<0 }
    let starts = rowStarts[index]
    let ends = rowEnds[index]
    guard !near.isEmpty, near.upperBound <= starts.count else {
      return rows(of: index, from: lower, to: upper)
    }
    // The first row that ends after `lower`.
    var low = near.lowerBound
    var steps = 0
    if ends[low] > lower {
      while low > 0, ends[low - 1] > lower {
        low -= 1
        steps += 1
        if steps > Self.nearbyRows { return rows(of: index, from: lower, to: upper) }
      }
    } else {
      while low < ends.count, ends[low] <= lower {
        low += 1
        steps += 1
        if steps > Self.nearbyRows { return rows(of: index, from: lower, to: upper) }
      }
    }
    // The first row from `low` on that starts at or after `upper`.
    var end = max(near.upperBound, low)
    steps = 0
    if end > low, starts[end - 1] >= upper {
      while end > low, starts[end - 1] >= upper {
        end -= 1
        steps += 1
        if steps > Self.nearbyRows { return rows(of: index, from: lower, to: upper) }
      }
    } else {
      while end < starts.count, starts[end] < upper {
        end += 1
        steps += 1
        if steps > Self.nearbyRows { return rows(of: index, from: lower, to: upper) }
      }
    }
    return low..<end
  }

  /// How far the bounds of a pass's rows walk from the previous pass's before searching instead.
  static let nearbyRows = 16

  /// The first row whose end (ascending) is after `lower`: a binary search.
  private static func firstRow(in ends: [Double], endingAfter lower: Double) -> Int {
    var low = 0
    var high = ends.count
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] <= lower { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
