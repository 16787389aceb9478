// scrolltrace — the keyboard over a self-sizing list: the inset an app sets, and ChatLayout's
// example keeping the last visible message above the keyboard.

import Replay
import Testing
import TraceCore
import TraceIngest

/// `BottomItemSnapshot` against `getContentOffsetSnapshot(from: .bottom)` and
/// `restoreContentOffset(with:)` of ekazaev/ChatLayout at 18df22f (the same at 2272ff6 and
/// 9bbacaf), and the engine around it as the example's `keyboardWillChangeFrame(info:)` drives it.
@Suite struct KeyboardHandlingTests {
  typealias Column = ChatItemToRestoreTests

  /// The last item whose top is at or above the bottom of the visible area, and its distance
  /// above that edge; an item whose top touches the edge counts (`minY <= visibleBounds.maxY`),
  /// unlike the batch update's item to restore (`CGRect.intersects`).
  @Test func theSnapshotTakesTheLastItemStartingAboveTheBottomEdge() {
    let column = Column.column(20)
    let bottom = Column.viewport(y: 2000 - 852 + 34)
    #expect(BottomItemSnapshot.taken(in: column, bottom) == .init(index: 19, offset: 0))
    let above = Column.viewport(y: 2000 - 852 + 34 - 250)
    #expect(BottomItemSnapshot.taken(in: column, above) == .init(index: 17, offset: -50))
    let touching = Column.viewport(y: 2000 - 852 + 34 - 300)
    #expect(BottomItemSnapshot.taken(in: column, touching) == .init(index: 17, offset: -100))
    #expect(BottomItemSnapshot.taken(in: Column.column(0), bottom) == nil)
  }

  /// Restored under a bottom inset grown by a 302 pt keyboard, the item's bottom edge is back at
  /// its distance above the visible area's bottom: the offset grows by the inset's change, clamped
  /// to the offset range.
  @Test func restoringPutsTheItemBackAtItsDistanceAboveTheNewBottom() {
    let column = Column.column(20)
    let snapshot = BottomItemSnapshot(index: 19, offset: 0)
    var typing = Column.viewport(y: 2000 - 852 + 34)
    typing.bottomInset = 34 + 302
    #expect(snapshot.contentOffset(in: column, typing) == Double(2000 - 852 + 34 + 302))
    // An item far up would need an offset above the top: clamped to the top inset.
    #expect(BottomItemSnapshot(index: 2, offset: 0).contentOffset(in: column, typing) == -59)
    // Gone, or nothing laid out: nothing to restore.
    #expect(BottomItemSnapshot(index: 20, offset: 0).contentOffset(in: column, typing) == nil)
    #expect(snapshot.contentOffset(in: Column.column(0), typing) == nil)
  }

  /// The inset that clears the keyboard: its overlap less the safe area the adjusted inset already
  /// adds, never negative; with `.never` the whole overlap.
  @Test func theInsetClearsTheKeyboardLessTheSafeAreaAlreadyAdded() {
    var geometry = ScrollGeometry(
      boundsSize: Size(width: 393, height: 852), contentSize: Size(width: 393, height: 3000),
      safeAreaInsets: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    let view = ScrollView(geometry: geometry)
    #expect(view.contentInsetBottom(clearing: KeyboardChange(overlap: 336)) == 302)
    #expect(view.contentInsetBottom(clearing: KeyboardChange(overlap: 20)) == 0)
    geometry.adjustmentBehavior = .never
    #expect(ScrollView(geometry: geometry).contentInsetBottom(clearing: .init(overlap: 336)) == 336)
  }

  /// The contentOffset of each frame of `steps` on 30 rows of 300 pt, replayed on `chat@3` in a
  /// screen answering the keyboard with `handling`.
  static func offsets(_ steps: String, _ handling: KeyboardHandling) throws -> [Double] {
    let (header, events) = try FrameRateIndependenceTests.script(rate: 120, rows: 30, steps: steps)
    var session = ReplaySession(
      header: header,
      engine: SelfSizingEngine(
        policy: ChatLayoutPolicy(version: 3, keyboardHandling: handling)))
    var schedule = FrameSchedule(
      events: events.makeIterator(), refreshRate: header.device.refreshRate, trailingFrames: 2)
    var offsets: [Double] = []
    while let step = schedule.next() {
      if let frame = try session.step(step) { offsets.append(frame.contentOffset.y) }
    }
    return offsets
  }

  /// At the bottom (9,000 pt of rows in 844 pt bounds, 34 pt of home indicator: offset 8,190),
  /// a 336 pt keyboard raises the offset by 302 with ChatLayout's example, not at all with the
  /// inset alone; hidden again (to the 84 pt input bar, inset 50) the example follows it down.
  @Test func theExampleRidesUpWithTheKeyboardAndTheInsetAloneDoesNot() throws {
    let steps = #"""
      [{ "scrollTo": { "offset": [0, 8190], "animated": false } }, { "wait": 0.1 },
       { "keyboard": { "overlap": 336, "duration": 0.25 } }, { "wait": 0.3 },
       { "keyboard": { "overlap": 84, "duration": 0.25 } }, { "wait": 0.3 }]
      """#
    let example = try Self.offsets(steps, .keepingBottomItem)
    #expect(example.first == 8190)
    #expect(example.contains(Double(8190 + 302)))
    #expect(example.last == Double(8190 + 50))
    let insetOnly = try Self.offsets(steps, .insetOnly)
    #expect(Set(insetOnly) == [8190])
  }

  /// The example's guards: a keyboard that ends off the scroll view (overlap 0) leaves the inset
  /// and offset alone, and a keyboard moving while the user drags sets the inset without
  /// restoring (`isUserInitiatedScrolling`), so the finger keeps the content.
  @Test func theExampleSkipsAKeyboardOffTheViewAndOneMovingUnderTheFinger() throws {
    let hidden = try Self.offsets(
      #"""
      [{ "scrollTo": { "offset": [0, 8190], "animated": false } }, { "wait": 0.1 },
       { "keyboard": { "overlap": 0, "duration": 0.25 } }, { "wait": 0.3 }]
      """#, .keepingBottomItem)
    #expect(Set(hidden) == [8190])
    let dragging = try Self.offsets(
      #"""
      [{ "scrollTo": { "offset": [0, 8190], "animated": false } }, { "wait": 0.1 },
       { "hold": { "at": [200, 400], "duration": 0.3 },
         "meanwhile": [{ "after": 0.1, "step": { "keyboard": { "overlap": 336, "duration": 0.25 } } }] }]
      """#, .keepingBottomItem)
    #expect(Set(dragging) == [8190])
  }
}
