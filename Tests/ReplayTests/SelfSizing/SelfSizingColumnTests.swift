// scrolltrace — a self-sizing column applies a chat's updates in place, as the general path would.

import Replay
import Testing
import TraceCore

/// Appends and reloads applied in place give the column the general path gives.
///
/// `SelfSizingColumn.apply(_:)` takes an update that only reloads items and appends new ones
/// without rebuilding the column; the general path (`BatchUpdate.applied`) must give the same
/// column. An update with a move of an item onto its own place changes nothing but takes the
/// general path: the two are compared after each random update.
@Suite struct SelfSizingColumnTests {
  static func item(_ random: inout SeededGenerator) -> SceneItem {
    let length = Double(Int.random(in: 20...300, using: &random))
    let estimated = Bool.random(using: &random)
    return SceneItem(length: length, reuseIdentifier: "m", estimatedLength: estimated ? 60 : nil)
  }

  @Test(arguments: [1, 2, 3, 4])
  func appendsAndReloadsInPlaceGiveWhatTheGeneralPathGives(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let start = (0..<30).map { _ in Self.item(&random) }
    var inPlace = SelfSizingColumn(start)
    var general = SelfSizingColumn(start)
    for _ in 0..<200 {
      let count = inPlace.count
      let reloads = Array(
        Set(
          (0..<Int.random(in: 0...2, using: &random)).map { _ in
            Int.random(in: 0..<count, using: &random)
          })
      ).sorted().map { BatchUpdate.Reload(index: $0, item: Self.item(&random)) }
      let inserts = (0..<Int.random(in: 0...2, using: &random)).map {
        BatchUpdate.Insertion(index: count + $0, item: Self.item(&random))
      }
      let update = BatchUpdate(reloads: reloads, inserts: inserts)
      try inPlace.apply(.batchUpdate(update))
      // A move of an unreloaded item onto its own index: the same update by the general path.
      let still = (0..<count).first { index in !reloads.contains { $0.index == index } } ?? 0
      var moved = update
      moved.moves = [BatchUpdate.Move(from: still, to: still)]
      try general.apply(.batchUpdate(moved))
      #expect(inPlace.entries == general.entries)
      #expect(
        (0...inPlace.count).map(inPlace.start(of:)) == (0...general.count).map(general.start(of:)))
      // Some items size themselves between updates, as the layout shows them.
      let shown = Int.random(in: 0..<inPlace.count, using: &random)
      inPlace.size(shown)
      general.size(shown)
    }
  }
}
