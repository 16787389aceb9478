// scrolltrace — how long this machine took: the one part of a report that is not deterministic.

/// Host CPU time of each frame's replay work (the events since the previous frame and the frame
/// itself, through the model and the engine) and the whole trace's wall time, measured with a
/// monotonic clock in nanoseconds.
///
/// These depend on the machine and its load, so reports keep them
/// in their own `host` section; everything else is deterministic.
public struct HostTimings: Sendable {
  private(set) var frames = RecordedTimes()
  /// Wall time of the whole replay (reading, replaying and analyzing), in nanoseconds.
  public private(set) var wallTime: UInt64 = 0
  /// Events replayed.
  public private(set) var events = 0

  /// No timings yet.
  public init() {}

  /// Records a whole replay's wall time (nanoseconds) and its events.
  ///
  /// Records the host time a run of `count` frames took (`FrameRun`), in nanoseconds: each frame
  /// as its share of it.
  public mutating func recordFrames(_ nanoseconds: UInt64, count: Int64) {
    guard count > 0 else { return }
    frames.record(nanoseconds / UInt64(count), count: UInt64(count))
  }

  /// Records one whole replay: its wall time, in nanoseconds, and the events it read.
  public mutating func recordReplay(wallTime: UInt64, events: Int) {
    self.wallTime &+= wallTime
    self.events += events
  }

  /// Adds another trace's timings.
  public mutating func merge(_ other: HostTimings) {
    frames.add(other.frames)
    wallTime &+= other.wallTime
    events += other.events
  }

  /// The summary so far.
  public var summary: HostTimingSummary {
    let (p50, p90, p99) = frames.percentiles(50, 90, 99)
    return HostTimingSummary(
      frames: frames.count, p50: p50, p90: p90, p99: p99,
      max: frames.max, mean: frames.mean, wallTime: wallTime,
      eventsPerSecond: wallTime > 0 ? Double(events) / (Double(wallTime) / 1e9) : 0)
  }
}

/// Host timings of a replay, in nanoseconds: per-frame replay work percentiles (HDR histogram, 3
/// significant digits), their exact mean and the wall time.
public struct HostTimingSummary: Sendable, Hashable {
  /// Frames timed.
  public var frames: Int
  /// The median frame's work.
  public var p50: UInt64
  /// The 90th percentile.
  public var p90: UInt64
  /// The 99th percentile.
  public var p99: UInt64
  /// The longest.
  public var max: UInt64
  /// The mean.
  public var mean: Double
  /// The replay's wall time.
  public var wallTime: UInt64
  /// Events replayed per second of wall time.
  public var eventsPerSecond: Double
}
