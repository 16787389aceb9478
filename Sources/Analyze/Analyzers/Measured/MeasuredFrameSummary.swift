// scrolltrace — a replay's measured frame pacing, as the report holds it.

public import Replay

/// What the device measured over a replay's observed frames (``MeasuredFrameAnalyzer``).
///
/// Hitches by Apple's definition, slow and frozen frames, the frame time it measured. Times are in
/// nanoseconds.
public struct MeasuredFrameSummary: Sendable, Hashable {
  /// Observed frames the replay presented.
  public var frames = 0
  /// Observed frames the replay could not present (at or before a frame already presented):
  /// dropped and counted, never in a figure.
  public var dropped = ObservationDrops()
  /// Observed frames from a display link (the iOS recorder), whose gaps are the main thread's
  /// hitches only: a frame the render server presents late while the main thread kept up is no
  /// gap between callbacks (Apple, "Explore UI animation hitches and the render loop").
  public var displayLinkFrames = 0
  /// Frames the platform marked as outliers, left out of every figure.
  public var outliers = 0
  /// Frames whose presentation is known: the hitch figures' frames.
  public var paced = 0
  /// Frames whose presentation is unknown: the last display-link frame (no callback followed it),
  /// or a frame-timing record without a presentation time.
  public var presentationUnknown = 0
  /// Frames later than expected by more than half a refresh interval.
  public var hitches = 0
  /// How late the hitches were, in all, in nanoseconds.
  public var hitchTime: Int64 = 0
  /// Hitch time of frames while scrolling, in nanoseconds.
  public var scrollingHitchTime: Int64 = 0
  /// Time spent scrolling on the device (a finger down, or its offset moving), in nanoseconds.
  public var scrollingTime: Int64 = 0
  /// The latest a frame was, in nanoseconds (0 without a hitch).
  public var largestLateness: Int64 = 0
  /// Slow frames: Sentry's rule for a display link, Android vitals' for a frame-timing record.
  public var slowFrames = 0
  /// Frames longer than 700 ms.
  public var frozenFrames = 0
  /// Sentry's frames delay: how far the slow and frozen frames ran past the slow threshold, in
  /// all, in nanoseconds (each `frame time − threshold`; `getsentry/sentry-cocoa`
  /// `SentryDelayedFramesTracker.m`, `getsentry/sentry-java` `SentryFrameMetricsCollector`).
  public var framesDelay: Int64 = 0
  /// Chrome's delayed frames while scrolling ("scroll jank v3").
  public var delayedFrames = DelayedFrames()
  /// Frames whose measured work exceeds their own refresh interval (strictly).
  public var framesOverBudget = 0
  /// The measured work of each frame that has one (`ObservedFrame.busyDuration`).
  var frameTime = RecordedTimes()
  /// The squares of the hitches' lateness, added up, in ns² (their sampling noise).
  var hitchTimeSquares = 0.0
  /// The same for the hitches while scrolling.
  var scrollingHitchTimeSquares = 0.0
  /// Frames judged slow or not (``slowFrames`` and ``frozenFrames`` are among them).
  var judgedForSlowness = 0
  /// Frames the platform measured against its deadline (`ObservedFrame.deadline`), outliers
  /// aside: Android's framestats from Android 12.
  public var deadlineFrames = 0
  /// Those the platform called janky for missing it: Android's "Missed Deadline", which allows a
  /// refresh more while the buffer queue is stuffed.
  public var missedDeadlines = 0
  /// Each such frame's overrun, in nanoseconds, in the order measured.
  var overruns: [Int64] = []
  /// The shortest and longest refresh interval seen, in nanoseconds.
  public private(set) var intervalRange: ClosedRange<Int64>?
  /// The frame with the most measured work.
  public var worst: WorstFrame?
  /// The hitch time ratio's band.
  public var band: HitchBand = .good
  /// The name of the set of bands used.
  public var bands = ""

  /// No frames yet.
  public init() {}

  /// The most work the device measured in one frame.
  public struct WorstFrame: Sendable, Hashable {
    /// Its number in the replay.
    public var frame: Int64
    /// Its timestamp, nanoseconds on the trace's clock.
    public var time: Int64
    /// The work measured, nanoseconds.
    public var busyDuration: Int64
  }

  /// Jetpack Macrobenchmark's `frameOverrunMs` over the frames measured against a deadline, in
  /// nanoseconds: how far each frame's work ended past its deadline (negative: before it).
  public struct Overrun: Sendable, Hashable {
    /// The percentiles Macrobenchmark reports, linearly interpolated between the sorted values as
    /// its `MetricResult.getPercentile` does (index `p/100 · (n − 1)`).
    public var p50, p90, p95, p99: Double
    /// The largest.
    public var max: Double
  }

