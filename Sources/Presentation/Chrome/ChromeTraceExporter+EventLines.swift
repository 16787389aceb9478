// scrolltrace — the Chrome Trace Event lines the exporter writes: slices, counters, instants, names.

import Analyze
import Replay
import TraceCore

extension ChromeTraceExporter {
  /// A point as a JSON pair rounded to 1/10000 pt, as the report rounds lengths.
  static func points(_ point: Point) -> [String] {
    [JSONObject.number(point.x, digits: 4), JSONObject.number(point.y, digits: 4)]
  }

  /// Nanoseconds as microseconds with exactly three decimals, from integers ("1411748.223").
  static func microseconds(_ ns: Int64) -> String {
    let sign = ns < 0 ? "-" : ""
    let magnitude = ns.magnitude
    let fraction = String(magnitude % 1000)
    return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count)
      + fraction
  }

  /// One timed event line: the fields every phase shares, then `dur` for slices and `s` for instants.
  static func timed(
    _ name: String, cat: String, ph: String, pid: Int, tid: Int, at time: Int64,
    duration: Int64? = nil,
    scope: String? = nil, args: JSONObject
  ) -> String {
    var event = JSONObject()
    event.add("name", name)
    event.add("cat", cat)
    event.add("ph", ph)
    event.raw("ts", microseconds(time))
    if let duration { event.raw("dur", microseconds(max(0, duration))) }
    event.add("pid", pid)
    event.add("tid", tid)
    if let scope { event.add("s", scope) }
    event.add("args", args)
    return event.rendered
  }

  /// A slice from `start` to `end` (trace times, nanoseconds) on `track`.
  func slice(
    _ name: String, cat: String, track: Track, pid: Int, start: Int64, end: Int64, args: JSONObject
  ) -> String {
    Self.timed(
      name, cat: cat, ph: "X", pid: pid, tid: track.rawValue, at: start &- origin,
      duration: end - start, args: args)
  }

  /// A counter's values at `time` (a trace time, nanoseconds).
  func counter(_ name: String, pid: Int, at time: Int64, args: JSONObject) -> String {
    Self.timed(name, cat: "counter", ph: "C", pid: pid, tid: 0, at: time &- origin, args: args)
  }

  /// A finding at `time` (a trace time, nanoseconds).
  func instant(_ name: String, pid: Int, at time: Int64, args: JSONObject) -> String {
    Self.timed(
      name, cat: "finding", ph: "i", pid: pid, tid: Track.findings.rawValue, at: time &- origin,
      scope: "t", args: args)
  }

  static func metadata(pid: Int, tid: Int, _ name: String, _ key: String, _ rawValue: String)
    -> String
  {
    var args = JSONObject()
    args.raw(key, rawValue)
    var event = JSONObject()
    event.add("name", name)
    event.add("ph", "M")
    event.add("pid", pid)
    event.add("tid", tid)
    event.add("args", args)
    return event.rendered
  }
}
