// scrolltrace — the deterministic work of a replay, in counts.

public import Replay

/// Counts of the work engines report: over a replay, or at most in one frame.
public struct WorkTotals: Sendable, Hashable {
  /// Layout passes (`layoutSubviews`).
  public var layoutPasses = 0
  /// Views created.
  public var viewsCreated = 0
  /// Items configured with content.
  public var itemsConfigured = 0
  /// View frames assigned.
  public var framesSet = 0
  /// Reuse-pool search steps.
  public var poolScanSteps = 0

  /// No work.
  public init() {}

  /// The counts of one frame.
  public init(_ work: WorkCounters, viewsCreated: Int) {
    layoutPasses = work.layoutPasses
    self.viewsCreated = viewsCreated
    itemsConfigured = work.itemsConfigured
    framesSet = work.framesSet
    poolScanSteps = work.poolScanSteps
  }

  /// The counts with their JSON keys, in report order.
  public var entries: [(key: String, value: Int)] {
    [
      ("layoutPasses", layoutPasses), ("viewsCreated", viewsCreated),
      ("itemsConfigured", itemsConfigured),
      ("framesSet", framesSet), ("poolScanSteps", poolScanSteps),
    ]
  }

  /// Adds `other`'s counts (saturating).
  public mutating func add(_ other: WorkTotals) { combine(other, &+) }

  /// Keeps the larger of each count.
  public mutating func formMaximum(_ other: WorkTotals) { combine(other, max) }

  private mutating func combine(_ other: WorkTotals, _ op: (Int, Int) -> Int) {
    layoutPasses = op(layoutPasses, other.layoutPasses)
    viewsCreated = op(viewsCreated, other.viewsCreated)
    itemsConfigured = op(itemsConfigured, other.itemsConfigured)
    framesSet = op(framesSet, other.framesSet)
    poolScanSteps = op(poolScanSteps, other.poolScanSteps)
  }
}
