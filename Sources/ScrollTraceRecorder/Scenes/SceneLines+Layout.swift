// scrolltrace — a list scene with the line each cell went into, for the sizes a device resolves.

public import TraceCore

extension SceneLines {
  /// A list scene with the item each cell went into: what turns a size the device resolved for a
  /// cell into an edit of the scene (``resolveSize(of:length:)``).
  ///
  /// It describes the list as it was laid out when it was made: after an update changes the list,
  /// make it again from the cells as they are (the scene it records is the update's to record).
  public struct Layout<Key: Hashable & Sendable>: Sendable {
    /// One cell in its line: where it starts after the line's start, and its length along the
    /// axis, in points.
    @usableFromInline
    struct Placed: Sendable {
      @usableFromInline var key: Key
      @usableFromInline var lead: Double
      @usableFromInline var length: Double

      @usableFromInline
      init(key: Key, lead: Double, length: Double) {
        self.key = key
        self.lead = lead
        self.length = length
      }
    }

    /// A cell along the axis, before it goes into a line.
    private struct Span {
      var start: Double
      var end: Double
      var key: Key
      var cell: Cell
    }

    /// The list scene, one item per line, as laid out when the layout was made.
    public let scene: Scene
    // What the inlinable look-ups read: a client specializes them for its key (an index path),
    // where an unspecialized dictionary of a generic key costs a call per hash and comparison.
    /// The line of each key.
    @usableFromInline var lineOfKey: [Key: Int] = [:]
    /// Each line's cells, its length now, and the length it has beyond its longest cell's end
    /// (spacing, an inset).
    @usableFromInline var cellsOfLine: [[Placed]] = []
    @usableFromInline var lengthOfLine: [Double] = []
    @usableFromInline var gapOfLine: [Double] = []

    init(cells: [(key: Key, cell: Cell)], axis: Axis, contentLength: Double?) {
      let spans =
        cells
        .map { key, cell -> Span in
          let start = axis == .vertical ? cell.frame.origin.y : cell.frame.origin.x
          let length = axis == .vertical ? cell.frame.size.height : cell.frame.size.width
          return Span(start: start, end: start + length, key: key, cell: cell)
        }
        .filter { $0.start.isFinite && $0.end.isFinite && $0.end > $0.start }
        .sorted { ($0.start, $0.end) < ($1.start, $1.end) }
      var lines: [(start: Double, end: Double, spans: [Span])] = []
      for span in spans {
        if let last = lines.last, span.start < last.end {
          lines[lines.count - 1].end = max(last.end, span.end)
          lines[lines.count - 1].spans.append(span)
        } else {
          lines.append((span.start, span.end, [span]))
        }
      }
      if let first = lines.first, first.start > 0 { lines[0].start = 0 }
      var items: [SceneItem] = []
      items.reserveCapacity(lines.count)
      for (index, line) in lines.enumerated() {
        var end = index + 1 < lines.count ? lines[index + 1].start : line.end
        if index + 1 == lines.count, let contentLength, contentLength.isFinite {
          end = max(end, contentLength)
        }
        let placed = line.spans.map {
          Placed(key: $0.key, lead: $0.start - line.start, length: $0.end - $0.start)
        }
        let length = end - line.start
        let gap = length - Self.extent(placed)
        var estimatedLength: Double?
        if line.spans.contains(where: { $0.cell.estimatedLength != nil }) {
          let estimated = zip(placed, line.spans).map { placed, span in
            var placed = placed
            if let estimate = span.cell.estimatedLength, estimate.isFinite, estimate >= 0 {
              placed.length = estimate
            }
            return placed
          }
          estimatedLength = gap + Self.extent(estimated)
        }
        for cell in placed { lineOfKey[cell.key] = index }
        cellsOfLine.append(placed)
        lengthOfLine.append(length)
        gapOfLine.append(gap)
        items.append(
          SceneItem(
            length: length, reuseIdentifier: line.spans[0].cell.reuseIdentifier,
            estimatedLength: estimatedLength))
      }
      scene = Scene(axis: axis, layout: .list(items))
    }

    /// The index of the item (the line) the cell with `key` went into; nil for a key not given, or
    /// a cell left out.
    @inlinable
    public func item(for key: Key) -> Int? {
      lineOfKey[key]
    }

    /// The edit that records the device sizing the cell with `key` at `length` points along the
    /// axis; the layout keeps the new length for the next.
    ///
    /// The item's length is its line's: the longest of its cells, the resized one at `length`,
    /// and the spacing after them. Call it where the app learns the size (a table row's height in
    /// `tableView(_:willDisplay:forRowAt:)`, a cell's `preferredLayoutAttributesFitting(_:)`), and
    /// pass the edit to ``TraceRecorder/recordSceneEdit(_:at:)``.
    ///
    /// - Returns: `SceneEdit.sizeResolved` of the line, or nil for a key not given, a length that
    ///   is negative or not finite, or a line whose length it leaves as it was.
    /// - Complexity: O(c) in the cells of the line.
    @inlinable
    public mutating func resolveSize(of key: Key, length: Double) -> SceneEdit? {
      guard length.isFinite, length >= 0, let line = lineOfKey[key],
        let cell = cellsOfLine[line].firstIndex(where: { $0.key == key })
      else { return nil }
      cellsOfLine[line][cell].length = length
      let lineLength = gapOfLine[line] + Self.extent(cellsOfLine[line])
      guard lineLength != lengthOfLine[line] else { return nil }
      lengthOfLine[line] = lineLength
      return .sizeResolved(section: 0, index: line, length: lineLength)
    }

    /// How far a line's cells reach from its start, in points.
    @usableFromInline
    static func extent(_ cells: [Placed]) -> Double {
      cells.reduce(0) { max($0, $1.lead + $1.length) }
    }
  }
}
