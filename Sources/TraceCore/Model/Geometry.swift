// scrolltrace — geometry values shared by every stage of the pipeline.

/// A point in a two-dimensional coordinate space, in points (UIKit's `CGPoint`).
public struct Point: Sendable, Hashable, Codable, BitwiseCopyable {
  /// The horizontal coordinate, in points.
  public var x: Double
  /// The vertical coordinate, in points.
  public var y: Double

  /// Creates a point from its coordinates, in points.
  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point at the origin.
  @inlinable public static var zero: Point { Point(x: 0, y: 0) }

  /// The straight-line distance to `other`, in the points' unit.
  @inlinable public func distance(to other: Point) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }
}

/// A width and a height, in points (UIKit's `CGSize`).
public struct Size: Sendable, Hashable, Codable {
  /// The width, in points.
  public var width: Double
  /// The height, in points.
  public var height: Double

  /// Creates a size from its width and height, in points.
  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size whose width and height are zero.
  @inlinable public static var zero: Size { Size(width: 0, height: 0) }
}

/// Insets of the four edges of a rectangle, in points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Sendable, Hashable, Codable {
  /// The inset of the top edge, in points.
  public var top: Double
  /// The inset of the left edge, in points.
  public var left: Double
  /// The inset of the bottom edge, in points.
  public var bottom: Double
  /// The inset of the right edge, in points.
  public var right: Double

  /// Creates insets from the four edges, in points.
  @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets of zero on every edge.
  @inlinable public static var zero: EdgeInsets { EdgeInsets() }

  private enum CodingKeys: String, CodingKey { case top, left, bottom, right }

  /// Decodes insets; a missing edge is 0.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    top = try c.decodeIfPresent(Double.self, forKey: .top) ?? 0
    left = try c.decodeIfPresent(Double.self, forKey: .left) ?? 0
    bottom = try c.decodeIfPresent(Double.self, forKey: .bottom) ?? 0
    right = try c.decodeIfPresent(Double.self, forKey: .right) ?? 0
  }
}

/// The axis along which a scroll view or a scene lays out its content.
public enum Axis: UInt8, Sendable, Hashable, Codable, CaseIterable {
  /// Top to bottom.
  case vertical = 0
  /// Leading to trailing (left to right).
  case horizontal = 1
}

/// A rectangle in points.
public struct Rect: Sendable, Hashable {
  /// The top-left corner.
  public var origin: Point
  /// The size.
  public var size: Size

  /// Creates a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    origin = Point(x: x, y: y)
    size = Size(width: width, height: height)
  }

  /// The smallest x.
  public var minX: Double { origin.x }
  /// The smallest y.
  public var minY: Double { origin.y }
  /// The largest x.
  public var maxX: Double { origin.x + size.width }
  /// The largest y.
  public var maxY: Double { origin.y + size.height }

  /// Whether the rectangles overlap with a non-empty intersection.
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// Whether `other` lies wholly inside (`CGRect.contains(_: CGRect)`).
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether `point` lies inside: the leading edges in, the trailing edges out
  /// (`CGRect.contains(_: CGPoint)`).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
