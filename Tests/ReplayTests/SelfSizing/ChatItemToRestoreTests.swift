// scrolltrace — the item ChatLayout keeps at the bottom, moved through an update at each release.

import Replay
import Testing
import TraceCore

/// `ChatItemToRestore` against `StateController.process(changeItems:)` of ekazaev/ChatLayout at
/// 2272ff6 (2.0.1), 9bbacaf (2.0.2) and 18df22f (2.0.11): which item is kept, and where the offset
/// goes after the update.
@Suite struct ChatItemToRestoreTests {
  static func column(_ count: Int, length: Double = 100) -> SelfSizingColumn {
    SelfSizingColumn(
      Array(repeating: SceneItem(length: length, reuseIdentifier: "m"), count: count))
  }

  static func message(_ length: Double = 100) -> SceneItem {
    SceneItem(length: length, reuseIdentifier: "m")
  }

  /// 852 pt bounds under 59 pt of top bar and 34 of home indicator: 759 pt visible.
  static func viewport(y: Double) -> SelfSizingViewport {
    SelfSizingViewport(boundsMinY: y, boundsHeight: 852, topInset: 59, bottomInset: 34)
  }

  /// At the bottom of 20 messages of 100 pt the last visible one is the last, flush with the
  /// bottom of the visible area; one scrolled up 250 pt finds message 17, 50 pt below it.
  @Test func recordsTheLastItemIntersectingTheVisibleArea() {
    let column = Self.column(20)
    let bottom = Self.viewport(y: 2000 - 852 + 34)
    #expect(ChatItemToRestore.recorded(in: column, bottom) == .init(index: 19, offset: 0))
    let above = Self.viewport(y: 2000 - 852 + 34 - 250)
    #expect(ChatItemToRestore.recorded(in: column, above) == .init(index: 17, offset: 50))
    // An item that only touches the area's bottom edge is outside it (`CGRect.intersects`).
    let touching = Self.viewport(y: 2000 - 852 + 34 - 300)
    #expect(ChatItemToRestore.recorded(in: column, touching) == .init(index: 16, offset: 0))
    #expect(ChatItemToRestore.recorded(in: Self.column(0), bottom) == nil)
  }

  /// An appended message takes the kept message's place from 2.0.2 on.
  ///
  /// 2.0.1 compares `itemToRestore.globalIndex >= globalIndex`: a message appended right below the
  /// last one leaves the old last message the item kept, so the new one stays below the edge.
  /// 2.0.2 (9bbacaf) compares `globalIndex <= itemToRestore.globalIndex + 1`: the appended message
  /// becomes the item kept.
  @Test func anAppendedMessageTakesThePlaceFrom2_0_2() {
    let append = BatchUpdate(inserts: [.init(index: 20, item: Self.message())])
    let last = ChatItemToRestore(index: 19, offset: 0)
    #expect(ChatItemToRestore.through(append, from: last, revealsInsertBelow: false) == last)
    #expect(
      ChatItemToRestore.through(append, from: last, revealsInsertBelow: true)
        == .init(index: 20, offset: 0))
    // Two appended at once: the kept item walks down to the last of them.
    let two = BatchUpdate(
      inserts: [.init(index: 21, item: Self.message()), .init(index: 20, item: Self.message())])
    #expect(
      ChatItemToRestore.through(two, from: last, revealsInsertBelow: true)
        == .init(index: 21, offset: 0))
    // Reading further up, an append is not right below the kept item: neither rule moves it.
    let reading = ChatItemToRestore(index: 17, offset: 50)
    for rule in [false, true] {
      #expect(ChatItemToRestore.through(append, from: reading, revealsInsertBelow: rule) == reading)
    }
  }

  /// History prepended above: every insert at or above the item moves it down one, in both rules.
  @Test func aPrependKeepsTheItem() {
    let prepend = BatchUpdate(inserts: (0..<5).map { .init(index: $0, item: Self.message()) })
    let kept = ChatItemToRestore(index: 12, offset: 37)
    for rule in [false, true] {
      #expect(
        ChatItemToRestore.through(prepend, from: kept, revealsInsertBelow: rule)
          == .init(index: 17, offset: 37))
    }
  }

  /// Deletes go first, highest index down: one at or above the item moves it up, and deleting item
  /// 0 while it is the item forgets it, after which the first insert becomes the item.
  @Test func deletesThenInserts() {
    let kept = ChatItemToRestore(index: 5, offset: 0)
    let deletes = BatchUpdate(deletes: [7, 5, 2])
    #expect(
      ChatItemToRestore.through(deletes, from: kept, revealsInsertBelow: true)
        == .init(index: 3, offset: 0))
    let first = ChatItemToRestore(index: 0, offset: 12)
    let replaced = BatchUpdate(deletes: [0], inserts: [.init(index: 3, item: Self.message())])
    #expect(
      ChatItemToRestore.through(replaced, from: first, revealsInsertBelow: false)
        == .init(index: 3, offset: 0))
    // A move is a delete of its source and an insert at its destination.
    let move = BatchUpdate(moves: [.init(from: 9, to: 0)])
    #expect(
      ChatItemToRestore.through(move, from: kept, revealsInsertBelow: false)
        == .init(index: 6, offset: 0))
  }

  /// The offset after the update puts the kept item's bottom edge back at its distance, clamped;
  /// content no taller than the visible area, or no movement, proposes nothing.
  @Test func theTargetOffset() {
    var column = Self.column(20)
    let bottom = Self.viewport(y: 1182)
    try? column.apply(.insert(section: 0, index: 20, items: [Self.message(120)]))
    #expect(ChatItemToRestore(index: 20, offset: 0).targetContentOffset(in: column, bottom) == 1302)
    #expect(ChatItemToRestore(index: 19, offset: 0).targetContentOffset(in: column, bottom) == nil)
    #expect(ChatItemToRestore(index: 21, offset: 0).targetContentOffset(in: column, bottom) == nil)
    let short = Self.column(7)
    #expect(ChatItemToRestore(index: 6, offset: -60).targetContentOffset(in: short, bottom) == nil)
    // Beyond the content's end it clamps to the largest offset.
    #expect(
      ChatItemToRestore(index: 20, offset: -500).targetContentOffset(in: column, bottom) == 1302)
  }
}
