// scrolltrace — ChatLayout's model restated, and what each release does to the offset.

import Replay
import Testing
import TraceCore

/// `ChatLayoutPolicy` and the column it works on, against ekazaev/ChatLayout at 2272ff6, 9bbacaf
/// and 18df22f.
///
/// The first tests restate `StateControllerProcessUpdatesTests` (the same at the three commits) for
/// what this model lays out: one section, no header or footer, no spacing between items. Its mock
/// lays out three sections of 100 items estimated at 40 points with headers, footers and spacing
/// of 7 and 3; the vectors below keep its numbers where they mean the same in one section.
@Suite struct ChatLayoutPolicyTests {
  static func estimated(_ count: Int, _ estimate: Double = 40) -> SelfSizingColumn {
    SelfSizingColumn(
      Array(
        repeating: SceneItem(length: estimate, reuseIdentifier: "m", estimatedLength: estimate),
        count: count))
  }

  static func message(_ length: Double = 40) -> SceneItem {
    SceneItem(length: length, reuseIdentifier: "m", estimatedLength: 40)
  }

  /// `testHeight`: the content is the items' estimates added up.
  @Test func heightIsTheEstimatesAddedUp() {
    let column = Self.estimated(100)
    #expect(column.contentLength == 4000)
    #expect((0..<100).allSatisfy { column.length(of: $0) == 40 })
  }

  /// `testItemReload`: every item reloaded while the estimate is now 50 points grows the content by
  /// 10 points an item.
  @Test func reloadingEveryItemLaysItOutAtTheNewEstimate() throws {
    var column = Self.estimated(100)
    let reloads = (0..<100).map {
      BatchUpdate.Reload(
        index: $0, item: SceneItem(length: 50, reuseIdentifier: "m", estimatedLength: 50))
    }
    try column.apply(.batchUpdate(BatchUpdate(reloads: reloads)))
    #expect(column.contentLength == 4000 + 100 * 10)
  }

  /// `testItemInsertion` and `testItemDeletion`: an item inserted at the end adds its estimate and
  /// leaves the item before it the same item; deleting the last takes its estimate away.
  @Test func insertAndDeleteKeepIdentities() throws {
    var column = Self.estimated(100)
    let id99 = column.entries[99].id
    try column.apply(.batchUpdate(BatchUpdate(inserts: [.init(index: 100, item: Self.message())])))
    #expect(column.contentLength == 4040)
    #expect(column.entries[99].id == id99)
    var deleted = Self.estimated(100)
    let id98 = deleted.entries[98].id
    try deleted.apply(.batchUpdate(BatchUpdate(deletes: [99])))
    #expect(deleted.contentLength == 3960)
    #expect(deleted.entries[98].id == id98 && deleted.count == 99)
  }

  /// `testItemMove`: a move keeps the content's length, and the moved item is the same item at its
  /// destination.
  @Test func aMoveKeepsTheItem() throws {
    var column = Self.estimated(100)
    let first = column.entries[0].id
    let second = column.entries[1].id
    try column.apply(.batchUpdate(BatchUpdate(moves: [.init(from: 0, to: 99)])))
    #expect(column.contentLength == 4000)
    #expect(column.entries[99].id == first && column.entries[0].id == second)
  }

  /// `testDeleteReloadProcessOrder`, `testDeleteInsertProcessOrder`,
  /// `testMoveInsertReloadProcessOrder`: of three items, deleting two and reloading the third
  /// leaves one; deleting two and inserting one leaves two; a move, an insert and a reload leave
  /// four (the insert at 1, as UIKit allows one destination per index).
  @Test func processOrder() throws {
    var column = Self.estimated(3)
    try column.apply(
      .batchUpdate(
        BatchUpdate(deletes: [0, 1], reloads: [.init(index: 2, item: Self.message())])))
    #expect(column.count == 1)
    column = Self.estimated(3)
    try column.apply(
      .batchUpdate(BatchUpdate(deletes: [0, 1], inserts: [.init(index: 0, item: Self.message())])))
    #expect(column.count == 2)
    column = Self.estimated(3)
    try column.apply(
      .batchUpdate(
        BatchUpdate(
          reloads: [.init(index: 0, item: Self.message())], moves: [.init(from: 2, to: 0)],
          inserts: [.init(index: 1, item: Self.message())])))
    #expect(column.count == 4)
  }

  // MARK: - What each release does to the offset

  static func viewport(y: Double, dragging: Bool = false) -> SelfSizingViewport {
    SelfSizingViewport(
      boundsMinY: y, boundsHeight: 852, topInset: 59, bottomInset: 34, isDragging: dragging)
  }

  static func sized(_ count: Int, _ length: Double = 100) -> SelfSizingColumn {
    SelfSizingColumn(
      Array(repeating: SceneItem(length: length, reuseIdentifier: "m"), count: count))
  }

