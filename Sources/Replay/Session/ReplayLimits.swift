// scrolltrace — how much work one replay may do.

/// Bounds on the frames one replay renders, relative to what the trace holds.
///
/// A replay renders every frame of the trace's frame clock, so a few events far apart (a 138-byte
/// trace at 1000 Hz with gaps just under ``ReaderEvents/maximumGap``) would ask for hundreds of
/// millions of frames and, with `--timeline`, gigabytes of output. A replay may render
/// ``frameAllowance`` frames plus ``framesPerEvent`` for each event read so far; past that it stops
/// with ``ReplayError/Code/workLimit``. Time and output are then linear in the trace's events.
public struct ReplayLimits: Sendable, Hashable {
  /// Frames any replay may render, whatever its events, (default 65 536: 9 minutes at 120 Hz).
  /// `scrolltrace replay --max-frames` sets it.
  public var frameAllowance: Int64
  /// Frames a replay may render for each event read (default 1 024: 8.5 s at 120 Hz, more than
  /// the longest settle of a fling).
  public var framesPerEvent: Int64

  /// Creates limits.
  public init(frameAllowance: Int64 = 1 << 16, framesPerEvent: Int64 = 1 << 10) {
    self.frameAllowance = max(frameAllowance, 0)
    self.framesPerEvent = max(framesPerEvent, 0)
  }

  /// The most frames a replay may render once it has read `events` events (saturating).
  public func maximumFrames(afterEvents events: Int) -> Int64 {
    let (perEvents, overflow) = framesPerEvent.multipliedReportingOverflow(by: Int64(max(events, 0)))
    guard !overflow else { return .max }
    let (total, sumOverflow) = frameAllowance.addingReportingOverflow(perEvents)
    return sumOverflow ? .max : total
  }
}
