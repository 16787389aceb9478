// scrolltrace — events and frames in the order a replay handles them.

public import TraceFormat

/// One step of a replay: an input event to apply, or a frame to render.
public enum ReplayStep: Sendable, Hashable {
  /// An event of the trace (frame ticks excepted), to apply before the next frame.
  case event(TraceEvent)
  /// A frame presented at `time` (nanoseconds): the model advances to it and reports its state.
  case frame(index: Int64, time: Int64)
}

/// Interleaves a trace's events with its frames: every event is applied, in trace order, before
/// the first frame at or after its timestamp.
///
/// Frames come from the trace's frame-tick events when it has them, and otherwise from a
/// `FrameClock` at the header's refresh rate, starting at the first event. A trace that starts
/// without ticks and has some later is driven by the clock until its first tick, then by ticks.
/// After the last event the schedule adds `trailingFrames` clock frames, so that motion started by
/// the last input can settle. Streaming: memory does not depend on the trace's length.
public struct FrameSchedule<Events: IteratorProtocol>: IteratorProtocol where Events.Element == TraceEvent {
  private var events: Events
  private let refreshRate: Double
  private let trailingFrames: Int64
  private var clock: FrameClock?
  private var pending: TraceEvent?
  private var nextFrame: Int64 = 0
  private var frameCount: Int64 = 0
  private var ticksDrive = false
  private var lastFrameTime: Int64?
  private var trailingLeft: Int64?

  /// Creates a schedule over `events` with frames at `refreshRate` hertz (when there are no ticks).
  public init(events: Events, refreshRate: Double, trailingFrames: Int = 0) {
    self.events = events
    self.refreshRate = refreshRate
    self.trailingFrames = Int64(max(trailingFrames, 0))
  }

  /// Whether every event has been delivered and only trailing frames remain: a driver may stop
  /// early once the model is at rest.
  public var isTrailing: Bool { trailingLeft != nil }

  /// The next step, or `nil` when the events and trailing frames are done.
  ///
  /// A loop, not recursion: a trace may hold any number of ticks already presented (duplicates or
  /// ticks that go back in time), and each is skipped in constant stack.
  public mutating func next() -> ReplayStep? {
    while true {
      if pending == nil, trailingLeft == nil {
        if let event = events.next() {
          pending = event
        } else {
          trailingLeft = trailingFrames
        }
      }
      if let left = trailingLeft {
        if clock == nil, let last = lastFrameTime {
          // Ticks drove every frame so far: continue one interval after the last.
          clock = FrameClock(refreshRate: refreshRate, origin: last)
          nextFrame = 1
        }
        guard left > 0, let clock = clockStarting(at: lastFrameTime ?? 0) else { return nil }
        trailingLeft = left - 1
        return emitClockFrame(clock)
      }
      guard let event = pending else { return nil }
      if event.kind == .frameTick {
        pending = nil
        ticksDrive = true
        if let last = lastFrameTime, event.timestamp <= last { continue }  // Already presented.
        return emitFrame(at: event.timestamp)
      }
      // A clock frame before the event, unless ticks drive the frames.
      if !ticksDrive, let clock = clockStarting(at: event.timestamp), clock.time(ofFrame: nextFrame) < event.timestamp {
        return emitClockFrame(clock)
      }
      pending = nil
      return .event(event)
    }
  }

  /// Takes at most `limit` clock frames due before the next event without stepping through them,
  /// for a driver that advances frames at rest in bulk: returns the clock, the clock frame of the
  /// first one and how many were taken, or `nil` when none can be (ticks drive the frames, the
  /// events are done, or no frame is due before the next event).
  ///
  /// Only where the clock's times are far from `Int64`'s ends, so each frame taken is strictly
  /// later than the one before, as stepping them one by one would have presented them. A pending
  /// frame tick is never met here: ``next()`` presents a tick the moment it reads one, so after a
  /// clock frame the pending event is always another kind.
  public mutating func takeClockFrames(upTo limit: Int64) -> (clock: FrameClock, first: Int64, count: Int64)? {
    guard limit > 0, trailingLeft == nil, !ticksDrive, let clock, let event = pending else { return nil }
    let safe: ClosedRange<Int64> = (Int64.min / 2)...(Int64.max / 2)
    guard safe.contains(event.timestamp), safe.contains(clock.time(ofFrame: nextFrame)) else { return nil }
    let due = clock.frame(atOrAfter: event.timestamp)
    guard due > nextFrame else { return nil }
    let count = min(due - nextFrame, limit)
    let first = nextFrame
    nextFrame += count
    frameCount += count
    lastFrameTime = clock.time(ofFrame: nextFrame - 1)
    return (clock, first, count)
  }

  private mutating func clockStarting(at timestamp: Int64) -> FrameClock? {
    if clock == nil { clock = FrameClock(refreshRate: refreshRate, origin: timestamp) }
    return clock
  }

  private mutating func emitClockFrame(_ clock: FrameClock) -> ReplayStep {
    let time = clock.time(ofFrame: nextFrame)
    nextFrame += 1
    return emitFrame(at: time)
  }

  private mutating func emitFrame(at time: Int64) -> ReplayStep {
    defer { frameCount += 1 }
    lastFrameTime = time
    if let clock { nextFrame = max(nextFrame, clock.frame(atOrAfter: time == .max ? time : time + 1)) }
    return .frame(index: frameCount, time: time)
  }
}
