// scrolltrace — a self-sizing list's scene: estimates, and the sizes the device resolves.

import ScrollTraceRecorder
import Testing
import TraceCore

@Suite struct SceneLinesLayoutTests {
  /// Rows of a self-sizing table: the first three measured (the device displayed them), the rest
  /// at their estimate of 44 pt; an inset of 20 pt above the first and 30 pt after the last.
  static func table() -> [(key: Int, cell: SceneLines.Cell)] {
    let heights: [Double] = [90, 120, 60, 44, 44, 44]
    var y = 20.0
    var cells: [(key: Int, cell: SceneLines.Cell)] = []
    for (row, height) in heights.enumerated() {
      cells.append(
        (
          row,
          SceneLines.Cell(
            frame: Rect(x: 0, y: y, width: 390, height: height), reuseIdentifier: "row",
            estimatedLength: 44)
        ))
      y += height
    }
    return cells
  }

  /// Each line holds its estimate beside its length, the space before the first and after the last
  /// line in both, and a line without an estimate holds none.
  @Test func linesHoldTheirEstimates() throws {
    let layout = SceneLines.layout(of: Self.table(), axis: .vertical, contentLength: 452)
    guard case .list(let items) = layout.scene.layout else {
      Issue.record("not a list")
      return
    }
    #expect(items.map(\.length) == [110, 120, 60, 44, 44, 74])
    #expect(items.map(\.estimatedLength) == [64, 44, 44, 44, 44, 74])
    #expect(layout.scene.formatVersion == .contentChanges)
    let plain = SceneLines.scene(
      of: [SceneLines.Cell(frame: Rect(x: 0, y: 0, width: 1, height: 10), reuseIdentifier: "a")],
      axis: .vertical)
    #expect(
      plain == Scene(axis: .vertical, layout: .list([SceneItem(length: 10, reuseIdentifier: "a")])))
  }

  /// A size resolved becomes the edit of its line, with the line's spacing kept; a size that
  /// leaves the line as it was, an unknown key and a length that is not finite give none.
  @Test func aResolvedSizeIsTheEditOfItsLine() {
    var layout = SceneLines.layout(of: Self.table(), axis: .vertical, contentLength: 452)
    #expect(layout.item(for: 4) == 4)
    #expect(layout.item(for: 99) == nil)
    #expect(
      layout.resolveSize(of: 5, length: 100) == .sizeResolved(section: 0, index: 5, length: 130))
    #expect(layout.resolveSize(of: 5, length: 100) == nil, "the line already has that length")
    #expect(
      layout.resolveSize(of: 0, length: 80) == .sizeResolved(section: 0, index: 0, length: 100))
    #expect(layout.resolveSize(of: 99, length: 80) == nil)
    #expect(layout.resolveSize(of: 3, length: .nan) == nil)
    #expect(layout.resolveSize(of: 3, length: -1) == nil)
  }

  /// In a grid, a line is as long as its longest cell: a cell that resolves shorter than its
  /// neighbour leaves the line as it is, one that resolves longer lengthens it.
  @Test func aGridLineFollowsItsLongestCell() {
    let cells: [(key: String, cell: SceneLines.Cell)] = [
      (
        "a",
        SceneLines.Cell(
          frame: Rect(x: 0, y: 0, width: 190, height: 100), reuseIdentifier: "photo",
          estimatedLength: 100)
      ),
      (
        "b",
        SceneLines.Cell(
          frame: Rect(x: 200, y: 0, width: 190, height: 100), reuseIdentifier: "photo",
          estimatedLength: 100)
      ),
      (
        "c",
        SceneLines.Cell(
          frame: Rect(x: 0, y: 110, width: 190, height: 100), reuseIdentifier: "photo",
          estimatedLength: 100)
      ),
    ]
    var layout = SceneLines.layout(of: cells, axis: .vertical)
    #expect(layout.item(for: "a") == 0 && layout.item(for: "b") == 0 && layout.item(for: "c") == 1)
    #expect(layout.resolveSize(of: "a", length: 80) == nil)
    #expect(
      layout.resolveSize(of: "b", length: 150) == .sizeResolved(section: 0, index: 0, length: 160))
    #expect(
      layout.resolveSize(of: "b", length: 90) == .sizeResolved(section: 0, index: 0, length: 100))
  }
}
