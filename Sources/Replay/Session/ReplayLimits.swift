// scrolltrace — how much work one replay may do.

/// Bounds on what one replay renders and reports, relative to what the trace holds.
///
/// A replay renders every frame of the trace's frame clock, so a few events far apart (a 138-byte
/// trace at 1000 Hz with gaps just under `ReaderEvents.maximumGap`) would ask for hundreds of
/// millions of frames and, with a timeline, gigabytes of output. A replay may render
/// ``frameAllowance`` frames plus ``framesPerEvent`` for each event read so far; past that it stops
/// with `frameLimit`.
///
/// One frame may also report up to a whole scene's items: a list of a million rows a thousandth of
/// a point tall shows every row on every frame, and a container lays out each of its children on
/// every frame it scrolls. So the items the frames report — their visible items, view events and
/// view frames set (``EngineFrame/reportedItems``) — are bounded too: ``itemAllowance`` plus
/// ``itemsPerEvent`` for each event read, past which the replay stops with
/// `itemLimit`. Time
/// and output are then linear in the trace's events; a real trace, with tens of items a frame,
/// meets the frame bound first.
public struct ReplayLimits: Sendable, Hashable {
  /// Frames any replay may render, whatever its events, (default 65 536: 9 minutes at 120 Hz).
  ///
  /// `scrolltrace replay --max-frames` sets it.
  public var frameAllowance: Int64
  /// Frames a replay may render for each event read (default 1 024: 8.5 s at 120 Hz, more than
  /// the longest settle of a fling).
  public var framesPerEvent: Int64
  /// Items the frames of any replay may report in all, whatever its events (default 2²⁶ =
  /// 67 108 864: 1 024 for each frame of the default frame allowance); each frame of a run at rest
  /// counts its items again, as `--timeline` writes them.
  ///
  /// `scrolltrace replay --max-items` sets it.
  public var itemAllowance: Int64
  /// Items the frames may report for each event read (default 65 536: 64 for each frame an event
  /// allows).
  public var itemsPerEvent: Int64

  /// Creates limits.
  public init(
    frameAllowance: Int64 = 1 << 16, framesPerEvent: Int64 = 1 << 10,
    itemAllowance: Int64 = 1 << 26, itemsPerEvent: Int64 = 1 << 16
  ) {
    self.frameAllowance = max(frameAllowance, 0)
    self.framesPerEvent = max(framesPerEvent, 0)
    self.itemAllowance = max(itemAllowance, 0)
    self.itemsPerEvent = max(itemsPerEvent, 0)
  }

  /// The most frames a replay may render once it has read `events` events (saturating).
  public func maximumFrames(afterEvents events: Int) -> Int64 {
    Self.saturating(frameAllowance, plus: framesPerEvent, times: Int64(max(events, 0)))
  }

  /// The most items the frames may report once the replay has read `events` events (saturating).
  public func maximumItems(afterEvents events: Int) -> Int64 {
    Self.saturating(itemAllowance, plus: itemsPerEvent, times: Int64(max(events, 0)))
  }

  /// `base + each × count` for values that are not negative, or `Int64.max` past it: how the
  /// allowances grow with events, and how a replay adds up what its frames and runs count.
  static func saturating(_ base: Int64, plus each: Int64, times count: Int64) -> Int64 {
    let (product, overflow) = each.multipliedReportingOverflow(by: count)
    guard !overflow else { return .max }
    let (total, sumOverflow) = base.addingReportingOverflow(product)
    return sumOverflow ? .max : total
  }
}