  /// Outside an update, a message whose top is above the bottom of the visible area moves the
  /// offset by its change, so what is on screen stays and the list grows upward; one below that
  /// edge moves nothing; the move is at most what the content can scroll.
  @Test func sizesAboveTheBottomEdgeGrowUpward() {
    var column = Self.sized(20)
    column.apply(unsized: 10, estimate: 40)
    var policy = ChatLayoutPolicy(version: 1)
    let reading = Self.viewport(y: 600)
    #expect(policy.compensation(resizing: 10, to: 100, in: column, reading) == .offsetBy(60))
    // Message 19 begins at 1840, below the visible area's bottom at 600 + 818.
    #expect(policy.compensation(resizing: 19, to: 160, in: column, reading) == .none)
    // Content shorter than the visible area grows down. While the user scrolls the formula
    // applies anyway, and its cap — the content's length less the bounds and insets — is negative
    // there: the offset moves up by it (`min(contentHeight - frame.height + insets, change)`).
    let short = Self.sized(5)
    #expect(policy.compensation(resizing: 4, to: 120, in: short, Self.viewport(y: -59)) == .none)
    let scrolling = Self.viewport(y: -59, dragging: true)
    #expect(policy.compensation(resizing: 4, to: 120, in: short, scrolling) == .offsetBy(-239))
  }

  /// The last message, 240 points at the bottom, reloaded and laid out at that estimate, sizes
  /// itself at 96 points during the update: UIKit clamps the offset to the shorter content (-144)
  /// and 2.0.1 and 2.0.2 add the change again (-144); 18df22f takes the clamp back.
  @Test func aMessageShrinkingAtTheBottom() {
    for version in 1...3 {
      var before = Self.sized(19)
      try? before.apply(
        .insert(section: 0, index: 19, items: [SceneItem(length: 240, reuseIdentifier: "m")]))
      let bottom = Self.viewport(y: before.contentLength - 852 + 34)
      let reload = SceneEdit.batchUpdate(
        BatchUpdate(
          reloads: [
            .init(
              index: 19, item: SceneItem(length: 96, reuseIdentifier: "m", estimatedLength: 240))
          ]))
      var after = before
      var policy = ChatLayoutPolicy(version: version)
      let record = policy.record(before: reload, in: before, bottom)
      try? after.apply(reload)
      #expect(policy.targetContentOffset(after: reload, from: record, to: after, bottom) == nil)
      let adjustment = policy.compensation(resizing: 19, to: 96, in: after, bottom)
      #expect(adjustment == .offsetBy(version < 3 ? -288 : -144), "chat@\(version)")
      // Once the update is over the same size change takes the ordinary path.
      policy.layoutPassDidEnd()
      #expect(policy.compensation(resizing: 19, to: 96, in: after, bottom) == .offsetBy(-144))
    }
  }

  /// An append at the bottom: 2.0.1 keeps the old last message where it was; 2.0.2 and later put
  /// the new one at the bottom, at its estimate.
  @Test func anAppendAtTheBottom() throws {
    for version in 1...3 {
      let before = Self.sized(20)
      let bottom = Self.viewport(y: 2000 - 852 + 34)
      let append = SceneEdit.insert(section: 0, index: 20, items: [Self.message(120)])
      var after = before
      var policy = ChatLayoutPolicy(version: version)
      let record = policy.record(before: append, in: before, bottom)
      try after.apply(append)
      let target = policy.targetContentOffset(after: append, from: record, to: after, bottom)
      #expect(target == (version == 1 ? nil : 1222), "chat@\(version)")
    }
  }

  /// `processOnlyVisibleItemsOnAnimatedBatchUpdates` (on at the three commits): during an update,
  /// the layout hands the collection view what the update brought into the visible bounds, not an
  /// older message the update scrolled into view, which waits for the pass after the update.
  @Test func duringAnUpdateOnlyWhatItBroughtIntoViewIsLaidOut() throws {
    for version in 1...3 {
      var column = Self.estimated(20, 100)
      for index in 10..<20 where index != 12 { column.size(index) }
      let bottom = Self.viewport(y: 2000 - 852 + 34)
      let append = SceneEdit.insert(section: 0, index: 20, items: [Self.message(120)])
      var policy = ChatLayoutPolicy(version: version)
      #expect(policy.laysOut(9, in: column, bottom), "no update: everything")
      let record = policy.record(before: append, in: column, bottom)
      try column.apply(append)
      _ = policy.targetContentOffset(after: append, from: record, to: column, bottom)
      // The appended message, at its 40-point estimate below the last, is in the bounds once the
      // offset reveals it; message 12, still at its estimate and in the bounds too (1,200 to 1,300
      // points, the bounds from 1,222), is not brought by the update.
      let revealed = Self.viewport(y: column.contentLength - 852 + 34)
      #expect(policy.laysOut(20, in: column, revealed), "chat@\(version)")
      #expect(!policy.laysOut(12, in: column, revealed), "chat@\(version)")
      #expect(!policy.laysOut(20, in: column, Self.viewport(y: 0)), "out of the bounds")
      policy.layoutPassDidEnd()
      #expect(policy.laysOut(12, in: column, revealed), "after the update")
    }
  }
}

extension SelfSizingColumn {
  /// Item `index` replaced by one of the same length laid out at `estimate` until sized.
  fileprivate mutating func apply(unsized index: Int, estimate: Double) {
    let item = entries[index].item
    try? apply(
      .batchUpdate(
        BatchUpdate(
          reloads: [
            .init(
              index: index,
              item: SceneItem(
                length: item.length, reuseIdentifier: item.reuseIdentifier,
                estimatedLength: estimate))
          ])))
  }
}
