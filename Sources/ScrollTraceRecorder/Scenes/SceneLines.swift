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
///
/// A self-sizing list's cells carry their estimates: a line with one is a self-sizing item
/// (format 1.4), whose estimate is its length with each cell at its estimate. The device lays out
/// a cell it has not displayed yet at its estimate, so such a line's length is its estimate too
/// until the device sizes it; ``Layout/resolveSize(of:length:)`` gives the edit that records the
/// size the device resolved (format 1.9).
public enum SceneLines {
  /// One cell: its frame in the content, in points, and the identifier it is dequeued with.
  public struct Cell: Sendable, Hashable {
    /// The cell's frame in the scroll view's content, in points.
    public var frame: Rect
    /// The reuse identifier the cell is dequeued with.
    public var reuseIdentifier: String
    /// For a self-sizing cell, the length along the scroll axis the layout assumes until it sizes
    /// the cell (`estimatedRowHeight`, `estimatedItemSize`), in points; nil for a cell whose
    /// length the layout knows from the start.
    public var estimatedLength: Double?

    /// Creates a cell.
    public init(frame: Rect, reuseIdentifier: String, estimatedLength: Double? = nil) {
      self.frame = frame
      self.reuseIdentifier = reuseIdentifier
      self.estimatedLength = estimatedLength
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
    layout(
      of: cells.enumerated().map { ($0.offset, $0.element) }, axis: axis,
      contentLength: contentLength
    )
    .scene
  }

  /// The list scene of `cells` along `axis`, with the item each cell went into, found by the key
  /// it is given (an index path).
  ///
  /// - Parameters:
  ///   - cells: each cell with its key; a key given twice names its last cell.
  ///   - axis: the scroll axis.
  ///   - contentLength: the content's length along `axis`, in points, as for
  ///     ``scene(of:axis:contentLength:)``.
  /// - Returns: the scene, one item per line, and the line of each key.
  /// - Complexity: O(n log n) in the number of cells.
  public static func layout<Key: Hashable & Sendable>(
    of cells: [(key: Key, cell: Cell)], axis: Axis, contentLength: Double? = nil
  ) -> Layout<Key> {
    Layout(cells: cells, axis: axis, contentLength: contentLength)
  }
}
