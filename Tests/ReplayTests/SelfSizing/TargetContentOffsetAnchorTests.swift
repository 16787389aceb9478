// scrolltrace — the anchor MagazineLayout keeps, against the vectors of its own tests.

import Replay
import Testing
import TraceCore

/// `TargetContentOffsetAnchor` against airbnb/MagazineLayout's `TargetContentOffsetAnchorTests` at
/// 7655494 (#129), restated: a content area with a top inset of 50 and a bottom inset of 30, bounds
/// 400 points tall, content 2,000 points long, and the first and last visible items 20 points tall
/// at the frames those tests give.
@Suite struct TargetContentOffsetAnchorTests {
  /// A column `contentHeight` points long whose item 1 starts at `first` and item 3 at `last`,
  /// each 20 points tall; items 0, 2 and 4 fill the gaps (item 4 may be empty).
  static func column(first: Double, last: Double, contentHeight: Double = 2000)
    -> SelfSizingColumn
  {
    let lengths = [first, 20, last - first - 20, 20, contentHeight - last - 20]
    return SelfSizingColumn(lengths.map { SceneItem(length: $0, reuseIdentifier: "row") })
  }

  static func viewport(y: Double) -> SelfSizingViewport {
    SelfSizingViewport(
      boundsMinY: y, boundsHeight: 400, topInset: 50, bottomInset: 30, displayScale: 1)
  }

  static func anchor(
    _ direction: VerticalLayoutDirection, y: Double, first: Double, last: Double,
    contentHeight: Double = 2000
  ) -> TargetContentOffsetAnchor {
    .recorded(
      direction: direction, first: 1, last: 3,
      in: column(first: first, last: last, contentHeight: contentHeight), viewport(y: y),
      keepsOverscroll: false)
  }

  @Test func topToBottom() {
    #expect(Self.anchor(.topToBottom, y: -50, first: 0, last: 290) == .top(overscroll: 0))
    #expect(
      Self.anchor(.topToBottom, y: 500, first: 560, last: 800)
        == .topItem(id: 1, index: 1, distanceFromTop: 10))
    #expect(
      Self.anchor(.topToBottom, y: 1630, first: 1700, last: 1950)
        == .topItem(id: 1, index: 1, distanceFromTop: 20))
    #expect(
      Self.anchor(.topToBottom, y: -50, first: 0, last: 30, contentHeight: 50)
        == .top(overscroll: 0))
  }

  @Test func bottomToTop() {
    #expect(
      Self.anchor(.bottomToTop, y: -50, first: 0, last: 290)
        == .bottomItem(id: 3, index: 3, distanceFromBottom: -10))
    #expect(
      Self.anchor(.bottomToTop, y: 500, first: 560, last: 800)
        == .bottomItem(id: 3, index: 3, distanceFromBottom: -50))
    #expect(Self.anchor(.bottomToTop, y: 1630, first: 1700, last: 1950) == .bottom(overscroll: 0))
    #expect(
      Self.anchor(.bottomToTop, y: -50, first: 0, last: 30, contentHeight: 50)
        == .bottom(overscroll: 0))
  }

  /// The offsets the anchors give back (their `yOffset` tests): the top, an item at its distance,
  /// the bottom, clamped to the offset range.
  @Test func offsets() {
    let middle = Self.column(first: 560, last: 800)
    #expect(
      TargetContentOffsetAnchor.top(overscroll: 0).yOffset(in: middle, Self.viewport(y: -50)) == -50
    )
    #expect(
      TargetContentOffsetAnchor.topItem(id: 1, index: 1, distanceFromTop: 10)
        .yOffset(in: middle, Self.viewport(y: 500)) == 500)
    let bottom = Self.column(first: 1700, last: 1950)
    #expect(
      TargetContentOffsetAnchor.topItem(id: 1, index: 1, distanceFromTop: 20)
        .yOffset(in: bottom, Self.viewport(y: 1630)) == 1630)
    #expect(
      TargetContentOffsetAnchor.bottom(overscroll: 0).yOffset(in: bottom, Self.viewport(y: 0))
        == 1630)
    #expect(
      TargetContentOffsetAnchor.bottomItem(id: 3, index: 3, distanceFromBottom: -50)
        .yOffset(in: middle, Self.viewport(y: 500)) == 500)
    // Beyond the range an item anchor is clamped; an edge anchor keeps its overscroll.
    #expect(
      TargetContentOffsetAnchor.topItem(id: 1, index: 1, distanceFromTop: 900)
        .yOffset(in: middle, Self.viewport(y: 500)) == -50)
    #expect(
      TargetContentOffsetAnchor.top(overscroll: 12).yOffset(in: middle, Self.viewport(y: 0)) == -62)
  }

  /// b6ea277 keeps a rubber-banded overscroll at the top: pulled 30 points past it, the anchor
  /// says so and puts the offset back there.
  @Test func overscrollKeptFromB6ea277() {
    let column = Self.column(first: 0, last: 290)
    let pulled = Self.viewport(y: -80)
    let kept = TargetContentOffsetAnchor.recorded(
      direction: .topToBottom, first: 1, last: 3, in: column, pulled, keepsOverscroll: true)
    #expect(kept == .top(overscroll: 30))
    #expect(kept.yOffset(in: column, pulled) == -80)
    let snapped = TargetContentOffsetAnchor.recorded(
      direction: .topToBottom, first: 1, last: 3, in: column, pulled, keepsOverscroll: false)
    #expect(snapped.yOffset(in: column, pulled) == -50)
  }

  /// An item anchor found by identity after a batch update: five items inserted above it move it,
  /// and the offset follows.
  @Test func anAnchorFollowsItsItemAcrossAnInsert() throws {
    var column = Self.column(first: 560, last: 800)
    let viewport = Self.viewport(y: 500)
    let anchor = TargetContentOffsetAnchor.recorded(
      direction: .topToBottom, first: 1, last: 3, in: column, viewport, keepsOverscroll: false)
    let inserts = (0..<5).map {
      BatchUpdate.Insertion(index: $0, item: SceneItem(length: 30, reuseIdentifier: "row"))
    }
    try column.apply(.batchUpdate(BatchUpdate(inserts: inserts)))
    #expect(anchor.yOffset(in: column, viewport, byIdentity: true) == 650)
    // By index, item 1 is now an inserted one, 30 points down: the offset goes near the top.
    #expect(anchor.yOffset(in: column, viewport, byIdentity: false) == -30)
  }
}
