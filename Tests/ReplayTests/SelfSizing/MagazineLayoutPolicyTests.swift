// scrolltrace — which item each MagazineLayout version anchors on, and what it does to the offset.

import Replay
import Testing
import TraceCore

/// `MagazineLayoutPolicy` at its four versions, with vectors restated from airbnb/MagazineLayout's
/// `LayoutStateTargetContentOffsetTests` at b6ea277 where they need one column only (its other
/// vectors lay out rows of half and third widths, which this model does not yet lay out), and the
/// rules each version's code states.
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
}
