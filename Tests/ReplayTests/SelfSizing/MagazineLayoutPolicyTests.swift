// scrolltrace — which item each MagazineLayout version anchors on, and what it does to the offset.

import Replay
import Testing
import TraceCore

/// `MagazineLayoutPolicy` at its four versions, with vectors restated from airbnb/MagazineLayout's
/// `LayoutStateTargetContentOffsetTests` at b6ea277 (rows of half, whole and third widths among
/// them), and the rules each version's code states.
@Suite struct MagazineLayoutPolicyTests {
  static func viewport(y: Double, dragging: Bool = false) -> SelfSizingViewport {
    SelfSizingViewport(
      boundsMinY: y, boundsHeight: 400, topInset: 50, bottomInset: 30, displayScale: 1,
      isDragging: dragging)
  }

  static func sized(_ lengths: [Double]) -> SelfSizingColumn {
    SelfSizingColumn(lengths.map { SceneItem(length: $0, reuseIdentifier: "row") })
  }

  /// b6ea277, `testAnchor_TopToBottom_NoFullyVisibleCells_UsesFallback`: three items of 500
  /// points, bounds at 250: none is wholly visible, so the first visible one anchors, 300 points
  /// above the content area's top.
  @Test func noWhollyVisibleItemFallsBackToTheFirstVisible() {
    let column = Self.sized([500, 500, 500])
    let anchor = MagazineLayoutPolicy(version: 4).anchor(in: column, Self.viewport(y: 250))
    #expect(anchor == .topItem(id: 0, index: 0, distanceFromTop: -300))
  }

  /// b6ea277, `testOffset_BottomToTop_OverscrolledPastBottom`: 25 points past the bottom, the
  /// anchor keeps the overscroll and puts the offset back there; #129 put it back at the bottom.
  @Test func overscrollPastTheBottomIsKeptFromVersion4() {
    let column = Self.sized(Array(repeating: 100, count: 10))
    let pulled = Self.viewport(y: 630 + 25)
    let kept = MagazineLayoutPolicy(version: 4, direction: .bottomToTop)
    #expect(kept.anchor(in: column, pulled) == .bottom(overscroll: 25))
    #expect(kept.anchor(in: column, pulled)?.yOffset(in: column, pulled) == 655)
    let snapped = MagazineLayoutPolicy(version: 3, direction: .bottomToTop)
    #expect(snapped.anchor(in: column, pulled)?.yOffset(in: column, pulled) == 630)
  }

