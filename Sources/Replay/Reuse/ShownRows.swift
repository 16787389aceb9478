// scrolltrace — the rows of a list that have views, as one run.

import DequeModule

/// The rows of a list that have views, and each row's view: a container's child list, a
/// self-sizing column.
///
/// A child list shows the rows that intersect its frame, so the rows with views are always one
/// run of consecutive rows: a range and a deque of views, not a dictionary. Showing another range
/// touches only the rows that leave or arrive, so a layout pass costs O(rows that change), not
/// O(rows shown) lookups and a sort, however many rows a frame shows.
struct ShownRows: Sendable {
  /// The rows with views.
  private(set) var rows: Range<Int> = 0..<0
  /// The view of each row of ``rows``, in row order.
  private var views: Deque<Int> = []
  /// The views of rows arriving below the kept ones, in row order: kept to reuse its storage.
  private var arriving: [Int] = []

  /// The number of rows with views.
  var count: Int { rows.count }

  /// Shows the rows of `wanted` and no others.
  ///
  /// `enqueue` gets the view of each row that leaves, in
  /// row order, before `dequeue` is asked for the view of each row that arrives, in row order: the
  /// order in which a table view gives back the cells that scrolled off and then asks its data
  /// source for the new ones.
  mutating func show(_ wanted: Range<Int>, enqueue: (Int) -> Void, dequeue: (Int) -> Int) {
    // Most passes of a scroll change nothing: the same rows stay.
    if wanted == rows { return }
    let kept = rows.clamped(to: wanted)
    guard !kept.isEmpty else {
      hideAll(enqueue: enqueue)
      for row in wanted { views.append(dequeue(row)) }
      rows = wanted
      return
    }
    // Rows leaving below the kept ones, then above them.
    for _ in rows.lowerBound..<kept.lowerBound { if let view = views.popFirst() { enqueue(view) } }
    let above = rows.upperBound - kept.upperBound
    for view in views.suffix(above) { enqueue(view) }
    views.removeLast(above)
    // Rows arriving below the kept ones (asked for in row order, then put in front in one go),
    // then above them.
    if wanted.lowerBound < kept.lowerBound {
      arriving.removeAll(keepingCapacity: true)
      for row in wanted.lowerBound..<kept.lowerBound { arriving.append(dequeue(row)) }
      views.prepend(contentsOf: arriving)
    }
    for row in kept.upperBound..<wanted.upperBound { views.append(dequeue(row)) }
    rows = wanted
  }

  /// Moves the rows with views by `delta` rows, each keeping its view: the same items, now at other
  /// indexes (after an insert or delete above them).
  mutating func shift(by delta: Int) {
    guard delta != 0, !rows.isEmpty else { return }
    rows = (rows.lowerBound + delta)..<(rows.upperBound + delta)
  }

  /// Gives back the view of `row` and dequeues another for it: a reloaded item gets a new cell.
  mutating func replace(_ row: Int, enqueue: (Int) -> Void, dequeue: (Int) -> Int) {
    guard rows.contains(row) else { return }
    let position = row - rows.lowerBound
    enqueue(views[position])
    views[position] = dequeue(row)
  }

  /// Takes every view back: `enqueue` gets each, in row order.
  mutating func hideAll(enqueue: (Int) -> Void) {
    for view in views { enqueue(view) }
    views.removeAll(keepingCapacity: true)
    rows = 0..<0
  }

  /// The views shown, in ascending order of view number.
  var viewsInCreationOrder: [Int] { views.sorted() }
}
