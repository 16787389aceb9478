// scrolltrace — the costliest frames a trace's plots list, with the work each did.

import Replay
import TraceCore

extension PlotSeries {
  /// One of the costliest frames by estimate (first layouts aside): its work, priced part by part.
  public struct CostlyFrame: Sendable, Hashable {
    /// The frame's index.
    public var frame: Int64
    /// Its presentation time, nanoseconds.
    public var time: Int64
    /// Its estimated device time, nanoseconds.
    public var estimate: Double
    /// The work it did.
    public var work: WorkTotals
    /// The work the device measured for it, nanoseconds, when it did.
    public var measured: Int64?
  }

  /// Keeps `frame` among the costliest when its estimate beats the least of them.
  mutating func keepIfCostly(_ frame: ReplayFrame, work: WorkTotals, estimate: Double) {
    guard costliest.count < Self.costlyLimit || estimate > (costliest.last?.estimate ?? 0) else {
      return
    }
    let costly = CostlyFrame(
      frame: frame.index, time: frame.time, estimate: estimate, work: work,
      measured: frame.observed?.busyDuration)
    let place = costliest.firstIndex { $0.estimate < estimate } ?? costliest.count
    costliest.insert(costly, at: place)
    if costliest.count > Self.costlyLimit { costliest.removeLast() }
  }
}
