// scrolltrace — how the self-sizing engine sizes items, moves the offset and shows cells.

import TraceCore

extension SelfSizingEngine {
  var length: Double { column.contentLength }

  func viewport(of scrollView: ScrollView) -> SelfSizingViewport {
    let insets = scrollView.geometry.adjustedContentInset
    return SelfSizingViewport(
      boundsMinY: scrollView.contentOffset.y, boundsHeight: scrollView.geometry.boundsSize.height,
      topInset: insets.top, bottomInset: insets.bottom,
      // The tolerance is one pixel: its inverse is the display's scale.
      displayScale: 1 / scrollView.configuration.tolerance.distance,
      isDragging: scrollView.isDragging, isDecelerating: scrollView.isDecelerating)
  }

  /// Sizes the unsized items of the prepared rect in index order, answering each as the policy
  /// says; returns whether the layout left one out of this pass
  /// (``SelfSizingPolicy/laysOut(_:in:_:)``).
  mutating func sizeItems(_ scrollView: inout ScrollView) -> Bool {
    var leftOut = false
    let behavior = scrollView.configuration.uikit
    let margin = max(behavior.preparedMargin, 0)
    var budget = max(behavior.maximumItemsSizedPerPass, 0)
    // The items of every row the walk below could pass (the prepared rect, a little wider):
    // when a pass found them all sized and nothing changed since, the walk would do nothing.
    let top = scrollView.contentOffset.y - margin
    let bottom = scrollView.contentOffset.y + scrollView.geometry.boundsSize.height + margin
    let slack = 1e-3 * max(1, abs(top), abs(bottom))
    let prepared = preparedRows.indexes(in: column, intersecting: top - slack, bottom + slack)
    if let sizedItems, sizedItems.generation == column.generation,
      sizedItems.items.lowerBound <= prepared.lowerBound,
      prepared.upperBound <= sizedItems.items.upperBound
    {
      return false
    }
    defer {
      if column.entries[prepared].allSatisfy(\.isSized) {
        sizedItems = (column.generation, prepared)
      }
    }
    // One walk down the prepared rect, row by row, started again from its top only when the offset
    // moved: a pass costs the items it passes, however many of them have no length.
    var offset = scrollView.contentOffset.y
    var index = column.firstIndex(endingAfter: offset - margin)
    var rowStart = column.start(of: index)
    while budget > 0, index < column.count,
      rowStart < offset + scrollView.geometry.boundsSize.height + margin
    {
      if !column.entries[index].isSized,
        !policy.laysOut(index, in: column, viewport(of: scrollView))
      {
        leftOut = true
      } else if !column.entries[index].isSized {
        budget -= 1
        let sized = index
        resize(sized, to: column.entries[sized].item.length, &scrollView) { $0.size(sized) }
        if scrollView.contentOffset.y != offset {
          offset = scrollView.contentOffset.y
          index = column.firstIndex(endingAfter: offset - margin)
          rowStart = column.start(of: index)
          continue
        }
      }
      // The row's height once its items so far are sized.
      if column.endsRow(index) { rowStart += column.rowLength(of: index) }
      index += 1
    }
    return leftOut
  }

  /// Changes item `index` to `length` with `change`, moving the offset as the policy answers.
  mutating func resize(
    _ index: Int, to length: Double, _ scrollView: inout ScrollView,
    _ change: (inout SelfSizingColumn) -> Void
  ) {
    let viewport = viewport(of: scrollView)
    var adjustment = 0.0
    switch policy.compensation(resizing: index, to: length, in: column, viewport) {
    case .none:
      change(&column)
    case .offsetBy(let points):
      change(&column)
      adjustment = points
    case .keeping(let anchor):
      let before = anchor.yOffset(in: column, viewport)
      change(&column)
      adjustment = anchor.yOffset(in: column, viewport) - before
    }
    work.framesSet += 1
    scrollView.setContentSize(
      Size(width: scrollView.geometry.boundsSize.width, height: column.contentLength))
    if adjustment != 0, adjustment.isFinite { scrollView.contentOffset.y += adjustment }
  }

  /// Keeps the cells of the items shown before an update that are still there, in the same order
  /// — UIKit moves a cell with its item — and gives a reloaded one a new cell
  /// (`reloadItems(at:)`); gives every cell back otherwise, and at a `reloadData`.
  ///
  /// `shownIDs` are the identities of the items shown before the update, of the `countBefore`
  /// items the list held then.
  mutating func keepViews(_ shownIDs: [Int], of countBefore: Int, except edit: SceneEdit) {
    let rows = shown.rows
    var reloaded: [Int] = []
    switch edit {
    case .batchUpdate(let update):
      reloaded = update.reloads.map(\.index).filter { rows.contains($0) && $0 < countBefore }
    case .reloadData:
      shown.hideAll { pool.enqueue($0) }
      return
    default:
      break
    }
    guard !rows.isEmpty, rows.upperBound <= countBefore, shownIDs.count == rows.count,
      let first = column.index(ofID: shownIDs[0], near: rows.lowerBound),
      first + rows.count <= column.count,
      shownIDs.indices.allSatisfy({ column.entries[first + $0].id == shownIDs[$0] })
    else {
      shown.hideAll { pool.enqueue($0) }
      return
    }
    let delta = first - rows.lowerBound
    shown.shift(by: delta)
    for index in reloaded {
      shown.replace(
        index + delta, enqueue: { pool.enqueue($0) },
        dequeue: { pool.dequeueConfigured(column.entries[$0].item.reuseIdentifier) })
    }
  }

  /// Shows the visible items, dequeuing a cell for each that arrives.
  mutating func layOut(_ scrollView: inout ScrollView) {
    let top = scrollView.contentOffset.y
    let visible = visibleRows.indexes(
      in: column, intersecting: top, top + scrollView.geometry.boundsSize.height)
    shown.show(
      visible, enqueue: { pool.enqueue($0) },
      dequeue: { pool.dequeueConfigured(column.entries[$0].item.reuseIdentifier) })
  }

  mutating func rebuild(from scene: SceneContent) {
    if case .list(let items) = scene.scene.layout {
      // The new column's generations go on from the old one's: what was kept of the old one
      // (``ReportedItems``, ``RowRangeMemo``) matches none of them.
      var fresh = SelfSizingColumn(items)
      fresh.generation = column.generation &+ 1
      column = fresh
    }
  }
}
