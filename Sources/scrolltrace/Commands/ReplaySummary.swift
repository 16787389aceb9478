// scrolltrace — the few lines `replay` prints per trace until the analyzers' report exists.

import Replay
import TraceFormat

/// Frames replayed, time spent in each phase and where the content came to rest.
struct ReplaySummary {
  private(set) var frames: Int64 = 0
  private(set) var first: Int64?
  private(set) var last: ReplayFrame?
  private var phaseTime: [ScrollPhase: Int64] = [:]

  /// Counts `frame`; the time since the previous frame goes to the previous frame's phase.
  mutating func add(_ frame: ReplayFrame) {
    if let last { phaseTime[last.phase, default: 0] += frame.time - last.time }
    if first == nil { first = frame.time }
    frames += 1
    last = frame
  }

  /// The summary as text.
  func text(path: String, engine: EngineDescriptor, header: TraceHeader) -> String {
    let span = (last?.time ?? 0) - (first ?? 0)
    let phases = ScrollPhase.allCases.map { "\($0.rawValue) \(Self.seconds(phaseTime[$0] ?? 0))" }
    var lines = ["\(path) — \(engine)"]
    lines.append("  frames      \(frames) over \(Self.seconds(span)) (\(JSONObject.number(header.device.refreshRate)) Hz display)")
    lines.append("  phases      " + phases.joined(separator: ", "))
    if let last {
      lines.append(
        "  at rest     contentOffset (\(JSONObject.number(last.contentOffset.x, digits: 2)), \(JSONObject.number(last.contentOffset.y, digits: 2))) of contentSize \(JSONObject.number(last.contentSize.width, digits: 2))×\(JSONObject.number(last.contentSize.height, digits: 2))"
      )
    }
    return lines.joined(separator: "\n")
  }

  private static func seconds(_ nanoseconds: Int64) -> String {
    JSONObject.number(Double(nanoseconds) / 1e9, digits: 3) + " s"
  }
}
