// scrolltrace — when frames are presented, told one event at a time.

/// Decides the frames of a replay as its events arrive: every event is applied, in trace order,
/// before the first frame at or after its timestamp.
///
/// Frames come from the trace's frame-tick events when it has them, and otherwise from a
/// `FrameClock` at the header's refresh rate, starting at the first event. A trace that starts
/// without ticks and has some later is driven by the clock until its first tick, then by ticks.
/// After the last event come `trailingFrames` clock frames, so that motion started by the last
/// input can settle.
///
/// The timeline is pushed to: the caller holds the event (a borrowing loop over a reader holds it
/// in place) and asks, for each, ``frame(before:)`` until it answers `nil` and then applies the
/// event, or ``frame(atTick:)`` for a frame tick; then ``trailingFrame()`` until `nil`.
/// ``FrameSchedule`` is the same decisions as an iterator of steps. Constant memory.
public struct FrameTimeline: Sendable {
  /// A frame to present: its index in the replay and its presentation time (nanoseconds).
  public typealias Frame = (index: Int64, time: Int64)

  private let refreshRate: Double
  private var trailingLeft: Int64
  private var clock: FrameClock?
  private var nextFrame: Int64 = 0
  private var frameCount: Int64 = 0
  private var ticksDrive = false
  private var lastFrameTime: Int64?
  /// When the latest frame was presented, in nanoseconds; `nil` before the first.
  public var lastPresentedTime: Int64? { lastFrameTime }
  /// Whether every event has been told and only trailing frames remain.
  public private(set) var isTrailing = false

  /// Creates a timeline with frames at `refreshRate` hertz (when there are no ticks), and
  /// `trailingFrames` clock frames after the last event.
  public init(refreshRate: Double, trailingFrames: Int = 0) {
    self.refreshRate = refreshRate
    self.trailingLeft = Int64(max(trailingFrames, 0))
  }

  /// The next clock frame due before an event (not a frame tick) at `timestamp`, or `nil` when
  /// the event is to be applied now: ask again after presenting each frame.
  public mutating func frame(before timestamp: Int64) -> Frame? {
    guard !ticksDrive else { return nil }
    let clock = clockStarting(at: timestamp)
    guard clock.time(ofFrame: nextFrame) < timestamp else { return nil }
    return clockFrame(clock)
  }

  /// The frame of a frame tick at `timestamp`, or `nil` when a frame at or after it was already
  /// presented (a duplicate tick, or one that goes back in time).
  ///
  /// From the first tick on, ticks
  /// drive the frames.
  public mutating func frame(atTick timestamp: Int64) -> Frame? {
    ticksDrive = true
    if let last = lastFrameTime, timestamp <= last { return nil }
    return presented(at: timestamp)
  }

  /// The next of the trailing frames once every event has been told, or `nil` when they are done.
  public mutating func trailingFrame() -> Frame? {
    if !isTrailing {
      isTrailing = true
      if clock == nil, let last = lastFrameTime {
        // Ticks drove every frame so far: continue one interval after the last.
        clock = FrameClock(refreshRate: refreshRate, origin: last)
        nextFrame = 1
      }
    }
    guard trailingLeft > 0 else { return nil }
    trailingLeft -= 1
    return clockFrame(clockStarting(at: lastFrameTime ?? 0))
  }

  /// Takes at most `limit` clock frames due before an event (not a frame tick) at `timestamp`
  /// without stepping through them, for a driver that advances frames at rest in bulk: returns
  /// the clock, the clock frame of the first one and how many were taken, or `nil` when none can
  /// be (ticks drive the frames, the events are done, or no frame is due before the event).
  ///
  /// Only where the clock's times are far from `Int64`'s ends, so each frame taken is strictly
  /// later than the one before, as stepping them one by one would have presented them.
  public mutating func takeClockFrames(before timestamp: Int64, upTo limit: Int64) -> (
    clock: FrameClock, first: Int64, count: Int64
  )? {
    guard limit > 0, !isTrailing, !ticksDrive, let clock else { return nil }
    let safe: ClosedRange<Int64> = (Int64.min / 2)...(Int64.max / 2)
    guard safe.contains(timestamp), safe.contains(clock.time(ofFrame: nextFrame)) else {
      return nil
    }
    let due = clock.frame(atOrAfter: timestamp)
    guard due > nextFrame else { return nil }
    let count = min(due - nextFrame, limit)
    let first = nextFrame
    nextFrame += count
    frameCount += count
    lastFrameTime = clock.time(ofFrame: nextFrame - 1)
    return (clock, first, count)
  }

  private mutating func clockStarting(at timestamp: Int64) -> FrameClock {
    if let clock { return clock }
    let started = FrameClock(refreshRate: refreshRate, origin: timestamp)
    clock = started
    return started
  }

  private mutating func clockFrame(_ clock: FrameClock) -> Frame {
    let time = clock.time(ofFrame: nextFrame)
    nextFrame += 1
    return presented(at: time)
  }

  private mutating func presented(at time: Int64) -> Frame {
    defer { frameCount += 1 }
    lastFrameTime = time
    if let clock {
      nextFrame = max(nextFrame, clock.frame(atOrAfter: time == .max ? time : time + 1))
    }
    return (frameCount, time)
  }
}
