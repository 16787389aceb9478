// scrolltrace — the timing curve of an animated scroll.

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
public struct TimingCurve: Sendable, Hashable {
  /// The first control point (x in 0...1).
  public var c1: (x: Double, y: Double) { (x1, y1) }
  /// The second control point (x in 0...1).
  public var c2: (x: Double, y: Double) { (x2, y2) }
  private let x1: Double, y1: Double, x2: Double, y2: Double

  /// A curve with control points (x1, y1) and (x2, y2); x values are clamped to 0...1.
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = min(max(x1, 0), 1)
    self.y1 = y1
    self.x2 = min(max(x2, 0), 1)
    self.y2 = y2
  }

  /// `kCAMediaTimingFunctionEaseInEaseOut`: control points (0.42, 0) and (0.58, 1), as documented
  /// for `CAMediaTimingFunctionName.easeInEaseOut`
  /// (https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easeineaseout).
  public static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1)
  /// A straight line.
  public static let linear = TimingCurve(0, 0, 1, 1)

  /// The progress (0...1) at time fraction `fraction` (0...1).
  public func progress(at fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1)
    if x == 0 || x == 1 { return x }
    return bezier(parameter(forX: x), y1, y2)
  }

  /// The derivative of progress with respect to the time fraction at `fraction`.
  public func slope(at fraction: Double) -> Double {
    let s = parameter(forX: min(max(fraction, 0), 1))
    let dx = derivative(s, x1, x2)
    return dx > 1e-12 ? derivative(s, y1, y2) / dx : 0
  }

  /// The Bézier parameter whose x is `x`: Newton's method, then bisection if it stalls.
  ///
  /// Fixed
  /// iteration counts, so the result is the same on every machine.
  private func parameter(forX x: Double) -> Double {
    var s = x
    for _ in 0..<8 {
      let error = bezier(s, x1, x2) - x
      let dx = derivative(s, x1, x2)
      if abs(error) < 1e-12 { return s }
      if abs(dx) < 1e-9 { break }
      s -= error / dx
    }
    var low = 0.0
    var high = 1.0
    s = x
    for _ in 0..<60 {
      let value = bezier(s, x1, x2)
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
    }
    return s
  }

  private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
  }

  private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
  }
}

/// A motion along a ``TimingCurve`` over a fixed duration: `setContentOffset(_:animated:)`.
public struct CurveAnimation: Simulation, Hashable {
  /// The start position, in points.
  public let start: Double
  /// The end position, in points.
  public let end: Double
  /// The duration, in seconds.
  public let duration: Double
  /// The timing curve.
  public let curve: TimingCurve

  /// An animation from `start` to `end` (points) over `duration` seconds.
  public init(start: Double, end: Double, duration: Double, curve: TimingCurve) {
    self.start = start
    self.end = end
    self.duration = max(0, duration)
    self.curve = curve
  }

  /// The position at `time` seconds, in points; exactly `end` once done.
  public func position(at time: Double) -> Double {
    guard duration > 0, time < duration else { return end }
    return start + (end - start) * curve.progress(at: time / duration)
  }

  /// The velocity at `time` seconds, in points per second.
  public func velocity(at time: Double) -> Double {
    guard duration > 0, time < duration else { return 0 }
    return (end - start) * curve.slope(at: time / duration) / duration
  }

  /// Whether the animation has finished at `time`.
  public func isDone(at time: Double) -> Bool { time >= duration }
}
