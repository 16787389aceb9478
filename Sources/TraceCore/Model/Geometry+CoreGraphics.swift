// scrolltrace — the model's geometry as Core Graphics types, for logic shared with an app.

public import Foundation

// Foundation declares `CGFloat`, `CGPoint`, `CGSize` and `CGRect` on Linux as on Apple platforms,
// so scroll logic written against them (a snap target, an offset after a size change, a layout)
// compiles unchanged in an iOS app and in an engine. These conversions cross between that logic
// and the model. Points throughout.

extension Point {
  /// The point `point`, in points.
  public init(_ point: CGPoint) {
    self.init(x: Double(point.x), y: Double(point.y))
  }

  /// This point as a `CGPoint`.
  public var cgPoint: CGPoint { CGPoint(x: CGFloat(x), y: CGFloat(y)) }
}

extension Size {
  /// The size `size`, in points.
  public init(_ size: CGSize) {
    self.init(width: Double(size.width), height: Double(size.height))
  }

  /// This size as a `CGSize`.
  public var cgSize: CGSize { CGSize(width: CGFloat(width), height: CGFloat(height)) }
}

extension Rect {
  /// The rectangle `rect`, in points (its origin and size as given, not standardized).
  public init(_ rect: CGRect) {
    self.init(
      x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
      height: Double(rect.size.height))
  }

  /// This rectangle as a `CGRect`.
  public var cgRect: CGRect { CGRect(origin: origin.cgPoint, size: size.cgSize) }
}
