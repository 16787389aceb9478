// scrolltrace — observed frames a replay could not present, by reason.

/// Observed frames a replay dropped, and why: each drives a frame at its timestamp, and a frame
/// at or before one already presented cannot be presented again.
///
/// The rule (docs/report-schema.md, "Measured frame pacing"): an observed frame at the timestamp
/// of the frame before is a **duplicate** (a recorder that wrote a callback twice, 100 000 at one
/// time); one earlier than the frame before **runs backwards** (clocks mixed, files joined out of
/// order). Both are dropped, counted here, reported beside the measured figures and warned about:
/// every observed frame is accounted for, presented or dropped.
public struct ObservationDrops: Sendable, Hashable {
  /// Observed frames at the timestamp of the frame presented before them.
  public var duplicates = 0
  /// Observed frames earlier than the frame presented before them.
  public var backwards = 0

  /// No drops.
  public init(duplicates: Int = 0, backwards: Int = 0) {
    self.duplicates = duplicates
    self.backwards = backwards
  }

  /// Every observed frame dropped.
  public var total: Int { duplicates + backwards }

  /// Adds another trace's drops.
  public mutating func merge(_ other: ObservationDrops) {
    duplicates += other.duplicates
    backwards += other.backwards
  }
}
