// scrolltrace — a point of the content, followed from one frame to the next.

package import Replay
package import TraceCore

/// A point of the content: a fraction of an item's frame when an item is there, otherwise a point
/// in content coordinates.
///
/// An item is found again by its identity when the engine reports one
/// (`EngineFrame.VisibleItem.id`), so an insert above it does not lose it; otherwise by section
/// and index.
///
/// Following it to the next frame shows how far the content moved on
/// screen, whatever the engine did to its layout in between.
package enum ContentAnchor: Sendable, Hashable {
  /// A point at `fraction` (0–1 per axis) of item `index` of `section`.
  case item(section: Int, index: Int, id: Int?, fraction: Point)
  /// A point in content coordinates, in points, where no item is.
  case content(Point)

  /// The anchor at `point` (content coordinates) in `frame`: the first visible item containing it.
  package init(at point: Point, in frame: borrowing ReplayFrame) {
    for item in frame.engine.visibleItems {
      let box = item.frame
      guard box.minX <= point.x, point.x < box.maxX || box.size.width == 0,
        box.minY <= point.y, point.y < box.maxY || box.size.height == 0
      else { continue }
      let fraction = Point(
        x: box.size.width > 0 ? (point.x - box.minX) / box.size.width : 0,
        y: box.size.height > 0 ? (point.y - box.minY) / box.size.height : 0)
      self = .item(section: item.section, index: item.index, id: item.id, fraction: fraction)
      return
    }
    self = .content(point)
  }

  /// Where the anchor is in `frame`, in content coordinates: on its item if the item is visible
  /// there, otherwise at `fallback` (the content point where the anchor was).
  package func location(in frame: ReplayFrame, fallback: Point) -> Point {
    switch self {
    case .content(let point):
      return point
    case .item(let section, let index, let id, let fraction):
      guard
        let item = frame.engine.visibleItems.first(where: {
          if let id { return $0.id == id && $0.section == section }
          return $0.section == section && $0.index == index
        })
      else {
        return fallback
      }
      return Point(
        x: item.frame.minX + fraction.x * item.frame.size.width,
        y: item.frame.minY + fraction.y * item.frame.size.height)
    }
  }

  /// The item, if the anchor is on one.
  package var item: (section: Int, index: Int)? {
    if case .item(let section, let index, _, _) = self { return (section, index) }
    return nil
  }
}
