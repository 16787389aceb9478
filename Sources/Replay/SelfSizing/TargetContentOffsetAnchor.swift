// scrolltrace — what a layout keeps in place when its content changes.

/// What a layout keeps still when its content changes: the top or bottom edge of the content, or
/// an item's edge at a distance from the viewport's edge.
///
/// The shape is MagazineLayout's (`TargetContentOffsetAnchor`, #129 onwards): a layout records
/// the anchor before a change and asks afterwards for the offset that puts the anchor back
/// (``yOffset(in:_:byIdentity:)``); the difference is what the change does to `contentOffset`.
public enum TargetContentOffsetAnchor: Sendable, Hashable {
  /// The content's top: the offset goes to its minimum, less the overscroll kept (points).
  case top(overscroll: Double)
  /// The content's bottom: the offset goes to its maximum, plus the overscroll kept (points).
  case bottom(overscroll: Double)
  /// Item `id`'s top edge `distanceFromTop` points below the top of the content area.
  case topItem(id: Int, index: Int, distanceFromTop: Double)
  /// Item `id`'s bottom edge `distanceFromBottom` points below the bottom of the content area.
  case bottomItem(id: Int, index: Int, distanceFromBottom: Double)

  /// The offset that puts the anchor back in `column` seen through `viewport`, in points, clamped
  /// to the offset range.
  ///
  /// An item anchor finds its item by identity when `byIdentity` is true (after a batch update,
  /// when indexes moved) and by index otherwise; an item no longer there keeps the current offset.
  public func yOffset(
    in column: SelfSizingColumn, _ viewport: SelfSizingViewport, byIdentity: Bool = false
  ) -> Double {
    func item(_ id: Int, _ index: Int) -> Int? {
      if byIdentity { return column.index(ofID: id, near: index) }
      return index < column.count ? index : nil
    }
    let maximum = viewport.maximumOffset(contentLength: column.contentLength)
    let clamp = { (value: Double) in min(max(value, viewport.minimumOffset), maximum) }
    switch self {
    case .top(let overscroll):
      return viewport.minimumOffset - overscroll
    case .bottom(let overscroll):
      return maximum + overscroll
    case .topItem(let id, let index, let distance):
      guard let found = item(id, index) else { return viewport.boundsMinY }
      return clamp(column.start(of: found) - viewport.topInset - distance)
    case .bottomItem(let id, let index, let distance):
      guard let found = item(id, index) else { return viewport.boundsMinY }
      let maxY = column.start(of: found) + column.length(of: found)
      return clamp(maxY - viewport.boundsHeight + viewport.bottomInset - distance)
    }
  }

  /// The anchor MagazineLayout records for the viewport (`targetContentOffsetAnchor`).
  ///
  /// It is the top or bottom of the content when the viewport is there, otherwise the top edge of
  /// `first` (a list that grows downward) or the bottom edge of `last` (one that grows upward), at
  /// its distance from the content area's edge, pixel aligned. `first` and `last` are the items
  /// the layout chose to anchor on (an index of `column`); without them, the direction's edge.
  ///
  /// `keepsOverscroll` keeps a rubber-banded overscroll at an edge (b6ea277); before, an edge
  /// anchor put the offset back at the edge.
  public static func recorded(
    direction: VerticalLayoutDirection, first: Int?, last: Int?, in column: SelfSizingColumn,
    _ viewport: SelfSizingViewport, keepsOverscroll: Bool
  ) -> Self {
    guard let first, let last else {
      return direction == .topToBottom ? .top(overscroll: 0) : .bottom(overscroll: 0)
    }
    let top = viewport.pixelAligned(viewport.minimumOffset)
    let bottom = viewport.pixelAligned(
      viewport.maximumOffset(contentLength: column.contentLength))
    var isAtTop = viewport.boundsMinY <= top
    var isAtBottom = viewport.boundsMinY >= bottom
    if isAtTop, isAtBottom {
      // Content shorter than the viewport: at both edges; the direction says which counts.
      isAtTop = direction == .topToBottom
      isAtBottom = !isAtTop
    }
    switch direction {
    case .topToBottom:
      if isAtTop { return .top(overscroll: keepsOverscroll ? top - viewport.boundsMinY : 0) }
      let distance = column.start(of: first) - (viewport.boundsMinY + viewport.topInset)
      return .topItem(
        id: column.entries[first].id, index: first,
        distanceFromTop: viewport.pixelAligned(distance))
    case .bottomToTop:
      if isAtBottom {
        return .bottom(overscroll: keepsOverscroll ? viewport.boundsMinY - bottom : 0)
      }
      let maxY = column.start(of: last) + column.length(of: last)
      let distance = maxY - (viewport.boundsMaxY - viewport.bottomInset)
      return .bottomItem(
        id: column.entries[last].id, index: last,
        distanceFromBottom: viewport.pixelAligned(distance))
    }
  }
}

/// Which way a list grows: where its reading position is kept.
public enum VerticalLayoutDirection: String, Sendable, Hashable, CaseIterable {
  /// Items flow from the top; the top of the content is the anchor (a feed).
  case topToBottom
  /// Items flow from the bottom; the bottom is the anchor (a chat), MagazineLayout's
  /// `verticalLayoutDirection = .bottomToTop` (#114).
  case bottomToTop
}
