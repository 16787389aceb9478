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
    // Mostly whole rows; some halves and thirds, which share rows.
    let width = [1, 1, 1, 2, 3].randomElement(using: &random) ?? 1
    return SceneItem(
      length: length, reuseIdentifier: "m", estimatedLength: estimated ? 60 : nil,
      widthDivisor: width)
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
      #expect(inPlace.rowFirstItems == general.rowFirstItems)
      #expect(inPlace.lengths.values == general.lengths.values)
      #expect(
        (0...inPlace.count).map(inPlace.start(of:)) == (0...general.count).map(general.start(of:)))
      // Some items size themselves between updates, as the layout shows them.
      let shown = Int.random(in: 0..<inPlace.count, using: &random)
      inPlace.size(shown)
      general.size(shown)
    }
  }

  /// MagazineLayout's rows (`SectionModel`, 1.0.0 on): consecutive items of one width mode share a
  /// row until it holds as many as the divisor, a change of width mode ends it, and a whole-width
  /// item is a row alone.
  @Test func rowsEndWhenFullOrWhenTheWidthChanges() {
    let widths = [2, 2, 2, 3, 3, 1, 3, 3, 3, 3, 2, 1, 1]
    let column = SelfSizingColumn(
      widths.map { SceneItem(length: 10, reuseIdentifier: "c", widthDivisor: $0) })
    #expect(column.rowFirstItems == [0, 2, 3, 5, 6, 9, 10, 11, 12])
    #expect(column.rowOfItem == [0, 0, 1, 2, 2, 3, 4, 4, 4, 5, 6, 7, 8])
    #expect((0..<widths.count).filter(column.endsRow) == [1, 2, 4, 5, 8, 9, 10, 11, 12])
    #expect(column.contentLength == 90)
  }

  /// A row is as tall as its tallest item at its laid-out length: sizing the one still at its
  /// estimate changes the row's height, and what comes after moves by that much.
  @Test func aRowIsAsTallAsItsTallestItem() {
    var column = SelfSizingColumn([
      SceneItem(length: 80, reuseIdentifier: "c", widthDivisor: 3),
      SceneItem(length: 300, reuseIdentifier: "c", estimatedLength: 120, widthDivisor: 3),
      SceneItem(length: 100, reuseIdentifier: "c", widthDivisor: 3),
      SceneItem(length: 50, reuseIdentifier: "c"),
    ])
    #expect(column.lengths.values == [120, 50])
    #expect(column.start(of: 3) == 120)
    #expect(column.indexes(intersecting: 0, 10) == 0..<3)
    #expect(column.indexes(intersecting: 119, 121) == 0..<4)
    #expect(column.firstIndex(endingAfter: 100) == 0 && column.firstIndex(endingAfter: 130) == 3)
    #expect(column.size(1) == 120)
    #expect(column.lengths.values == [300, 50])
    #expect(column.start(of: 3) == 300 && column.start(of: 2) == 0)
    #expect(column.length(of: 0) == 80 && column.rowLength(of: 0) == 300)
    #expect(
      (0..<3).map { column.frame(of: $0, rowStart: 0, width: 390).origin.x } == [0, 130, 260])
    // reloadData: every size forgotten, the row at its estimate again.
    try? column.apply(.reloadData(section: 0))
    #expect(column.lengths.values == [120, 50])
  }
}