  /// The first visible item is unsized (scrolling up into rows laid out at their estimate): #129
  /// anchors on it, so its own resize moves nothing above it and pushes what is below; b6ea277
  /// anchors on the first settled, wholly visible item below it.
  @Test func version4SkipsTheItemAboutToBeSized() {
    var items = Array(repeating: SceneItem(length: 100, reuseIdentifier: "row"), count: 10)
    items[2] = SceneItem(length: 180, reuseIdentifier: "row", estimatedLength: 100)
    let column = SelfSizingColumn(items)
    let viewport = Self.viewport(y: 240, dragging: true)
    #expect(
      MagazineLayoutPolicy(version: 3).anchor(in: column, viewport)
        == .topItem(id: 2, index: 2, distanceFromTop: -90))
    #expect(
      MagazineLayoutPolicy(version: 4).anchor(in: column, viewport)
        == .topItem(id: 3, index: 3, distanceFromTop: 10))
  }

  /// What each version does when that item resolves to 180 points while the user drags.
  @Test func compensationWhileDraggingUp() {
    var items = Array(repeating: SceneItem(length: 100, reuseIdentifier: "row"), count: 10)
    items[2] = SceneItem(length: 180, reuseIdentifier: "row", estimatedLength: 100)
    let viewport = Self.viewport(y: 240, dragging: true)
    func adjustment(_ version: Int, dragging: Bool = true) -> Double {
      var column = SelfSizingColumn(items)
      var policy = MagazineLayoutPolicy(version: version)
      var seen = viewport
      seen.isDragging = dragging
      switch policy.compensation(resizing: 2, to: 180, in: column, seen) {
      case .none:
        return 0
      case .offsetBy(let points):
        return points
      case .keeping(let anchor):
        let before = anchor.yOffset(in: column, seen)
        column.size(2)
        return anchor.yOffset(in: column, seen) - before
      }
    }
    #expect(adjustment(1) == 0)
    #expect(adjustment(2) == 80)
    #expect(adjustment(2, dragging: false) == 0)
    #expect(adjustment(3) == 0)
    #expect(adjustment(4) == 80)
    #expect(adjustment(4, dragging: false) == 80)
  }

  /// `magazine@2` adjusts a second item of the same row only by what it adds over the row's last
  /// preferred height (ddbcffc), not by its own change: here an item of no height and the next
  /// share a top edge, so the second counts from the first's preferred 0, not its estimate of 30.
  @Test func version2CountsARowOnce() {
    var items = Array(repeating: SceneItem(length: 100, reuseIdentifier: "row"), count: 6)
    items[1] = SceneItem(length: 0, reuseIdentifier: "row", estimatedLength: 0)
    items[2] = SceneItem(length: 120, reuseIdentifier: "row", estimatedLength: 30)
    let column = SelfSizingColumn(items)
    var policy = MagazineLayoutPolicy(version: 2)
    let viewport = Self.viewport(y: 150, dragging: true)
    #expect(policy.compensation(resizing: 1, to: 0, in: column, viewport) == .offsetBy(0))
    #expect(policy.compensation(resizing: 2, to: 120, in: column, viewport) == .offsetBy(120))
    policy.forgetSizing()
    #expect(policy.compensation(resizing: 2, to: 120, in: column, viewport) == .offsetBy(90))
  }

  /// b6ea277's section of fourteen items in a 300-point-wide view with no spacing: four of half
  /// width (the first unsized, laid out at its 150-point estimate, then 70, 90, 80), three whole
  /// (unsized, 135, 135), four half (55, 105, 80, 95), three of a third (200, 200, unsized).
  static func magazineSection() -> SelfSizingColumn {
    let widths = [2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    let preferred: [Double?] = [nil, 70, 90, 80, nil, 135, 135, 55, 105, 80, 95, 200, 200, nil]
    var column = SelfSizingColumn(
      zip(widths, preferred).map { width, height in
        SceneItem(
          length: height ?? 150, reuseIdentifier: "cell", estimatedLength: 150,
          widthDivisor: width)
      })
    for index in preferred.indices where preferred[index] != nil { column.size(index) }
    return column
  }

  /// The rows that section makes: a row is as tall as its tallest item, so the content is 1,060
  /// points and the largest offset 690 (`testOffset_TopToBottom_ScrolledToBottom`).
  @Test func theSectionsRows() {
    let column = Self.magazineSection()
    #expect(column.rowFirstItems == [0, 2, 4, 5, 6, 7, 9, 11])
    #expect(column.lengths.values == [150, 90, 150, 135, 135, 105, 95, 200])
    #expect(column.contentLength == 1060)
    #expect(Self.viewport(y: 0).maximumOffset(contentLength: column.contentLength) == 690)
    #expect(
      column.start(of: 3) == 150 && column.length(of: 3) == 80 && column.rowLength(of: 3) == 90)
    #expect(
      column.frame(of: 12, rowStart: 860, width: 300)
        == Rect(x: 100, y: 860, width: 100, height: 200))
  }

  /// b6ea277's anchors and offsets in that section, top to bottom: at the top, the top; in the
  /// middle (bounds at 500), item 6 25 points above the content area's top; at the bottom, item 9
  /// 25 points below it — each the first settled item wholly inside the bounds, its own height
  /// counted, not its row's.
  @Test func topToBottomAnchorsInRowsOfHalvesAndThirds() {
    let column = Self.magazineSection()
    let policy = MagazineLayoutPolicy(version: 4)
    #expect(policy.anchor(in: column, Self.viewport(y: -50)) == .top(overscroll: 0))
    #expect(
      policy.anchor(in: column, Self.viewport(y: -50))?.yOffset(in: column, Self.viewport(y: -50))
        == -50)
    let middle = Self.viewport(y: 500)
    #expect(policy.anchor(in: column, middle) == .topItem(id: 6, index: 6, distanceFromTop: -25))
    #expect(policy.anchor(in: column, middle)?.yOffset(in: column, middle) == 500)
    let bottom = Self.viewport(y: 690)
    #expect(policy.anchor(in: column, bottom) == .topItem(id: 9, index: 9, distanceFromTop: 25))
    #expect(policy.anchor(in: column, bottom)?.yOffset(in: column, bottom) == 690)
    let pulled = Self.viewport(y: -80)
    #expect(policy.anchor(in: column, pulled) == .top(overscroll: 30))
    #expect(policy.anchor(in: column, pulled)?.yOffset(in: column, pulled) == -80)
  }

  /// The same section bottom to top: at the top, item 3 (its own bottom at 230, 90 points above the
  /// content area's bottom, not its row's at 240); in the middle, item 10 10 points above it; at
  /// the bottom, the bottom, and 25 points of overscroll kept.
  @Test func bottomToTopAnchorsInRowsOfHalvesAndThirds() {
    let column = Self.magazineSection()
    let policy = MagazineLayoutPolicy(version: 4, direction: .bottomToTop)
    let top = Self.viewport(y: -50)
    #expect(policy.anchor(in: column, top) == .bottomItem(id: 3, index: 3, distanceFromBottom: -90))
    #expect(policy.anchor(in: column, top)?.yOffset(in: column, top) == -50)
    let middle = Self.viewport(y: 500)
    #expect(
      policy.anchor(in: column, middle) == .bottomItem(id: 10, index: 10, distanceFromBottom: -10))
    #expect(policy.anchor(in: column, middle)?.yOffset(in: column, middle) == 500)
    let bottom = Self.viewport(y: 690)
    #expect(policy.anchor(in: column, bottom) == .bottom(overscroll: 0))
    #expect(policy.anchor(in: column, bottom)?.yOffset(in: column, bottom) == 690)
    let pulled = Self.viewport(y: 715)
    #expect(policy.anchor(in: column, pulled) == .bottom(overscroll: 25))
    #expect(policy.anchor(in: column, pulled)?.yOffset(in: column, pulled) == 715)
  }
}
