// scrolltrace — the batch update between two lists of identifiers (a diffable apply).

import Testing
import TraceCore

@Suite struct BatchUpdateIdentifiersTests {
  static func item(_ id: Int) -> SceneItem {
    SceneItem(length: Double(id), reuseIdentifier: "row")
  }

  /// The update applied to the old list gives the new one, for random lists: items deleted,
  /// inserted, shuffled and reloaded; and a list left as it was gives an update that does nothing.
  @Test func theUpdateTakesTheOldListToTheNew() throws {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let old = (0..<Int.random(in: 0...30, using: &random)).filter { _ in
        Bool.random(using: &random)
      }
      var new = old.filter { _ in Int.random(in: 0...4, using: &random) != 0 }
      if Bool.random(using: &random), new.count > 1 {
        new.swapAt(
          Int.random(in: 0..<new.count, using: &random),
          Int.random(in: 0..<new.count, using: &random))
      }
      for id in 100..<(100 + Int.random(in: 0...4, using: &random)) {
        new.insert(id, at: Int.random(in: 0...new.count, using: &random))
      }
      let reloaded = Set(new.filter { _ in Int.random(in: 0...5, using: &random) == 0 })
      let update = try #require(
        BatchUpdate(from: old, to: new, reloaded: reloaded, item: Self.item))
      let applied = try update.applied(
        to: old.map(Self.item), reloaded: { $1.item }, inserted: { $0.item })
      #expect(applied == new.map(Self.item))
      #expect(update.moves.count <= new.count)
      if old == new {
        #expect(update.moves.isEmpty && update.deletes.isEmpty && update.inserts.isEmpty)
      }
    }
  }

  /// A message appended and history prepended are inserts alone; one item moved to the front is
  /// one move; a reloaded item that moves is deleted and inserted; duplicates are refused.
  @Test func commonUpdatesAreWhatUIKitWouldApply() throws {
    let append = try #require(BatchUpdate(from: [1, 2, 3], to: [1, 2, 3, 4], item: Self.item))
    #expect(append.inserts == [.init(index: 3, item: Self.item(4))])
    #expect(append.deletes.isEmpty && append.moves.isEmpty)
    let prepend = try #require(BatchUpdate(from: [3, 4], to: [1, 2, 3, 4], item: Self.item))
    #expect(prepend.inserts.map(\.index) == [0, 1])
    let move = try #require(BatchUpdate(from: [1, 2, 3, 4], to: [4, 1, 2, 3], item: Self.item))
    #expect(move.moves == [.init(from: 3, to: 0)])
    let reload = try #require(
      BatchUpdate(from: [1, 2, 3], to: [3, 1, 2], reloaded: [2, 3], item: Self.item))
    #expect(reload.reloads == [.init(index: 1, item: Self.item(2))])
    #expect(reload.deletes == [2] && reload.inserts == [.init(index: 0, item: Self.item(3))])
    #expect(BatchUpdate(from: [1, 1], to: [1], item: Self.item) == nil)
    #expect(BatchUpdate(from: [1], to: [2, 2], item: Self.item) == nil)
    let still = try #require(
      BatchUpdate(from: [1], to: [1], isAnimated: false, duration: 300_000_000, item: Self.item))
    #expect(still.duration == 0)
  }
}
