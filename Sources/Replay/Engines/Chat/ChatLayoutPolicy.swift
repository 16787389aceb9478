// scrolltrace — chat@1–3: what ekazaev/ChatLayout did to the offset, at three releases.

public import TraceCore

/// ekazaev/ChatLayout's decisions about the offset (MIT), as published at three releases, flaws
/// included: `CollectionViewChatLayout` with `keepContentOffsetAtBottomOnBatchUpdates` on, one
/// section of messages without header, footer or spacing.
///
/// - `chat@1`, 2272ff6 (2.0.1): across a batch update the last visible message keeps its distance
///   from the bottom of the visible area (``ChatItemToRestore``), but a message appended right
///   below it does not take its place, so at the bottom the new message stays below the edge;
///   a message reloaded at the bottom that comes back shorter is compensated twice — by UIKit's
///   clamp of the offset to the shorter content, then by the layout's own
///   `batchUpdateCompensatingOffset` — and the list leaves the bottom.
/// - `chat@2`, 9bbacaf (2.0.2, "Offset correction fix"): an insert right below the item to
///   restore moves it down (`globalIndex <= itemToRestore.globalIndex + 1`), so an appended
///   message is revealed.
/// - `chat@3`, 18df22f (2.0.11): `finalizeCollectionViewUpdates` takes back what the clamp already
///   moved (`batchUpdateCompensatingOffset - min(0, maxPossibleContentOffset.y -
///   contentOffsetBeforeUpdate.y)`), so the shrinking message stays pinned.
///
/// Outside an update a message that sizes itself with its top above the bottom of the visible area
/// moves the offset by its change in height (`invalidationContext(forPreferredLayoutAttributes:)`,
/// at most what the content can scroll), so the list grows upward and what is on screen stays; it
/// does so while the content is taller than the visible area or while the user scrolls.
///
/// The model applies each compensation as the size arrives, where ChatLayout adds them up during
/// the update and applies the sum at its end; the visible area therefore needs no allowance for
/// the compensation still pending.
public struct ChatLayoutPolicy: SelfSizingPolicy {
  /// The published version, 1 to 3.
  public let version: Int
  /// The batch update in progress: the offset before it, the content's length before it, the
  /// items it inserted or reloaded, and the part of the clamp `chat@3` has taken back so far.
  private var update: Update?

  private struct Update: Sendable {
    var offsetBefore: Double
    var contentBefore: Double
    var sizedByUpdate: Set<Int>
    var takenBack = 0.0
  }

  /// What the screen around the layout does when the keyboard moves: by default ChatLayout's
  /// example app (``KeyboardHandling/keepingBottomItem``), the same at the three commits, so the
  /// last visible message rides up with the keyboard.
  public var keyboardHandling: KeyboardHandling

