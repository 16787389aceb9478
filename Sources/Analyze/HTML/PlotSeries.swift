// scrolltrace — what the HTML report plots, gathered from the frames in bounded memory.

public import Replay
public import TraceFormat

/// The time series one trace's plots draw, sampled from its frames in bounded memory: at most
/// ``capacity`` points (when full, every other point is dropped and the stride doubles, the same on
/// every machine), at most ``spanLimit`` touch spans and resize times, and a fixed-bucket
/// histogram of estimated frame times over every frame.
public struct PlotSeries: Sendable {
  /// One sampled frame.
  public struct Sample: Sendable, Hashable {
    /// Presentation time, nanoseconds.
    public var time: Int64
    /// contentOffset, points.
    public var contentOffset: Point
    /// Views queued in the reuse pool, all identifiers.
    public var poolSize: Int
    /// Views on screen or held by the component.
    public var liveViews: Int
  }

  /// The most samples kept.
  public static let capacity = 2048
  /// The most touch spans and resizes kept.
  public static let spanLimit = 500
  /// Histogram buckets per refresh interval.
  public static let bucketsPerInterval = 8
  /// The histogram covers this many refresh intervals; longer frames land in the last bucket.
  public static let histogramIntervals = 4

  /// The samples, in time order.
  public private(set) var samples: [Sample] = []
  /// Touch-down to lift, nanoseconds.
  public private(set) var touches: [(start: Int64, end: Int64)] = []
  /// Times of viewport changes, nanoseconds.
  public private(set) var resizes: [Int64] = []
  /// Frame counts per estimated-frame-time bucket; bucket i covers [i, i+1) · interval / 8.
  public private(set) var histogram: [Int]
  /// The refresh interval, nanoseconds.
  public let frameInterval: Double
  private let costModel: CostModel
  private var clock: ScrollingClock
  private var stride = 1
  private var seen = 0
  private var touchStart: Int64?
  private var lastTime: Int64 = 0

  /// Series for a trace shown at `refreshRate` hertz, frames priced by `costModel`.
  public init(refreshRate: Double, costModel: CostModel) {
    frameInterval = ScrollingClock.interval(refreshRate: refreshRate)
    clock = ScrollingClock(refreshRate: refreshRate)
    self.costModel = costModel
    histogram = Array(repeating: 0, count: Self.bucketsPerInterval * Self.histogramIntervals + 1)
  }

  /// Adds a frame.
  public mutating func consume(_ frame: ReplayFrame) {
    lastTime = frame.time
    let cost = costModel.frameTime(work: frame.engine.work, viewsCreated: clock.advance(to: frame))
    let bucket = cost.isFinite ? Int(max(0, cost) / frameInterval * Double(Self.bucketsPerInterval)) : histogram.count - 1
    histogram[min(bucket, histogram.count - 1)] += 1
    if frame.isTracking, touchStart == nil { touchStart = frame.time }
    if !frame.isTracking, let start = touchStart {
      touchStart = nil
      if touches.count < Self.spanLimit { touches.append((start, frame.time)) }
    }
    if frame.events.contains(.resize), resizes.count < Self.spanLimit { resizes.append(frame.time) }
    defer { seen += 1 }
    guard seen % stride == 0 else { return }
    samples.append(
      Sample(
        time: frame.time, contentOffset: frame.contentOffset,
        poolSize: frame.engine.poolSizes.reduce(0) { $0 + $1.count }, liveViews: frame.engine.liveViews))
    if samples.count >= Self.capacity {
      samples = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      stride *= 2
    }
  }

  /// Closes a touch still down at the end.
  public mutating func finish() {
    if let start = touchStart, touches.count < Self.spanLimit { touches.append((start, lastTime)) }
    touchStart = nil
  }
}
