// scrolltrace — frame cost and work in the report's JSON (docs/report-schema.md).

import TraceCore

extension FrameCostSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frames", frames)
    object.add("budget_ms", budget / 1e6, digits: 6)
    object.add("work", work.json)
    object.add("workPerFrameMaximum", workPerFrameMaximum.json)
    object.add("estimatedFrameTime", estimatedFrameTime.json)
    object.add("framesOverBudget", framesOverBudget)
    object.add("hitches", hitches)
    object.add("hitchTime_ms", hitchTime / 1e6, digits: 4)
    object.add("scrollingTime_ms", Double(scrollingTime) / 1e6, digits: 4)
    object.add("hitchTimeRatio_ms_per_s", hitchTimeRatio, digits: 4)
    object.add("band", band.rawValue)
    object.add("bands", bands)
    object.add("bandsBySet", HitchBands.json(of: hitchTimeRatio))
    var first = JSONObject()
    first.add("layouts", firstLayout.layouts)
    first.add("stockScenes", firstLayout.stockScenes)
    first.add("viewsCreated", firstLayout.viewsCreated)
    first.add("largestEstimated_ms", firstLayout.largestEstimatedTime / 1e6, digits: 4)
    object.add("firstLayout", first)
    if let worstFrame {
      var worst = JSONObject()
      worst.add("frame", worstFrame.frame)
      worst.add("time_ns", worstFrame.time)
      worst.add("estimated_ms", worstFrame.estimatedTime / 1e6, digits: 4)
      worst.add("work", worstFrame.work.json)
      object.add("worstFrame", worst)
    }
    return object
  }
}

extension FrameCostSummary.Percentiles {
  /// The percentiles in milliseconds: `p50_ms`, `p90_ms`, `p99_ms`, `max_ms`, `mean_ms`.
  var json: JSONObject {
    var object = JSONObject()
    object.add("p50_ms", p50 / 1e6, digits: 4)
    object.add("p90_ms", p90 / 1e6, digits: 4)
    object.add("p99_ms", p99 / 1e6, digits: 4)
    object.add("max_ms", max / 1e6, digits: 4)
    object.add("mean_ms", mean / 1e6, digits: 4)
    return object
  }
}

extension WorkTotals {
  var json: JSONObject {
    var object = JSONObject()
    for entry in entries { object.add(entry.key, entry.value) }
    return object
  }
}

extension HitchBands {
  /// The band of `ratio` (ms/s) in every published set, by the set's name: `{ wwdc20, xcode }`.
  static func json(of ratio: Double) -> JSONObject {
    var object = JSONObject()
    for (name, band) in bandsBySet(of: ratio) { object.add(name, band.rawValue) }
    return object
  }
}
