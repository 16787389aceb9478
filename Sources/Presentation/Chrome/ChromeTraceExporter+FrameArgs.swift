// scrolltrace — what a frame slice carries besides its timing: the work it did, priced part by
// part, and what the device measured of it.

import Analyze
import Replay
import TraceCore

extension ChromeTraceExporter {
  /// A frame's work as the frame slice's arguments: each operation's count, and its share of the
  /// frame's estimate in percent.
  static func workArgs(_ work: WorkTotals, _ costModel: CostModel) -> JSONObject {
    let parts = costModel.parts(of: work)
    let total = parts.reduce(0) { $0 + $1.microseconds }
    var args = JSONObject()
    for entry in work.entries { args.add(entry.key, entry.value) }
    var shares = JSONObject()
    for part in parts {
      shares.add(
        part.operation.rawValue, total > 0 ? part.microseconds / total * 100 : 0, digits: 2)
    }
    args.add("estimateShare_pct", shares)
    return args
  }

  /// What the device measured of an observed frame, as the frame slice's `device` argument: its
  /// busy time, offset and the model's distance from it, and its presentation where reported;
  /// `nil` for a frame without an observation.
  static func deviceArgs(_ frame: ReplayFrame) -> JSONObject? {
    guard let observed = frame.observed else { return nil }
    var device = JSONObject()
    if let busy = observed.busyDuration { device.raw("busy_us", Self.microseconds(busy)) }
    if let offset = observed.contentOffset {
      device.add("contentOffset_pt", array: Self.points(offset))
      device.add("offsetError_pt", frame.contentOffset.distance(to: offset), digits: 4)
    }
    if let presented = observed.presentationTimestamp {
      device.add("presented_ns", String(presented))
    }
    return device
  }
}
