// scrolltrace — what an analyzer is.

public import Replay
import TraceCore

/// A streaming reducer over a replay's frames: it sees each frame once, in order, and keeps a
/// summary whose size does not depend on the number of frames (event lists are capped by
/// ``AnalysisSettings/eventLimit``).
public protocol FrameAnalyzer: Sendable {
  /// Takes the next frame.
  mutating func consume(_ frame: ReplayFrame)

  /// Takes the next run of frames (`FrameRun`): what taking each of its frames in order gives.
  /// The default takes them one by one; an analyzer accounts for a run of frames at rest at once
  /// where that gives exactly the same state.
  mutating func consume(_ run: FrameRun)
}

extension FrameAnalyzer {
  /// Takes every frame of `run`, in order.
  public mutating func consume(_ run: FrameRun) {
    for frame in run.frames { consume(frame) }
  }

  /// Takes `run` by taking its first two frames one by one, then letting `repeats` account for
  /// the rest at once: it gets the second frame and the run's last time, and returns `false` when
  /// it cannot give exactly what taking each frame would (then they are taken one by one).
  ///
  /// The shared shape of the analyzers' run accounting: every frame after the first is the same
  /// frame at a later time, so from the second on, each repeat meets the same state but the clock.
  mutating func consume(_ run: FrameRun, repeats: (inout Self, ReplayFrame, Int64) -> Bool) {
    consume(run.first)
    guard run.count > 1 else { return }
    let second = run.frame(at: 1)
    consume(second)
    guard run.count > 2, !repeats(&self, second, run.time(at: run.count &- 1)) else { return }
    for offset in 2..<run.count { consume(run.frame(at: offset)) }
  }
}

extension ReplayFrame {
  /// Whether the content is scrolling: a finger is down, or the content or a resize animation
  /// moves.
  ///
  /// The time in such frames is the denominator of the per-second rates (Apple's
  /// `scrollHitchTimeRatio` is hitch time over time spent scrolling).
  public var isScrolling: Bool { !isAtRest }

  /// Whether the frame is a scene's first layout: the engine laid out a new scene (the trace's,
  /// or its stock scene) and created every visible view at once.
  ///
  /// That cost is real but is not a
  /// scrolling hitch — Apple's hitch time ratio counts hitches while scrolling — so the analyzers
  /// report it as its own figure (``FirstLayoutSummary``).
  public var isFirstLayout: Bool { events.contains(.sceneChange) }
}

/// A bounded list of events: the first `limit` are kept, the rest only counted.
public struct CappedEvents<Event: Sendable & Hashable>: Sendable, Hashable {
  /// The events kept, in order.
  public private(set) var events: [Event] = []
  /// Every event seen, kept or not.
  public private(set) var count = 0
  /// The most events kept.
  public let limit: Int

  /// An empty list that keeps at most `limit` events.
  public init(limit: Int) { self.limit = max(0, limit) }

  /// Counts `event` and keeps it while there is room.
  public mutating func append(_ event: Event) {
    count += 1
    if events.count < limit { events.append(event) }
  }

  /// Adds `other`'s count, and its events while there is room.
  public mutating func merge(_ other: Self) {
    count += other.omitted
    for event in other.events { append(event) }
  }

  /// Updates the latest event, if it was kept (for an event still growing, such as a glitch's
  /// resting time).
  mutating func updateLast(_ body: (inout Event) -> Void) {
    guard !events.isEmpty, omitted == 0 else { return }
    body(&events[events.count - 1])
  }

  /// Events seen but not kept.
  public var omitted: Int { count - events.count }
}
