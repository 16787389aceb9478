// scrolltrace — a replay's findings as instants on its timeline: glitches, jumps, shifts, drifts.

import Analyze
import Replay
import TraceCore

extension ChromeTraceExporter {
  /// Writes the findings of `summary` as instants: boundary glitches, offset jumps, content
  /// shifts and anchor drifts, each with its figures.
  func writeFindings(of summary: AnalysisSummary, _ write: (String) throws -> Void) rethrows {
    for glitch in summary.boundaryGlitches.glitches {
      var args = JSONObject()
      args.add("frame", glitch.frame)
      args.add("rule", glitch.rule.rawValue)
      args.add("misalignment_pt", glitch.misalignment, digits: 4)
      args.add("contentOffset_pt", array: Self.points(glitch.contentOffset))
      try write(instant("boundary glitch", pid: pid, at: glitch.time, args: args))
    }
    for jump in summary.offsetJumps.jumps {
      var args = JSONObject()
      args.add("frame", jump.frame)
      args.add("size_pt", jump.size, digits: 4)
      args.add("cause", jump.cause.rawValue)
      args.add("offsetChange_pt", array: Self.points(jump.offsetChange))
      try write(instant("offset jump", pid: pid, at: jump.time, args: args))
    }
    for shift in summary.contentShift?.shifts ?? [] {
      var args = JSONObject()
      args.add("frame", shift.frame)
      args.add("size_pt", shift.size, digits: 4)
      args.add("cause", shift.cause.rawValue)
      args.add("item", shift.item)
      args.add("whileTracking", shift.whileTracking)
      try write(instant("content shift", pid: pid, at: shift.time, args: args))
    }
    for drift in summary.offsetJumps.anchorDrifts {
      var args = JSONObject()
      args.add("frame", drift.frame)
      args.add("distance_pt", drift.distance, digits: 4)
      try write(instant("anchor drift", pid: pid, at: drift.time, args: args))
    }
  }
}
