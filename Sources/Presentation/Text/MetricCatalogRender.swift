// scrolltrace — the metric catalog as `scrolltrace metrics` prints it.

public import Analyze
import TraceCore

extension Metric {
  /// The catalog as text: a line per metric, key, unit, direction (↓ lower is better, ↑ higher is
  /// better, · informational), the tolerance and the scale a comparison judges it in, and what it
  /// measures.
  public static var catalogTable: String {
    (catalog + hostCatalog).map { metric in
      TextFormat.pad(metric.key, 40) + TextFormat.pad(metric.unit, 6) + metric.arrow + "  "
        + TextFormat.pad(metric.toleranceText, 21) + metric.summary
    }.joined(separator: "\n")
  }

  /// The catalog as JSON Lines: an object per metric with `key`, `unit`, `direction`,
  /// `hostTiming`, `judgedPer`, `tolerance` (`relative` as a fraction, `absolute` in the unit) and
  /// `summary`.
  public static var catalogJSONLines: String {
    (catalog + hostCatalog).map { metric in
      var object = JSONObject()
      object.add("key", metric.key)
      object.add("unit", metric.unit)
      object.add("direction", metric.direction.rawValue)
      object.add("hostTiming", metric.isHostTiming)
      if !metric.isHostTiming {
        object.add("judgedPer", metric.judgedPer.rawValue)
        var tolerance = JSONObject()
        tolerance.add("relative", metric.tolerance.relative, digits: 6)
        tolerance.add("absolute", metric.tolerance.absolute, digits: 6)
        object.add("tolerance", tolerance)
      }
      object.add("summary", metric.summary)
      return object.rendered
    }.joined(separator: "\n")
  }

  /// ↓ lower is better, ↑ higher is better, · informational.
  var arrow: String {
    switch direction {
    case .lowerIsBetter: "↓"
    case .higherIsBetter: "↑"
    case .informational: "·"
    }
  }

  /// The tolerance as people read it: `±1 %/frame`, `±0.5 pt or 1 %`, `exact`, `test` for a host
  /// timing, `–` for an informational metric.
  var toleranceText: String {
    if isHostTiming { return "U test" }
    if direction == .informational { return "–" }
    var parts: [String] = []
    if tolerance.absolute > 0 {
      parts.append("±\(TextFormat.number(tolerance.absolute)) \(unit)")
    }
    if tolerance.relative > 0 { parts.append("±\(TextFormat.number(tolerance.relative * 100)) %") }
    let scale =
      switch judgedPer {
      case .total: ""
      case .perFrame: "/frame"
      case .perScrollingSecond: "/s scr."
      }
    return parts.isEmpty ? "exact" + scale : parts.joined(separator: ", ") + scale
  }
}
