// scrolltrace — what the screen shows while the bounds animate to a new size.

public import TraceCore

/// An animated resize (a rotation): the model takes its new size and offset at once, as UIKit's
/// model layer does, while the screen shows the bounds and offset moving from old to new along a
/// timing curve over the transition's duration.
public struct ViewportTransition: Sendable, Hashable {
  /// When the transition began, in nanoseconds.
  public let start: Int64
  /// The duration, in nanoseconds.
  public let duration: Int64
  /// The bounds size and offset before, in points.
  public let from: (size: Size, offset: Point)
  /// The bounds size and offset after, in points.
  public let to: (size: Size, offset: Point)
  /// The curve of the animation.
  public let curve: TimingCurve

  /// Creates a transition.
  public init(
    start: Int64, duration: Int64, from: (size: Size, offset: Point),
    to: (size: Size, offset: Point), curve: TimingCurve
  ) {
    self.start = start
    self.duration = duration
    self.from = from
    self.to = to
    self.curve = curve
  }

  /// The fraction of the animation done at `time` (0...1).
  public func progress(at time: Int64) -> Double {
    guard duration > 0 else { return 1 }
    return curve.progress(at: Double(time &- start) / Double(duration))
  }

  /// Whether the transition has finished at `time`.
  public func isDone(at time: Int64) -> Bool { time &- start >= duration }

  /// The bounds size and offset on screen at `time`, in points.
  public func presentation(at time: Int64) -> (size: Size, offset: Point) {
    let p = progress(at: time)
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
    return (
      Size(
        width: mix(from.size.width, to.size.width), height: mix(from.size.height, to.size.height)),
      Point(x: mix(from.offset.x, to.offset.x), y: mix(from.offset.y, to.offset.y))
    )
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.start == b.start && a.duration == b.duration && a.from.size == b.from.size
      && a.from.offset == b.from.offset
      && a.to.size == b.to.size && a.to.offset == b.to.offset && a.curve == b.curve
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(start)
    hasher.combine(duration)
    hasher.combine(to.size)
    hasher.combine(to.offset)
  }
}
