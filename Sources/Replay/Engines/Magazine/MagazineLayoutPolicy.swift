// scrolltrace — magazine@1–4: what airbnb/MagazineLayout did to the offset, at four commits.

/// airbnb/MagazineLayout's decisions about the offset (Apache-2.0), as published at four commits,
/// flaws included, over its rows of whole, half, third and smaller widths (``SelfSizingColumn``;
/// no spacing, insets, headers or footers).
///
/// - `magazine@1`, c662c0e (1.0.0): a size the layout receives never moves the offset, so scrolling
///   up into rows whose size was thrown away (after a rotation) pushes the content down (#9);
///   batch updates keep UIKit's offset.
/// - `magazine@2`, ddbcffc (1.0.1, #11): while the user drags or the content decelerates, an item
///   sized above the top edge (`originalAttributes.frame.minY < contentOffset.y`) moves the offset by
///   its change in height — for a second item of the same row only by what it adds over the row's
///   last preferred height. A programmatic scroll is neither, so it still jumps.
/// - `magazine@3`, 7655494 (#129): every size change and batch update keeps an anchor — the top
///   edge of the first item intersecting the bounds at its distance from the top of the content
///   area, or the top of the content when the viewport is there. The first item intersecting the
///   bounds may be the item being sized: its top edge stays, and what is below it moves (the jump
///   #137 reports when scrolling up).
/// - `magazine@4`, b6ea277 (2025-10-31, after #137, #139 and #154 on main): the anchor is the first
///   item that is fully visible and whose height is settled, falling back to the first visible
///   item; at an edge the overscroll is kept.
///
/// Either direction of growth (``VerticalLayoutDirection``): a bottom-to-top list anchors the
/// bottom edge of the last item instead (#114 onwards), which `magazine@1` and `@2` predate.
public struct MagazineLayoutPolicy: SelfSizingPolicy {
  /// The published version, 1 to 4.
  public let version: Int
  /// Which way the list grows.
  public var direction: VerticalLayoutDirection
  /// `magazine@2`'s record of the last item sized: its row's top and its preferred height.
  private var lastSized: (minY: Double, preferredHeight: Double)?

  /// The layout at `version` (clamped to 1…4), growing in `direction`.
  public init(version: Int, direction: VerticalLayoutDirection = .topToBottom) {
    self.version = min(max(version, 1), 4)
    self.direction = direction
  }

  public var descriptor: EngineDescriptor {
    let commit = Self.commits[version - 1]
    return EngineDescriptor(
      name: direction == .topToBottom ? "magazine" : "magazine-chat", version: version,
      summary: Self.summaries[version - 1],
      source: "airbnb/MagazineLayout at \(commit) (Apache-2.0)")
  }

  /// The commits the versions follow.
  public static let commits = [
    "c662c0ec35ba3ba2af14158c34a7effed6581c2b (1.0.0)",
    "ddbcffc1277dddda211d721a7eb1e6bb46d010ac (1.0.1, #11)",
    "76554940d344234ea66af87d27e4742e5ea275de (#129)",
    "b6ea277aba59c82a9d1b0901d46775151953d231 (after #137, #139, #154)",
  ]

  private static let summaries = [
    "Self-sizing items with no offset compensation: sizes resolved above the viewport push the content (#9).",
    "Compensates sizes resolved above the top edge, only while dragging or decelerating (#11).",
    "Keeps an anchor on the first visible item, which may be the item being sized (the #137 jump).",
    "Anchors on the first settled, fully visible item and keeps overscroll (#137, #139, #154).",
  ]

  public mutating func compensation(
    resizing index: Int, to length: Double, in column: SelfSizingColumn,
    _ viewport: SelfSizingViewport
  ) -> SizeCompensation {
    switch version {
    case 1:
      return .none
    case 2:
      let minY = column.start(of: index)
      defer { lastSized = (minY, length) }
      guard viewport.isDragging || viewport.isDecelerating, minY < viewport.boundsMinY else {
        return .none
      }
      if let lastSized, lastSized.minY == minY {
        return length > lastSized.preferredHeight
          ? .offsetBy(length - lastSized.preferredHeight) : .none
      }
      return .offsetBy(length - column.length(of: index))
    default:
      return anchor(in: column, viewport).map(SizeCompensation.keeping) ?? .none
    }
  }

  public func anchor(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> TargetContentOffsetAnchor?
  {
    guard version >= 3 else { return nil }
    let visible = viewport.visibleIndexes(in: column)
    var first = visible.first
    var last = visible.last
    if version >= 4 {
      // Only settled, fully visible items, falling back to the first and last visible (#139).
      func settled(_ index: Int) -> Bool {
        column.entries[index].isSized && viewport.isFullyVisible(index, in: column)
      }
      first = visible.first(where: settled) ?? first
      last = visible.last(where: settled) ?? last
    }
    return .recorded(
      direction: direction, first: first, last: last, in: column, viewport,
      keepsOverscroll: version >= 4)
  }

  public mutating func forgetSizing() { lastSized = nil }
}
