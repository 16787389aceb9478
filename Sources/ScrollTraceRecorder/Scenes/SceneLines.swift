// scrolltrace — a table or collection view as a list scene, from its items' frames.

public import TraceCore

/// Describes a table view, or a collection view with a flow layout, as a list scene: one item per
/// line of cells along the scroll axis.
///
/// The replay's list is one-dimensional, so cells that share a line (a grid's columns) become one
/// item: the line runs from its first cell's leading edge to the next line's, spacing included, and
/// takes the reuse identifier of its first cell. Headers and footers are cells like any other. The
/// content before the first line (a table's header view left out, a section inset) belongs to the
/// first item, and the content after the last line, up to the content's length, to the last, so
/// that every item sits where it sits on the device. Only frames and reuse identifiers go in:
/// never the cells' content.
public enum SceneLines {
  /// One cell: its frame in the content, in points, and the identifier it is dequeued with.
  public struct Cell: Sendable, Hashable {
    /// The cell's frame in the scroll view's content, in points.
    public var frame: Rect
    /// The reuse identifier the cell is dequeued with.
    public var reuseIdentifier: String

    /// Creates a cell.
    public init(frame: Rect, reuseIdentifier: String) {
      self.frame = frame
      self.reuseIdentifier = reuseIdentifier
    }
  }

  /// The list scene of `cells` along `axis`; a cell whose frame is not finite or has no extent is
  /// left out.
  ///
  /// Cells overlapping along the axis share a line. The first line starts at the content's origin
  /// (0) when its cells start after it.
  ///
  /// - Parameters:
  ///   - cells: the cells, headers and footers, in any order.
  ///   - axis: the scroll axis.
  ///   - contentLength: the content's length along `axis` (`contentSize`), in points: the last line
  ///     runs to it. `nil`, or a value that is not finite, ends the last line at its cells.
  /// - Returns: a list scene, one item per line.
  /// - Complexity: O(n log n) in the number of cells.
  public static func scene(of cells: [Cell], axis: Axis, contentLength: Double? = nil) -> Scene {
    let spans =
      cells
      .map { cell -> (start: Double, end: Double, identifier: String) in
        let start = axis == .vertical ? cell.frame.origin.y : cell.frame.origin.x
        let length = axis == .vertical ? cell.frame.size.height : cell.frame.size.width
        return (start, start + length, cell.reuseIdentifier)
      }
      .filter { $0.start.isFinite && $0.end.isFinite && $0.end > $0.start }
      .sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    var lines: [(start: Double, end: Double, identifier: String)] = []
    for span in spans {
      if let last = lines.last, span.start < last.end {
        lines[lines.count - 1].end = max(last.end, span.end)
      } else {
        lines.append(span)
      }
    }
    var items: [SceneItem] = []
    items.reserveCapacity(lines.count)
    if let first = lines.first, first.start > 0 { lines[0].start = 0 }
    for (index, line) in lines.enumerated() {
      var end = index + 1 < lines.count ? lines[index + 1].start : line.end
      if index + 1 == lines.count, let contentLength, contentLength.isFinite {
        end = max(end, contentLength)
      }
      items.append(SceneItem(length: end - line.start, reuseIdentifier: line.identifier))
    }
    return Scene(axis: axis, layout: .list(items))
  }
}