  /// The overrun's percentiles; `nil` when no frame was measured against a deadline.
  public var frameOverrun: Overrun? {
    guard !overruns.isEmpty else { return nil }
    let sorted = overruns.sorted()
    func percentile(_ p: Double) -> Double {
      let index = p / 100 * Double(sorted.count - 1)
      let low = Int(index.rounded(.down))
      let high = Swift.min(low + 1, sorted.count - 1)
      let fraction = index - Double(low)
      return Double(sorted[low]) + (Double(sorted[high]) - Double(sorted[low])) * fraction
    }
    return Overrun(
      p50: percentile(50), p90: percentile(90), p95: percentile(95), p99: percentile(99),
      max: Double(sorted[sorted.count - 1]))
  }

  /// Hitch time while scrolling over time spent scrolling, in ms/s (0 without scrolling).
  public var hitchTimeRatio: Double {
    scrollingTime > 0 ? (Double(scrollingHitchTime) / 1e6) / (Double(scrollingTime) / 1e9) : 0
  }

  /// Frames with a measured frame time.
  public var timedFrames: Int { frameTime.count }

  /// Percentiles of the measured frame time, in nanoseconds; `nil` when no frame has one.
  public var measuredFrameTime: FrameCostSummary.Percentiles? {
    guard frameTime.count > 0 else { return nil }
    func percentile(_ p: Double) -> Double { Double(frameTime.percentile(p)) }
    return .init(
      p50: percentile(50), p90: percentile(90), p99: percentile(99), max: Double(frameTime.max),
      mean: frameTime.mean)
  }

  /// Notes a frame's refresh interval.
  mutating func record(interval: Int64) {
    intervalRange =
      intervalRange.map { min($0.lowerBound, interval)...max($0.upperBound, interval) }
      ?? interval...interval
  }

  /// Adds another trace's figures.
  mutating func merge(_ other: MeasuredFrameSummary) {
    frames += other.frames
    dropped.merge(other.dropped)
    displayLinkFrames += other.displayLinkFrames
    outliers += other.outliers
    paced += other.paced
    presentationUnknown += other.presentationUnknown
    hitches += other.hitches
    hitchTime &+= other.hitchTime
    scrollingHitchTime &+= other.scrollingHitchTime
    scrollingTime &+= other.scrollingTime
    largestLateness = max(largestLateness, other.largestLateness)
    slowFrames += other.slowFrames
    frozenFrames += other.frozenFrames
    framesDelay &+= other.framesDelay
    delayedFrames.merge(other.delayedFrames)
    framesOverBudget += other.framesOverBudget
    frameTime.add(other.frameTime)
    hitchTimeSquares += other.hitchTimeSquares
    scrollingHitchTimeSquares += other.scrollingHitchTimeSquares
    judgedForSlowness += other.judgedForSlowness
    deadlineFrames += other.deadlineFrames
    missedDeadlines += other.missedDeadlines
    overruns += other.overruns
    if let range = other.intervalRange {
      record(interval: range.lowerBound)
      record(interval: range.upperBound)
    }
    if let theirs = other.worst, worst.map({ theirs.busyDuration > $0.busyDuration }) ?? true {
      worst = theirs
    }
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.frames == b.frames && a.dropped == b.dropped && a.outliers == b.outliers
      && a.displayLinkFrames == b.displayLinkFrames
      && a.paced == b.paced && a.presentationUnknown == b.presentationUnknown
      && a.hitches == b.hitches && a.hitchTime == b.hitchTime
      && a.scrollingHitchTime == b.scrollingHitchTime && a.scrollingTime == b.scrollingTime
      && a.largestLateness == b.largestLateness && a.slowFrames == b.slowFrames
      && a.frozenFrames == b.frozenFrames && a.framesOverBudget == b.framesOverBudget
      && a.framesDelay == b.framesDelay && a.delayedFrames == b.delayedFrames
      && a.measuredFrameTime == b.measuredFrameTime && a.intervalRange == b.intervalRange
      && a.worst == b.worst && a.band == b.band && a.bands == b.bands
      && a.hitchTimeSquares == b.hitchTimeSquares
      && a.scrollingHitchTimeSquares == b.scrollingHitchTimeSquares
      && a.judgedForSlowness == b.judgedForSlowness
      && a.deadlineFrames == b.deadlineFrames && a.missedDeadlines == b.missedDeadlines
      && a.overruns == b.overruns
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(frames)
    hasher.combine(hitches)
    hasher.combine(hitchTime)
  }
}

extension ObservationDrops {
  /// The drops in words: "12 observed frames dropped (10 at a timestamp already presented, 2
  /// earlier than the frame before)".
  public var phrase: String {
    var reasons: [String] = []
    if duplicates > 0 { reasons.append("\(duplicates) at a timestamp already presented") }
    if backwards > 0 { reasons.append("\(backwards) earlier than the frame before") }
    return
      "\(total) observed frame\(total == 1 ? "" : "s") dropped (\(reasons.joined(separator: ", ")))"
  }
}

extension ObservationDrops {
  /// The warning a tool prints for these drops, with how many observed frames were presented.
  public func warning(presented: Int) -> String {
    presented > 0
      ? "\(phrase); the measured figures are of the \(presented) presented"
      : "\(phrase); none was presented, so nothing was measured (measured figures are null)"
  }
}
