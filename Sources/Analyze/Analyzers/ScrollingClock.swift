// scrolltrace — time spent scrolling and views created, followed frame by frame.

package import Replay
import TraceCore

/// Follows what several analyzers need from consecutive frames: the time spent in scrolling
/// frames (each frame lasting until the next; the last one a refresh interval) and the views each
/// frame created (the change of ``Replay/EngineFrame/viewsCreated``).
package struct ScrollingClock: Sendable, Hashable {
  /// The refresh interval, in nanoseconds.
  package let frameInterval: Int64
  /// Time spent in scrolling frames up to the latest one, in nanoseconds.
  package private(set) var scrollingTime: Int64 = 0
  private var viewsCreated = 0
  private var previous: (time: Int64, isScrolling: Bool)?

  /// A clock for a display refreshing `refreshRate` times a second (60 when that is not positive).
  package init(refreshRate: Double) {
    frameInterval = Int64(Self.interval(refreshRate: refreshRate).rounded())
  }

  /// The refresh interval for `refreshRate`, in nanoseconds (60 Hz when it is not positive; a
  /// rate outside the range a trace may declare, `DeviceInfo.refreshRateRange`, is brought into
  /// it, so the interval always fits integer nanoseconds).
  package static func interval(refreshRate: Double) -> Double {
    guard refreshRate > 0, refreshRate.isFinite else { return 1e9 / 60 }
    let range = DeviceInfo.refreshRateRange
    return 1e9 / min(max(refreshRate, range.lowerBound), range.upperBound)
  }

  /// Takes the next frame; returns the views it created.
  package mutating func advance(to frame: ReplayFrame) -> Int {
    if let previous, previous.isScrolling { scrollingTime &+= max(0, frame.time &- previous.time) }
    previous = (frame.time, frame.isScrolling)
    let new = max(0, frame.engine.viewsCreated - viewsCreated)
    viewsCreated = max(viewsCreated, frame.engine.viewsCreated)
    return new
  }

  /// Advances as ``advance(to:)`` would over repeats of the last frame at later times, the last
  /// at `time` (nanoseconds): scrolling time grows by the span if that frame was scrolling, and no
  /// view is new.
  package mutating func repeatLastFrame(through time: Int64) {
    guard let previous else { return }
    if previous.isScrolling { scrollingTime &+= max(0, time &- previous.time) }
    self.previous = (time, previous.isScrolling)
  }

  /// The time spent scrolling, the last frame counted as one refresh interval, in nanoseconds.
  package var finishedScrollingTime: Int64 {
    scrollingTime &+ (previous?.isScrolling == true ? frameInterval : 0)
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.frameInterval == b.frameInterval && a.scrollingTime == b.scrollingTime
      && a.viewsCreated == b.viewsCreated
      && a.previous?.time == b.previous?.time && a.previous?.isScrolling == b.previous?.isScrolling
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(scrollingTime) }
}
