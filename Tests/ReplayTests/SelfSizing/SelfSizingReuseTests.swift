// scrolltrace — a self-sizing collection keeps the cells of items an update leaves on screen.

import Replay
import Testing
import TraceIngest

/// UIKit moves a cell with its item across a batch update: the cells on screen are dequeued again
/// only for items that arrive, and for an item reloaded (`reloadItems(at:)` gives it a new cell).
@Suite struct SelfSizingReuseTests {
  /// The dequeues (reused and created) of each frame of `steps` on a list of 30 rows of 100 pt,
  /// replayed on `magazine@4`.
  static func dequeues(_ steps: String) throws -> [Int] {
    let (header, events) = try FrameRateIndependenceTests.script(rate: 120, rows: 30, steps: steps)
    var session = ReplaySession(
      header: header, engine: SelfSizingEngine(policy: MagazineLayoutPolicy(version: 4)))
    var schedule = FrameSchedule(
      events: events.makeIterator(), refreshRate: header.device.refreshRate, trailingFrames: 2)
    var counts: [Int] = []
    while let step = schedule.next() {
      if let frame = try session.step(step) {
        counts.append(frame.engine.dequeuesReused + frame.engine.dequeuesCreated)
      }
    }
    return counts
  }

  /// An insert below, a prepend above, and a reload each dequeue only what arrives.
  ///
  /// Rows of 300 pt in an 844 pt viewport: three on screen. An insert below them and a prepend
  /// above them (the layout keeps them where they were) dequeue nothing; a reload of one on screen
  /// dequeues one cell.
  @Test func anUpdateDequeuesOnlyWhatArrives() throws {
    let first = try Self.dequeues(#"[{ "wait": 0.1 }]"#)
    #expect(first.first == 3)
    let insertBelow = try Self.dequeues(
      #"[{ "wait": 0.1 }, { "batchUpdate": { "inserts": [{ "at": 20, "items": [{ "length": 300, "reuse": "row" }] }] } }, { "wait": 0.1 }]"#
    )
    #expect(insertBelow.dropFirst().reduce(0, +) == 0)
    let prepend = try Self.dequeues(
      #"[{ "scrollTo": { "offset": [0, 900], "animated": false } }, { "wait": 0.1 }, { "prepend": { "items": [{ "length": 300, "reuse": "row", "repeat": 3 }] } }, { "wait": 0.1 }]"#
    )
    #expect(prepend.dropFirst().reduce(0, +) == 0)
    let reload = try Self.dequeues(
      #"[{ "wait": 0.1 }, { "batchUpdate": { "reloads": [{ "index": 1, "length": 300, "reuse": "row" }] } }, { "wait": 0.1 }]"#
    )
    #expect(reload.dropFirst().reduce(0, +) == 1)
  }
}
