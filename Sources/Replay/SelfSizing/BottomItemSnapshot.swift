// scrolltrace — the last visible item's distance above the bottom of the visible area.

/// The item nearest the bottom of the visible area and how far above that edge it ends:
/// ekazaev/ChatLayout's `ChatLayoutPositionSnapshot` taken from the `.bottom` edge
/// (`getContentOffsetSnapshot(from:)`), which its example app takes before it moves the bottom
/// inset for the keyboard and restores after (`restoreContentOffset(with:)`).
///
/// The visible area is the bounds less the adjusted content insets (ChatLayout's
/// `visibleBounds`). One list, one section: the item is named by its index.
public struct BottomItemSnapshot: Sendable, Hashable {
  /// The item's index in the list.
  public var index: Int
  /// How far the item's bottom edge lies above the bottom of the visible area, in points
  /// (`visibleBounds.maxY − frame.maxY`; negative when it ends below it).
  public var offset: Double

  /// Creates a snapshot.
  public init(index: Int, offset: Double) {
    self.index = index
    self.offset = offset
  }

  /// The snapshot of `column` as `viewport` shows it: among the items within one bounds height
  /// of the visible area, the last whose top is at or above the area's bottom edge
  /// (`layoutAttributes.last(where: { $0.frame.minY <= visibleBounds.maxY })`); nil when none is.
  public static func taken(in column: SelfSizingColumn, _ viewport: SelfSizingViewport) -> Self? {
    let top = viewport.boundsMinY + viewport.topInset
    let bottom = viewport.boundsMaxY - viewport.bottomInset
    let reach = viewport.boundsHeight
    let candidates = column.indexes(intersecting: top - reach, bottom + reach)
    guard let last = candidates.last(where: { column.start(of: $0) <= bottom }) else { return nil }
    return Self(index: last, offset: bottom - (column.start(of: last) + column.length(of: last)))
  }

  /// The offset that puts the item's bottom edge back at its distance above the bottom of the
  /// visible area, clamped to the offset range, in points — ChatLayout's
  /// `invalidateLayout(with:)` while a snapshot is being restored — or nil when the item is gone
  /// or the content has no length.
  public func contentOffset(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> Double?
  {
    guard index >= 0, index < column.count, column.contentLength != 0 else { return nil }
    let maxY = column.start(of: index) + column.length(of: index)
    let desired = maxY + offset - viewport.boundsHeight + viewport.bottomInset
    guard desired.isFinite else { return nil }
    let maximum = viewport.maximumOffset(contentLength: column.contentLength)
    return max(min(maximum, desired), viewport.minimumOffset)
  }
}
