// scrolltrace — how a self-sizing column groups its items into rows, and how tall each row is.

import TraceCore

extension SelfSizingColumn {
  /// Whether item `index` joins the row of the item before it, whose row starts at `first`: the
  /// same divisor N above 1, and fewer than N items in that row so far.
  func joinsRow(_ index: Int, rowStartingAt first: Int) -> Bool {
    let divisor = entries[index].item.widthDivisor
    return index > 0 && divisor > 1 && entries[index - 1].item.widthDivisor == divisor
      && index - first < divisor
  }

  /// Lays every item out in rows again, each at its laid-out length.
  mutating func layOutRows() {
    // One pass for the common list, every item in a row of its own; the rows are grouped only when
    // an item shares one.
    var single: [Double] = []
    single.reserveCapacity(entries.count)
    for index in entries.indices {
      guard !entries[index].item.sharesRow else { return layOutSharedRows() }
      single.append(Self.laidOutLength(entries[index]))
    }
    sharedRows = nil
    lengths = PrefixSums(single)
  }

  /// Lays every item out in rows again when some items share a row.
  private mutating func layOutSharedRows() {
    var rows = SharedRows(firstItems: [], rowOfItem: [])
    rows.rowOfItem.reserveCapacity(entries.count)
    var heights: [Double] = []
    for index in entries.indices {
      let length = Self.laidOutLength(entries[index])
      if let first = rows.firstItems.last, joinsRow(index, rowStartingAt: first),
        let last = heights.indices.last
      {
        heights[last] = max(heights[last], length)
      } else {
        rows.firstItems.append(index)
        heights.append(length)
      }
      rows.rowOfItem.append(rows.firstItems.count - 1)
    }
    sharedRows = rows
    lengths = PrefixSums(heights)
  }

  /// Places the last item: in the last row if it joins it, in a row of its own otherwise.
  mutating func placeLastItem() {
    let index = entries.count - 1
    let joins = joinsRow(index, rowStartingAt: firstItem(ofRow: lengths.count - 1))
    if sharedRows == nil {
      guard joins else {
        lengths.append(Self.laidOutLength(entries[index]))
        return
      }
      // The first item to share a row: every row so far holds one item.
      let rows = Array(0..<index)
      sharedRows = SharedRows(firstItems: rows, rowOfItem: rows)
    }
    if joins {
      sharedRows?.rowOfItem.append(lengths.count - 1)
      setRowLength(ofRowContaining: index)
    } else {
      sharedRows?.firstItems.append(index)
      sharedRows?.rowOfItem.append(lengths.count)
      lengths.append(Self.laidOutLength(entries[index]))
    }
  }

  /// Sets the height of item `index`'s row to its tallest item's laid-out length.
  mutating func setRowLength(ofRowContaining index: Int) {
    let row = row(of: index)
    var height = 0.0
    for item in firstItem(ofRow: row)..<firstItem(ofRow: row + 1) {
      height = max(height, Self.laidOutLength(entries[item]))
    }
    lengths.set(height, at: row)
  }
}
