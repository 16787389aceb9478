// Hand-built replay frames: timelines with known jumps, glitches and churn.

import Replay
import TraceFormat

/// Builds frames at a fixed rate; each call returns the next frame, with the previous frame's
/// state unless changed.
struct FrameBuilder {
  var rate = 60.0
  var index: Int64 = 0
  var offset = Point(x: 0, y: 0)
  var bounds = Size(width: 400, height: 800)
  var contentSize = Size(width: 400, height: 8000)
  var inset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  var phase = ScrollPhase.idle
  var isTracking = false
  var rule = RestingRule.anywhere
  var items: [EngineFrame.VisibleItem] = []
  var viewsCreated = 0

  /// A frame at the next tick; `input` is the offset change the input made, `events` the trace's.
  mutating func next(
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
  mutating func list(height: Double, count: Int) {
    items = (0..<count).compactMap { i in
      let frame = Rect(x: 0, y: Double(i) * height, width: bounds.width, height: height)
      let viewport = Rect(x: offset.x, y: offset.y, width: bounds.width, height: bounds.height)
      return frame.intersects(viewport)
        ? EngineFrame.VisibleItem(section: 0, index: i, frame: frame) : nil
    }
  }
}
