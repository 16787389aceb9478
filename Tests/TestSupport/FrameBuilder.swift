// Hand-built replay frames: timelines with known jumps, glitches and churn.

public import Replay
public import TraceCore

/// Builds frames at a fixed rate; each call returns the next frame, with the previous frame's
/// state unless changed.
public struct FrameBuilder {
  /// A builder at 60 Hz, at rest at the origin.
  public init() {}

  public var rate = 60.0
  public var index: Int64 = 0
  public var offset = Point(x: 0, y: 0)
  public var bounds = Size(width: 400, height: 800)
  public var contentSize = Size(width: 400, height: 8000)
  public var inset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  public var phase = ScrollPhase.idle
  public var isTracking = false
  public var rule = RestingRule.anywhere
  public var items: [EngineFrame.VisibleItem] = []
  public var viewsCreated = 0

  /// A frame at the next tick; `input` is the offset change the input made, `events` the trace's.
  public mutating func next(
    input: Point = .zero, events: FrameEvents = [], transition: (Double, Size, Point)? = nil,
    engine: (inout EngineFrame) -> Void = { _ in }
  ) -> ReplayFrame {
    var report = EngineFrame()
    report.visibleItems = items
    report.viewsCreated = viewsCreated
    engine(&report)
    let frame = ReplayFrame(
      index: index, time: Int64((Double(index) * 1e9 / rate).rounded()), contentOffset: offset,
      boundsSize: bounds,
      contentSize: contentSize, adjustedContentInset: inset, phase: phase, velocity: .zero,
      isTracking: isTracking,
      inputDisplacement: input, events: events, restingRule: rule,
      transition: transition.map { (progress: $0.0, boundsSize: $0.1, contentOffset: $0.2) },
      engine: report)
    index += 1
    return frame
  }

  /// A vertical list of `count` items of `height` points from y = 0, those intersecting the
  /// viewport at the current offset.
  public mutating func list(height: Double, count: Int) {
    items = (0..<count).compactMap { i in
      let frame = Rect(x: 0, y: Double(i) * height, width: bounds.width, height: height)
      let viewport = Rect(x: offset.x, y: offset.y, width: bounds.width, height: bounds.height)
      return frame.intersects(viewport)
        ? EngineFrame.VisibleItem(section: 0, index: i, frame: frame) : nil
    }
  }
}
