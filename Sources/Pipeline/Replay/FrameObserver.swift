// scrolltrace — something that sees every frame of a replay: a timeline, plots, an export.

public import Analyze
public import Replay

/// Takes every frame of a replay, one at a time, after the analyzers: a timeline writer, a plot's
/// series, a Chrome trace exporter.
///
/// A replay with an observer hands frames at rest over one by one instead of in runs: an observer
/// costs a frame's work on every frame.
public protocol FrameObserver {
  /// Takes the next frame; `isFinding` says whether it raised an offset jump or a boundary
  /// glitch.
  mutating func observe(_ frame: ReplayFrame, isFinding: Bool) throws
}

/// No observer: a replay that hands frames at rest to the analyzers in runs.
public struct NoFrameObserver: FrameObserver {
  /// Creates the observer.
  public init() {}

  /// Ignores the frame.
  public func observe(_ frame: ReplayFrame, isFinding: Bool) {}
}

extension PlotSeries: FrameObserver {
  /// Samples the frame for the plots.
  public mutating func observe(_ frame: ReplayFrame, isFinding: Bool) {
    consume(frame, isFinding: isFinding)
  }
}

/// Two observers, each given every frame: the first, then the second when there is one.
public struct FramePair<First: FrameObserver, Second: FrameObserver>: FrameObserver {
  /// The first observer.
  public var first: First
  /// The second observer, if any.
  public var second: Second?

  /// Both observers.
  public init(first: First, second: Second?) {
    self.first = first
    self.second = second
  }

  /// Hands the frame to the first observer, then to the second.
  public mutating func observe(_ frame: ReplayFrame, isFinding: Bool) throws {
    try first.observe(frame, isFinding: isFinding)
    try second?.observe(frame, isFinding: isFinding)
  }
}
