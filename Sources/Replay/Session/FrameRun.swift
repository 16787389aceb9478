// scrolltrace — frames in a row that show the same thing: what an idle stretch of a trace costs.

/// One frame of a replay, or a run of frames at rest that repeat it.
///
/// A trace recorded in the field is mostly at rest: no finger, no motion, no animation, no resize,
/// no scene change, for minutes between gestures. Every such frame reports the same state as the
/// one before it but for its ``ReplayFrame/index`` and ``ReplayFrame/time``, so a replay hands them
/// over as one run (``EngineRegistry/Entry/replayRuns(_:configuration:overrides:settleLimit:limits:skippingIdleFrames:body:)``):
/// ``first`` and ``count``, with each frame's time on the trace's frame clock. A consumer that
/// needs every frame takes them from ``frames``; the analyzers account for a run in constant time.
public struct FrameRun: Sendable {
  /// The run's first frame; every later frame repeats it with the next index and a later time.
  public internal(set) var first: ReplayFrame
  /// How many frames the run holds, at least 1.
  public private(set) var count: Int64
  /// The clock that times the frames after the first, and the clock frame of the second.
  private var clock: FrameClock?
  private var secondClockFrame: Int64

  /// A run of one frame.
  public init(_ frame: ReplayFrame) {
    first = frame
    count = 1
    clock = nil
    secondClockFrame = 0
  }

  /// Makes this run its first frame alone (the driver writes each frame over the last one's).
  mutating func makeSingle() {
    count = 1
    clock = nil
    secondClockFrame = 0
  }

  /// Makes this run its first frame followed by `repeats` frames timed by `clock` from its frame
  /// `clockFrame` on.
  mutating func makeRepeating(_ repeats: Int64, clock: FrameClock, from clockFrame: Int64) {
    count = 1 + max(repeats, 0)
    self.clock = clock
    secondClockFrame = clockFrame
  }

  /// The presentation time of the run's frame `offset` (0 is ``first``), in nanoseconds.
  public func time(at offset: Int64) -> Int64 {
    guard offset > 0, let clock else { return first.time }
    return clock.time(ofFrame: secondClockFrame &+ (offset &- 1))
  }

  /// The run's frame `offset` (0 is ``first``): the first frame with its index and time.
  public func frame(at offset: Int64) -> ReplayFrame {
    guard offset > 0 else { return first }
    var frame = first
    frame.index = first.index &+ offset
    frame.time = time(at: offset)
    return frame
  }

  /// The run's last frame.
  public var last: ReplayFrame { frame(at: count &- 1) }

  /// Every frame of the run, in order.
  public var frames: some Sequence<ReplayFrame> { (0..<count).lazy.map { frame(at: $0) } }
}