  /// The layout at `version` (clamped to 1…3), in a screen that answers the keyboard with
  /// `keyboardHandling`.
  public init(version: Int, keyboardHandling: KeyboardHandling = .keepingBottomItem) {
    self.version = min(max(version, 1), 3)
    self.keyboardHandling = keyboardHandling
  }

  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      name: "chat", version: version, summary: Self.summaries[version - 1],
      source: "ekazaev/ChatLayout at \(Self.commits[version - 1]) (MIT)")
  }

  /// The commits the versions follow.
  public static let commits = [
    "2272ff669c26afc817496cf4606a6574df1d1a38 (2.0.1)",
    "9bbacaf99feab1c3f42978bd021fef10595c2a1e (2.0.2)",
    "18df22f159d6120475b6140dfc99d2a569d87b5e (2.0.11)",
  ]

  private static let summaries = [
    "Keeps the last visible message at the bottom across updates, but not one appended below it; a message shrinking at the bottom is compensated twice.",
    "Reveals a message appended below the last visible one (the insert rule of 2.0.2); the shrinking message is still compensated twice.",
    "Takes back the clamp UIKit applied, so a message shrinking at the bottom stays pinned (2.0.11).",
  ]

  public mutating func compensation(
    resizing index: Int, to length: Double, in column: SelfSizingColumn,
    _ viewport: SelfSizingViewport
  ) -> SizeCompensation {
    let delta = length - column.length(of: index)
    guard delta != 0, delta.isFinite else { return .none }
    let minY = column.start(of: index)
    let visibleMaxY = viewport.boundsMaxY - viewport.bottomInset
    let visibleHeight = viewport.boundsHeight - viewport.topInset - viewport.bottomInset
    let contentAfter = column.contentLength + delta
    if var update, update.sizedByUpdate.contains(column.entries[index].id) {
      // During an update: `compensateOffsetIfNeeded(.frameUpdate)` adds the change of an item
      // whose top is above the bottom edge, and `finalizeCollectionViewUpdates` applies it after
      // UIKit clamped the offset to the content (reported: 18df22f, "incorrect offset calculation
      // when an item is shrinking in height being close to the collection view max
      // contentOffset").
      let maximum = viewport.maximumOffset(contentLength: contentAfter)
      let clamp = min(0, maximum - viewport.boundsMinY)
      guard contentAfter.rounded() > visibleHeight.rounded() else { return .offsetBy(clamp) }
      guard update.contentBefore > visibleHeight else {
        // Content that fitted before the update goes to the bottom.
        return .offsetBy(maximum - viewport.boundsMinY)
      }
      guard minY.rounded() <= visibleMaxY.rounded() else { return .offsetBy(clamp) }
      var compensation = delta
      if version >= 3 {
        // 18df22f: less what the clamp moved since the update began, taken back once.
        let takenBack = min(0, maximum - update.offsetBefore)
        compensation -= takenBack - update.takenBack
        update.takenBack = takenBack
        self.update = update
      }
      return .offsetBy(clamp + compensation)
    }
    // `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`.
    let isAboveBottomEdge = minY.rounded() <= visibleMaxY.rounded()
    let isScrolling = viewport.isDragging || viewport.isDecelerating
    guard isAboveBottomEdge,
      contentAfter.rounded() + delta > visibleHeight.rounded() || isScrolling
    else { return .none }
    let scrollable =
      contentAfter - viewport.boundsHeight + viewport.bottomInset + viewport.topInset
    return .offsetBy(min(scrollable, delta))
  }

  /// False: a change of bounds invalidates without `invalidateLayoutMetrics`
  /// (`invalidationContext(forBoundsChange:)`), so the sizes the layout holds stay.
  public var forgetsSizesOnWidthChange: Bool { false }

  /// True: on iOS 15.1, while the user scrolls, the layout sets `contentOffset` to its target itself
  /// (`enableIOS15_1Fix`, on by default, at all three commits: added in d0edb6f, 2021).
  public var setsIgnoredTargetContentOffset: Bool { true }

  /// The last visible item's bottom edge at its distance from the bottom of the visible area: what
  /// a change of width keeps (`prepare(forAnimatedBoundsChange:)` keeps the bottom of the bounds;
  /// the model keeps that of the visible area, which differs by a change of the bottom inset).
  public func anchor(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> TargetContentOffsetAnchor?
  {
    guard let item = ChatItemToRestore.recorded(in: column, viewport) else { return nil }
    return .bottomItem(
      id: column.entries[item.index].id, index: item.index, distanceFromBottom: item.offset)
  }

  /// What ChatLayout keeps of the list as an update finds it (`prepare(forCollectionViewUpdates:)`).
  public struct BeforeUpdate: Sendable, Hashable {
    /// The items before the update.
    public var count: Int
    /// The content's length before the update, in points.
    public var contentLength: Double
    /// `contentOffset.y` before the update, in points.
    public var offset: Double
    /// The item to restore, as the update found it.
    public var item: ChatItemToRestore?
    /// The identities of the self-sizing items the update reloads.
    public var reloadedIDs: [Int]
  }

  /// The item to restore and what the update's compensation needs, before the update.
  public mutating func record(
    before edit: SceneEdit, in column: SelfSizingColumn, _ viewport: SelfSizingViewport
  ) -> BeforeUpdate {
    let reloads = Self.batchUpdate(edit, count: column.count)?.reloads ?? []
    return BeforeUpdate(
      count: column.count, contentLength: column.contentLength, offset: viewport.boundsMinY,
      item: .recorded(in: column, viewport),
      reloadedIDs: reloads.compactMap { reload in
        guard reload.item.isSelfSizing, column.entries.indices.contains(reload.index) else {
          return nil
        }
        return column.entries[reload.index].id
      })
  }

  /// The item to restore, moved through the update; the update stays open for the sizes of the
  /// items it inserted or reloaded until the layout pass ends.
  public mutating func targetContentOffset(
    after edit: SceneEdit, from record: BeforeUpdate, to after: SelfSizingColumn,
    _ afterViewport: SelfSizingViewport
  ) -> Double? {
    guard let batch = Self.batchUpdate(edit, count: record.count) else { return nil }
    // The items the update brought unsized: those it inserted (at their indexes after it) and
    // those it reloaded (their identities kept), each at its estimate until it sizes itself.
    var sized = Set(record.reloadedIDs)
    for insertion in batch.inserts where after.entries.indices.contains(insertion.index) {
      let entry = after.entries[insertion.index]
      if !entry.isSized { sized.insert(entry.id) }
    }
    update = Update(
      offsetBefore: record.offset, contentBefore: record.contentLength, sizedByUpdate: sized)
    let item = ChatItemToRestore.through(
      batch, from: record.item, revealsInsertBelow: version >= 2)
    return item?.targetContentOffset(in: after, afterViewport)
  }

  /// The update is over: `finalizeCollectionViewUpdates()`.
  public mutating func layoutPassDidEnd() { update = nil }

  /// During an update, only what was visible and what the update brought into the visible bounds.
  ///
  /// This is `processOnlyVisibleItemsOnAnimatedBatchUpdates`, on by default at all three commits
  /// (added in 3743433, 2022): an item that scrolls on screen because of the update is laid out,
  /// and sized, only in the pass after. The visible bounds are the scroll view's after the update's
  /// target offset, where ChatLayout offsets them by the compensation it proposed; the items
  /// visible before are sized already.
  public func laysOut(_ index: Int, in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> Bool
  {
    guard let update else { return true }
    let minY = column.start(of: index)
    let maxY = minY + column.length(of: index)
    // `CGRect.intersects`: frames that only touch the bounds are outside them.
    return update.sizedByUpdate.contains(column.entries[index].id)
      && minY < viewport.boundsMaxY && maxY > viewport.boundsMinY
  }

  /// Nothing: the sizes ChatLayout keeps go with the items.
  public mutating func forgetSizing() {}

  /// `edit` of a list of `count` items as the batch update UIKit hands the layout
  /// (`prepare(forCollectionViewUpdates:)`), or nil for an edit that is not an update or does not
  /// fit the list (the column left the list as it was).
  static func batchUpdate(_ edit: SceneEdit, count: Int) -> BatchUpdate? {
    switch edit {
    case .batchUpdate(let update):
      return update
    case .insert(let section, let index, let items):
      guard index >= 0, index <= count else { return nil }
      return BatchUpdate(
        section: section,
        inserts: items.enumerated().map { .init(index: index + $0.offset, item: $0.element) })
    case .delete(let section, let index, let deleted):
      guard index >= 0, deleted >= 0, index <= count - deleted else { return nil }
      return BatchUpdate(section: section, deletes: Array(index..<(index + deleted)))
    default:
      return nil
    }
  }
}
