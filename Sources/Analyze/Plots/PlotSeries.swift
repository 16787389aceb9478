// scrolltrace — what the HTML report plots, gathered from the frames in bounded memory.

public import Replay
public import TraceCore

/// The time series one trace's plots draw, sampled from its frames in bounded memory: at most
/// ``capacity`` points (when full, every other point is dropped and the stride doubles, the same on
/// every machine), at most ``spanLimit`` touch spans and resize times, a fixed-bucket histogram of
/// estimated frame times over every frame, and the frame time over time as at most
/// ``frameTimeCapacity`` buckets of consecutive frames that keep their worst frame.
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
    /// The page length on the scrolling axis when the component pages (its resting rule is the
    /// page grid: the bounds' width or height), points; 0 otherwise.
    public var pageLength: Double
    /// Whether the pages run along the x axis (else y).
    public var pagesAlongX: Bool
    /// The device's contentOffset at the frame, when the trace observed it, points.
    public var deviceOffset: Point?
  }

  /// Consecutive frames' estimated device times, kept as their worst.
  public struct FrameTimeBucket: Sendable, Hashable {
    /// The first frame's presentation time, nanoseconds.
    public var start: Int64
    /// The last frame's presentation time, nanoseconds.
    public var end: Int64
    /// The worst estimated device time among them, nanoseconds.
    public var worst: Double
    /// Whether that worst frame laid out a new scene (a first layout is not a hitch).
    public var worstIsFirstLayout: Bool
    /// Frames in the bucket.
    public var frames: Int
    /// The most work the device measured in one of them, nanoseconds, when it measured any.
    public var measuredWorst: Double?
    /// The largest distance between the model's and the device's offsets among them, points,
    /// when the device reported its offset.
    public var offsetError: Double?

    /// This bucket and the next, merged: the worse of each figure.
    func merged(with next: FrameTimeBucket) -> FrameTimeBucket {
      let worse = next.worst > worst ? next : self
      return FrameTimeBucket(
        start: start, end: next.end, worst: worse.worst,
        worstIsFirstLayout: worse.worstIsFirstLayout, frames: frames + next.frames,
        measuredWorst: Self.larger(measuredWorst, next.measuredWorst),
        offsetError: Self.larger(offsetError, next.offsetError))
    }

    static func larger(_ a: Double?, _ b: Double?) -> Double? {
      guard let a else { return b }
      guard let b else { return a }
      return max(a, b)
    }
  }

  /// Every frame around a finding, for a plot up close: an offset jump or boundary glitch (the
  /// first ``zoomLimit`` of each) or one of the ``zoomLimit`` worst hitches.
  public struct ZoomWindow: Sendable, Hashable {
    /// What was found.
    public enum Kind: String, Sendable, Hashable {
      /// An offset jump or a boundary glitch (the frame the analyzers reported it).
      case finding
      /// A frame presented late (estimated time over the refresh interval; first layouts aside).
      case hitch
    }
    /// What was found.
    public var kind: Kind
    /// The frame of the finding.
    public var frame: Int64
    /// Its presentation time, nanoseconds.
    public var time: Int64
    /// Its estimated device time, nanoseconds.
    public var estimate: Double
    /// The frames around it, in order.
    public var samples: [ZoomSample]
    /// Frames still to be added after the finding.
    var remaining: Int
  }

  /// One frame in a zoom window.
  public struct ZoomSample: Sendable, Hashable {
    /// Presentation time, nanoseconds.
    public var time: Int64
    /// contentOffset, points.
    public var contentOffset: Point
    /// Estimated device time, nanoseconds.
    public var estimate: Double
  }

  /// The longest estimated frame: its time, nanoseconds, when it was presented and whether it was
  /// a first layout.
  public struct LongestFrame: Sendable, Hashable {
    /// Estimated device time, nanoseconds.
    public var estimate: Double
    /// Presentation time, nanoseconds.
    public var time: Int64
    /// The frame's index.
    public var frame: Int64
    /// Whether it laid out a new scene.
    public var isFirstLayout: Bool
  }

  /// The most samples kept.
  public static let capacity = 2048
  /// The most touch spans and resizes kept.
  public static let spanLimit = 500
  /// Histogram buckets per refresh interval.
  public static let bucketsPerInterval = 8
  /// The histogram covers this many refresh intervals; longer frames land in the last bucket.
  public static let histogramIntervals = 4
  /// The most frame-time buckets kept (when full, neighbours merge and the frames per bucket
  /// double, the same on every machine).
  public static let frameTimeCapacity = 512
  /// Zoom windows kept per kind (findings, hitches).
  public static let zoomLimit = 3
  /// The costliest frames kept, by estimate.
  public static let costlyLimit = 5
  /// A zoom window's reach on each side of its frame, seconds (at most 120 frames).
  public static let zoomReach = 0.5

  /// The samples, in time order.
  public private(set) var samples: [Sample] = []
  /// Touch-down to lift, nanoseconds.
  public private(set) var touches: [(start: Int64, end: Int64)] = []
  /// Times of viewport changes, nanoseconds.
  public private(set) var resizes: [Int64] = []
  /// Frame counts per estimated-frame-time bucket; bucket i covers [i, i+1) · interval / 8.
  public private(set) var histogram: [Int]
  /// The frame time over time, in time order.
  public private(set) var frameTimes: [FrameTimeBucket] = []
  /// Frames per frame-time bucket.
  public private(set) var framesPerBucket = 1
  /// The longest estimated frame, if any frame was seen.
  public private(set) var longest: LongestFrame?
  /// Frames up close around findings and the worst hitches, in the order they happened.
  public private(set) var zoomWindows: [ZoomWindow] = []
  /// The costliest frames by estimate, first layouts aside, costliest first (ties: the earlier).
  public internal(set) var costliest: [CostlyFrame] = []
  private var recent: [ZoomSample] = []
  private var recentStart = 0
  private let zoomFrames: Int
  /// The refresh interval, nanoseconds.
  public let frameInterval: Double
  /// The cost model frames are priced by.
  package let costModel: CostModel
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
    zoomFrames = max(2, min(120, Int((Self.zoomReach * refreshRate).rounded())))
  }

  /// Adds a frame; `isFinding` when the analyzers reported an offset jump or a boundary glitch on
  /// it (``TraceAnalysis/findings`` rose).
  public mutating func consume(_ frame: ReplayFrame, isFinding: Bool = false) {
    lastTime = frame.time
    let work = WorkTotals(frame.engine.work, viewsCreated: clock.advance(to: frame))
    let cost = costModel.frameTime(work)
    let estimate = cost.isFinite ? max(0, cost) : .greatestFiniteMagnitude
    zoom(frame, cost: estimate, isFinding: isFinding)
    let bucket =
      cost.isFinite
      ? Int(max(0, cost) / frameInterval * Double(Self.bucketsPerInterval)) : histogram.count - 1
    histogram[min(bucket, histogram.count - 1)] += 1
    let deviceOffset = frame.observed?.contentOffset
    addFrameTime(
      estimate, frame: frame, measured: frame.observed?.busyDuration.map(Double.init),
      offsetError: deviceOffset.map { frame.contentOffset.distance(to: $0) })
    if !frame.isFirstLayout { keepIfCostly(frame, work: work, estimate: estimate) }
    if frame.isTracking, touchStart == nil { touchStart = frame.time }
    if !frame.isTracking, let start = touchStart {
      touchStart = nil
      if touches.count < Self.spanLimit { touches.append((start, frame.time)) }
    }
    if frame.events.contains(.resize), resizes.count < Self.spanLimit { resizes.append(frame.time) }
    defer { seen += 1 }
    guard seen % stride == 0 else { return }
    let alongX = frame.contentSize.width > frame.boundsSize.width
    samples.append(
      Sample(
        time: frame.time, contentOffset: frame.contentOffset,
        poolSize: frame.engine.poolSizes.reduce(0) { $0 + $1.count },
        liveViews: frame.engine.liveViews,
        pageLength: frame.restingRule == .pageGrid
          ? (alongX ? frame.boundsSize.width : frame.boundsSize.height) : 0,
        pagesAlongX: alongX, deviceOffset: deviceOffset))
    if samples.count >= Self.capacity {
      samples = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      stride *= 2
    }
  }

  /// Feeds the zoom windows: the frame joins the windows still open and the recent frames, and
  /// opens a window when it is a finding (the first few) or a hitch worse than one kept.
  private mutating func zoom(_ frame: ReplayFrame, cost: Double, isFinding: Bool) {
    let sample = ZoomSample(time: frame.time, contentOffset: frame.contentOffset, estimate: cost)
    for i in zoomWindows.indices where zoomWindows[i].remaining > 0 {
      zoomWindows[i].samples.append(sample)
      zoomWindows[i].remaining -= 1
    }
    let covered = zoomWindows.contains { $0.remaining > 0 }
    let hitch = !frame.isFirstLayout && cost > frameInterval
    if isFinding, !covered, zoomWindows.filter({ $0.kind == .finding }).count < Self.zoomLimit {
      open(.finding, frame: frame, cost: cost, sample: sample)
    } else if hitch, !covered {
      let hitches = zoomWindows.indices.filter { zoomWindows[$0].kind == .hitch }
      if hitches.count < Self.zoomLimit {
        open(.hitch, frame: frame, cost: cost, sample: sample)
      } else if let mildest = hitches.min(by: {
        zoomWindows[$0].estimate < zoomWindows[$1].estimate
      }),
        cost > zoomWindows[mildest].estimate
      {
        zoomWindows.remove(at: mildest)
        open(.hitch, frame: frame, cost: cost, sample: sample)
      }
    }
    if recent.count < zoomFrames {
      recent.append(sample)
    } else {
      recent[recentStart] = sample
      recentStart = (recentStart + 1) % zoomFrames
    }
  }

  /// A window around `frame`: the recent frames, the frame, and as many after it.
  private mutating func open(
    _ kind: ZoomWindow.Kind, frame: ReplayFrame, cost: Double, sample: ZoomSample
  ) {
    let before = Array(recent[recentStart...] + recent[..<recentStart])
    zoomWindows.append(
      ZoomWindow(
        kind: kind, frame: frame.index, time: frame.time, estimate: cost,
        samples: before + [sample], remaining: zoomFrames))
  }

  /// Adds one frame's estimated device time (and what the device measured of it) to the
  /// frame-time buckets and the longest frame.
  private mutating func addFrameTime(
    _ cost: Double, frame: ReplayFrame, measured: Double?, offsetError: Double?
  ) {
    if longest.map({ cost > $0.estimate }) ?? true {
      longest = LongestFrame(
        estimate: cost, time: frame.time, frame: frame.index, isFirstLayout: frame.isFirstLayout)
    }
    let this = FrameTimeBucket(
      start: frame.time, end: frame.time, worst: cost, worstIsFirstLayout: frame.isFirstLayout,
      frames: 1, measuredWorst: measured, offsetError: offsetError)
    if let last = frameTimes.last, last.frames < framesPerBucket {
      frameTimes[frameTimes.count - 1] = last.merged(with: this)
      return
    }
    if frameTimes.count >= Self.frameTimeCapacity {
      frameTimes = Swift.stride(from: 0, to: frameTimes.count, by: 2).map { i in
        i + 1 < frameTimes.count ? frameTimes[i].merged(with: frameTimes[i + 1]) : frameTimes[i]
      }
      framesPerBucket *= 2
    }
    frameTimes.append(this)
  }

  /// Closes a touch still down at the end.
  public mutating func finish() {
    if let start = touchStart, touches.count < Self.spanLimit { touches.append((start, lastTime)) }
    touchStart = nil
  }
}
