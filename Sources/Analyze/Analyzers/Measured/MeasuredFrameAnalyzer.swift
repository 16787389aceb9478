// scrolltrace — frame pacing as the device measured it: hitches, slow and frozen frames, work.

public import Replay
import TraceCore

/// Frame pacing from the observed frames a recording holds (format 1.2/1.3): what the device
/// measured, beside what the cost model estimates (``FrameCostAnalyzer``).
///
/// For each observed frame: its refresh interval `I` (the target's distance from its timestamp:
/// ProMotion's variable rate is read frame by frame), and how late it reached the display against
/// when it was expected there:
///
/// - a display-link frame was expected at its target (`CADisplayLink.targetTimestamp`) and was
///   displayed when the next callback's vsync came (`CADisplayLink.timestamp` is when the last
///   frame was displayed), or at the presentation time the device reported;
/// - a frame-timing record (Android's framestats) reports its presentation (`DisplayPresentTime`);
///   it was expected as long after its vsync as the previous frame took (its latency): a frame
///   presented later left the previous frame on screen for another refresh. A pipeline that
///   deepens and stays deep (buffer stuffing) costs one hitch when it deepens, not one per frame;
///   the first record is the reference.
///
/// A frame is a **hitch** when it is later than expected by more than half an interval — a display
/// shows a frame on a refresh, so less is clock jitter (SurfaceFlinger counts a missed frame with
/// the same half-vsync slop, AOSP `frameworks/native` change
/// I0f76d06737f5182c512ca6f36b332b68192250c3) — and its hitch time is how late it was (Apple's
/// definition: WWDC20 session 10077; "Understanding hitches in your app"). The hitch time ratio is
/// hitch time while scrolling over time spent scrolling, in ms/s, as `MXAnimationMetric`'s
/// `scrollHitchTimeRatio`; a frame lasts until the next is displayed (its interval plus its
/// lateness), and scrolls while a finger is down or the content moves (the device's offsets where
/// the observation has them, the model's otherwise).
///
/// **Slow and frozen frames.** For a display link, as Sentry's frames tracker counts them
/// (`getsentry/sentry-cocoa` `SentryFramesTracker.m`): the time between two callbacks is slow
/// above `1 / (fps − 1)` seconds, with `fps` from the later callback's target, and frozen above
/// 700 ms. For a frame-timing record, as Android vitals counts them, with the frame's own interval
/// in place of 16 ms: its frame time over the interval is slow, over 700 ms frozen.
///
/// **Frames delay**, as Sentry's: every slow or frozen frame adds how far it ran past the slow
/// threshold (`SentryDelayedFramesTracker.m` records `actualDuration − expectedDuration` with the
/// slow threshold as the expected duration; Sentry's Android collector the frame time less the
/// refresh interval).
///
/// **Deadlines**, where the platform measured the frame against one (Android 12 and later): its
/// own jank verdict ("Missed Deadline", ``MeasuredFrameSummary/missedDeadlines``) beside the slow
/// frames, and Macrobenchmark's frame overrun (``MeasuredFrameSummary/frameOverrun``).
///
/// **Delayed frames** by Chrome's rule (``DelayedFrames``), on each frame's presentation while
/// scrolling. A frame left out of every figure ends the scroll in progress.
///
/// **Frame time** is the work the device measured for the frame (`ObservedFrame.busyDuration`),
/// the counterpart of the estimate: its percentiles, and frames over their own interval.
///
/// Outliers the platform marked (`ObservedFrame.isOutlier`, Android's non-zero `Flags`) are left
/// out of every figure. A frame the model lays out from scratch (a scene's first layout, which the
/// estimate leaves out) is still a frame the device drew and is judged like any other: the rotation
/// the pager stutters on is the frame a team needs to see. Every observed frame is counted in
/// exactly one of ``MeasuredFrameSummary/outliers``, ``MeasuredFrameSummary/paced`` and
/// ``MeasuredFrameSummary/presentationUnknown``.
public struct MeasuredFrameAnalyzer: FrameAnalyzer {
  /// Frames longer than this are frozen, in nanoseconds: 700 ms, as Sentry and Android vitals.
  public static let frozenThreshold: Int64 = 700_000_000
  /// The refresh interval when an observation's target does not give one, in nanoseconds.
  public let fallbackInterval: Int64
  private var summary: MeasuredFrameSummary
  /// The last display-link frame, waiting for the next callback to learn when it was displayed.
  private var waiting: Waiting?
  /// The latest frame-timing record's latency, vsync to presentation, in nanoseconds: what the
  /// next one is expected to take.
  private var previousLatency: Int64?

