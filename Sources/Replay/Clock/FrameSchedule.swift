// scrolltrace — events and frames in the order a replay handles them.

public import TraceCore

/// One step of a replay: an input event to apply, or a frame to render.
public enum ReplayStep: Sendable, Hashable {
  /// An event of the trace (frame ticks excepted; an observed frame comes just before the frame it
  /// drives), to apply before the next frame.
  case event(TraceEvent)
  /// A frame presented at `time` (nanoseconds): the model advances to it and reports its state.
  case frame(index: Int64, time: Int64)
}

/// Interleaves a trace's events with its frames, as an iterator of steps: every event is applied,
/// in trace order, before the first frame at or after its timestamp.
///
/// The decisions are
/// ``FrameTimeline``'s (which frames, from ticks or the clock, and the trailing ones); this pulls
/// the events from an iterator and holds the next one. A replay of a reader pushes its events
/// through the timeline instead, without copying them. Streaming: memory does not depend on the
/// trace's length.
public struct FrameSchedule<Events: IteratorProtocol>: IteratorProtocol
where Events.Element == TraceEvent {
  private var events: Events
  private var timeline: FrameTimeline
  private var pending: TraceEvent?
  /// The frame of an observed frame, returned after the observation itself.
  private var observedFrame: FrameTimeline.Frame?

  /// Creates a schedule over `events` with frames at `refreshRate` hertz (when there are no ticks).
  public init(events: Events, refreshRate: Double, trailingFrames: Int = 0) {
    self.events = events
    self.timeline = FrameTimeline(refreshRate: refreshRate, trailingFrames: trailingFrames)
  }

  /// Whether every event has been delivered and only trailing frames remain: a driver may stop
  /// early once the model is at rest.
  public var isTrailing: Bool { timeline.isTrailing }

  /// The next step, or `nil` when the events and trailing frames are done.
  ///
  /// A loop, not recursion: a trace may hold any number of ticks already presented (duplicates or
  /// ticks that go back in time), and each is skipped in constant stack.
  public mutating func next() -> ReplayStep? {
    if let frame = observedFrame {
      observedFrame = nil
      return .frame(index: frame.index, time: frame.time)
    }
    while true {
      if pending == nil, !timeline.isTrailing { pending = events.next() }
      guard let event = pending else {
        return timeline.trailingFrame().map { .frame(index: $0.index, time: $0.time) }
      }
      if event.kind.presentsFrame {
        pending = nil
        // Already presented.
        guard let frame = timeline.frame(atTick: event.timestamp) else { continue }
        if event.kind == .observedFrame {
          // The observation first, for the session to hand to the frame it drives.
          observedFrame = frame
          return .event(event)
        }
        return .frame(index: frame.index, time: frame.time)
      }
      if let frame = timeline.frame(before: event.timestamp) {
        return .frame(index: frame.index, time: frame.time)
      }
      pending = nil
      return .event(event)
    }
  }

  /// Takes at most `limit` clock frames due before the next event without stepping through them
  /// (``FrameTimeline/takeClockFrames(before:upTo:)``); `nil` when no event is pending.
  public mutating func takeClockFrames(upTo limit: Int64) -> (
    clock: FrameClock, first: Int64, count: Int64
  )? {
    guard let event = pending else { return nil }
    return timeline.takeClockFrames(before: event.timestamp, upTo: limit)
  }
}
