// scrolltrace — the item ChatLayout keeps at its distance from the bottom across a batch update.

public import TraceCore

/// The item ekazaev/ChatLayout keeps still across a batch update when
/// `keepContentOffsetAtBottomOnBatchUpdates` is on (`StateController.ItemToRestore`): the last item
/// visible before the update, by its index in the list, and the distance of its bottom edge below
/// the bottom of the visible area.
///
/// The layout records it before the update (``recorded(in:_:)``), moves the index through the
/// update's deletes and inserts (``through(_:from:revealsInsertBelow:)``), and proposes the offset that
/// puts that index's bottom edge back at the distance (``targetContentOffset(in:_:)``). One list,
/// one section, no header or footer: the global index is the item's index.
public struct ChatItemToRestore: Sendable, Hashable {
  /// The item's index in the list (ChatLayout's `globalIndex`).
  public var index: Int
  /// How far the item's bottom edge lies below the bottom of the visible area, in points, rounded
  /// to a whole point as ChatLayout rounds it (`(frame.maxY - visibleBounds.maxY).rounded()`).
  public var offset: Double

  /// Creates an item to restore.
  public init(index: Int, offset: Double) {
    self.index = index
    self.offset = offset
  }

  /// The last item whose frame intersects the visible area — the bounds less the adjusted content
  /// insets (`visibleBounds`) — or nil when none does.
  public static func recorded(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> Self?
  {
    let top = viewport.boundsMinY + viewport.topInset
    let bottom = viewport.boundsMaxY - viewport.bottomInset
    // `CGRect.intersects`: the frames that only touch the area's edges are outside it.
    guard bottom > top, let last = column.indexes(intersecting: top, bottom).last else {
      return nil
    }
    let maxY = column.start(of: last) + column.length(of: last)
    guard column.start(of: last) < bottom, maxY > top else { return nil }
    return Self(index: last, offset: (maxY - bottom).rounded())
  }

  /// Where the item is after `update`, as `StateController.process(changeItems:)` moves it.
  ///
  /// Deletes (and the sources of moves) go first, from the highest index down: one at or above
  /// the item moves it up one, and deleting item 0 while it is the item forgets it. Inserts (and
  /// the destinations of moves) follow, from the lowest index up: with no item to restore, the
  /// first insert becomes it at distance 0; otherwise an insert at or above the item moves it down
  /// one — and, when `revealsInsertBelow` is true, so does an insert right below it (2.0.2,
  /// 9bbacaf: `globalIndex <= itemToRestore.globalIndex + 1`), so a message appended below the
  /// last one takes its place at the bottom. 2.0.1 (2272ff6) compares
  /// `itemToRestore.globalIndex >= globalIndex`, and keeps the old last message there instead.
  public static func through(
    _ update: BatchUpdate, from item: Self?, revealsInsertBelow: Bool
  ) -> Self? {
    var item = item
    let deletes = (update.deletes + update.moves.map(\.from)).sorted(by: >)
    for deleted in deletes {
      guard let current = item, current.index >= deleted else { continue }
      item = current.index == 0 ? nil : Self(index: current.index - 1, offset: current.offset)
    }
    let inserts = (update.inserts.map(\.index) + update.moves.map(\.to)).sorted()
    for inserted in inserts {
      guard let current = item else {
        item = Self(index: inserted, offset: 0)
        continue
      }
      let limit = revealsInsertBelow ? current.index + 1 : current.index
      if inserted <= limit { item?.index = current.index + 1 }
    }
    return item
  }

  /// The offset that puts the item's bottom edge back at its distance below the visible area,
  /// clamped to the offset range — `targetContentOffset(forProposedContentOffset:)` with the
  /// `proposedCompensatingOffset` the update left — or nil when the layout proposes nothing: the
  /// content is no taller than the visible area, the item is gone, or the offset would not move.
  public func targetContentOffset(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> Double?
  {
    let visibleHeight = viewport.boundsHeight - viewport.topInset - viewport.bottomInset
    guard index >= 0, index < column.count,
      column.contentLength.rounded() > visibleHeight.rounded()
    else { return nil }
    let maxY = column.start(of: index) + column.length(of: index)
    let proposed = (maxY - offset) - (viewport.boundsMaxY - viewport.bottomInset)
    guard proposed != 0, proposed.isFinite else { return nil }
    let maximum = viewport.maximumOffset(contentLength: column.contentLength)
    return max(viewport.minimumOffset, min(viewport.boundsMinY + proposed, maximum))
  }
}