  /// What a display-link frame needs from its successor.
  private struct Waiting: Sendable {
    var time: Int64
    var interval: Int64
    var expected: Int64
    var offset: Point?
    var isTracking: Bool
    var isModelScrolling: Bool
  }

  /// An analyzer for a display refreshing `refreshRate` times a second (the interval an
  /// observation without a usable target falls back on).
  public init(refreshRate: Double) {
    fallbackInterval = Int64(ScrollingClock.interval(refreshRate: refreshRate).rounded())
    summary = MeasuredFrameSummary()
  }

  public mutating func consume(_ frame: ReplayFrame) {
    guard let observed = frame.observed else { return }
    summary.frames += 1
    if observed.source == .displayLink { summary.displayLinkFrames += 1 }
    // The previous display-link frame was displayed when this callback's vsync came.
    if let previous = waiting, observed.source == .displayLink {
      let target = observed.targetTimestamp &- frame.time
      settle(
        previous, presentedAt: frame.time, offsetThen: observed.contentOffset,
        nextInterval: target > 0 ? target : fallbackInterval)
    } else if waiting != nil {
      summary.presentationUnknown += 1
    }
    waiting = nil
    if observed.isOutlier {
      summary.outliers += 1
      summary.delayedFrames.endScroll()
      return
    }
    if let deadline = observed.deadline {
      summary.deadlineFrames += 1
      if deadline.isMissed { summary.missedDeadlines += 1 }
      summary.overruns.append(deadline.overrun)
    }
    let interval = max(
      1,
      observed.targetTimestamp &- frame.time > 0
        ? observed.targetTimestamp &- frame.time : fallbackInterval)
    summary.record(interval: interval)
    if let busy = observed.busyDuration {
      summary.frameTime.record(UInt64(clamping: busy))
      if busy > interval { summary.framesOverBudget += 1 }
      if summary.worst.map({ busy > $0.busyDuration }) ?? true {
        summary.worst = .init(frame: frame.index, time: frame.time, busyDuration: busy)
      }
    }
    let scrolling = frame.isTracking || frame.isScrolling
    switch (observed.presentationTimestamp, observed.source) {
    case (let presented?, .frameTimeline):
      let latency = presented.subtractingReportingOverflow(frame.time).partialValue
      let lateness =
        previousLatency.map { latency.subtractingReportingOverflow($0).partialValue } ?? 0
      previousLatency = latency
      account(
        lateness: lateness, interval: interval,
        duration: interval.addingReportingOverflow(max(0, lateness)).partialValue,
        presentation: presented, scrolling: scrolling)
      slowOrFrozen(frameTime: observed.busyDuration ?? interval, threshold: interval)
    case (let presented?, .displayLink):
      let lateness = presented.subtractingReportingOverflow(observed.targetTimestamp).partialValue
      let duration = interval.addingReportingOverflow(max(0, lateness)).partialValue
      account(
        lateness: lateness, interval: interval, duration: duration, presentation: presented,
        scrolling: scrolling)
      slowOrFrozen(frameTime: duration, threshold: interval)
    case (nil, .displayLink):
      waiting = Waiting(
        time: frame.time, interval: interval,
        expected: frame.time.addingReportingOverflow(interval).partialValue,
        offset: observed.contentOffset,
        isTracking: frame.isTracking, isModelScrolling: frame.isScrolling)
    case (nil, .frameTimeline):
      summary.presentationUnknown += 1
      summary.delayedFrames.endScroll()
      if let busy = observed.busyDuration { slowOrFrozen(frameTime: busy, threshold: interval) }
    }
  }

  /// Accounts for a display-link frame once the next callback says when it was displayed.
  private mutating func settle(
    _ frame: Waiting, presentedAt next: Int64, offsetThen: Point?, nextInterval: Int64
  ) {
    let lateness = next.subtractingReportingOverflow(frame.expected).partialValue
    let duration = next.subtractingReportingOverflow(frame.time).partialValue
    // Scrolling on the device: a finger down, or its offset moving until the next callback (the
    // model's motion where the device reported no offset).
    let moved = frame.offset.map { $0 != offsetThen } ?? frame.isModelScrolling
    account(
      lateness: lateness, interval: frame.interval, duration: duration, presentation: next,
      scrolling: frame.isTracking || moved)
    // Sentry: slow above 1 / (fps − 1) s, fps from the later callback's target.
    let fps = 1e9 / Double(nextInterval)
    let threshold = fps > 1 ? Int64((1e9 / (fps - 1)).rounded(.down)) : nextInterval
    slowOrFrozen(frameTime: duration, threshold: threshold)
  }

  private mutating func account(
    lateness: Int64, interval: Int64, duration: Int64, presentation: Int64, scrolling: Bool
  ) {
    summary.paced += 1
    summary.delayedFrames.record(
      presentation: presentation, interval: interval, scrolling: scrolling)
    let isHitch = lateness > interval / 2
    if isHitch {
      summary.hitches += 1
      summary.hitchTime &+= lateness
      summary.hitchTimeSquares += Double(lateness) * Double(lateness)
      summary.largestLateness = max(summary.largestLateness, lateness)
    }
    if scrolling {
      summary.scrollingTime &+= max(0, duration)
      if isHitch {
        summary.scrollingHitchTime &+= lateness
        summary.scrollingHitchTimeSquares += Double(lateness) * Double(lateness)
      }
    }
  }

  private mutating func slowOrFrozen(frameTime: Int64, threshold: Int64) {
    summary.judgedForSlowness += 1
    if frameTime > Self.frozenThreshold {
      summary.frozenFrames += 1
    } else if frameTime > threshold {
      summary.slowFrames += 1
    }
    if frameTime > threshold {
      summary.framesDelay &+= frameTime.subtractingReportingOverflow(threshold).partialValue
    }
  }

  /// Runs hold no observed frame (an observation makes its frame unlike the next), so a run is
  /// taken as its first frame, which may hold one, and its repeats, which never do.
  public mutating func consume(_ run: FrameRun) { consume(run.first) }

  /// Notes the observed frames the replay dropped (`ReplayOutcome.droppedObservations`).
  public mutating func noteDropped(_ drops: ObservationDrops) {
    summary.dropped.merge(drops)
  }

  /// Adds another trace's measured frames (for a total over traces).
  public mutating func merge(_ other: MeasuredFrameAnalyzer) {
    summary.merge(other.finished)
  }

  /// The figures so far; `nil` when the replay held no observed frame, presented or dropped.
  ///
  /// A display-link frame still waiting for its successor counts as one whose presentation is
  /// unknown.
  public func summary(bands: HitchBands) -> MeasuredFrameSummary? {
    var summary = finished
    guard summary.frames + summary.dropped.total > 0 else { return nil }
    summary.band = bands.band(of: summary.hitchTimeRatio)
    summary.bands = bands.name
    return summary
  }

  private var finished: MeasuredFrameSummary {
    var summary = self.summary
    if waiting != nil { summary.presentationUnknown += 1 }
    summary.delayedFrames.endScroll()
    return summary
  }
}
