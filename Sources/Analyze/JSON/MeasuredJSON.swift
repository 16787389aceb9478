// scrolltrace — the measured and fidelity sections of the JSON report (docs/report-schema.md).

import Replay
import TraceCore

extension MeasuredFrameSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frames", frames)
    var drops = JSONObject()
    drops.add("duplicates", dropped.duplicates)
    drops.add("backwards", dropped.backwards)
    object.add("dropped", drops)
    object.add("outliers", outliers)
    object.add("paced", paced)
    object.add("presentationUnknown", presentationUnknown)
    object.add("displayLinkFrames", displayLinkFrames)
    if let range = intervalRange {
      object.add(
        "refreshRate_hz",
        array: [
          JSONObject.number(1e9 / Double(range.upperBound), digits: 4),
          JSONObject.number(1e9 / Double(range.lowerBound), digits: 4),
        ])
    } else {
      object.raw("refreshRate_hz", "null")
    }
    object.add("hitches", hitches)
    object.add("hitchTime_ms", Double(hitchTime) / 1e6, digits: 4)
    object.add("largestLateness_ms", Double(largestLateness) / 1e6, digits: 4)
    object.add("scrollingTime_ms", Double(scrollingTime) / 1e6, digits: 4)
    object.add("hitchTimeRatio_ms_per_s", hitchTimeRatio, digits: 4)
    object.add("band", band.rawValue)
    object.add("bands", bands)
    object.add("bandsBySet", HitchBands.json(of: hitchTimeRatio))
    object.add("slowFrames", slowFrames)
    object.add("frozenFrames", frozenFrames)
    object.add("framesDelay_ms", Double(framesDelay) / 1e6, digits: 4)
    var delayed = JSONObject()
    delayed.add("presented", delayedFrames.presented)
    delayed.add("delayed", delayedFrames.delayed)
    delayed.add("percentage", delayedFrames.percentage, digits: 4)
    delayed.add("missedVsyncs", delayedFrames.missedVsyncs)
    delayed.add("windows", delayedFrames.windows)
    delayed.add("worstWindowPercentage", delayedFrames.worstWindowPercentage, digits: 4)
    delayed.add("scrolls", delayedFrames.scrolls)
    delayed.add("worstScrollPercentage", delayedFrames.worstScrollPercentage, digits: 4)
    object.add("delayedFrames", delayed)
    if deadlineFrames > 0 {
      var deadline = JSONObject()
      deadline.add("frames", deadlineFrames)
      deadline.add("missed", missedDeadlines)
      deadline.add("percentage", Double(missedDeadlines) / Double(deadlineFrames) * 100, digits: 4)
      if let overrun = frameOverrun {
        var o = JSONObject()
        o.add("p50_ms", overrun.p50 / 1e6, digits: 4)
        o.add("p90_ms", overrun.p90 / 1e6, digits: 4)
        o.add("p95_ms", overrun.p95 / 1e6, digits: 4)
        o.add("p99_ms", overrun.p99 / 1e6, digits: 4)
        o.add("max_ms", overrun.max / 1e6, digits: 4)
        deadline.add("overrun", o)
      }
      object.add("deadline", deadline)
    } else {
      object.raw("deadline", "null")
    }
    object.add("timedFrames", timedFrames)
    object.add("framesOverBudget", framesOverBudget)
    if let time = measuredFrameTime {
      object.add("frameTime", time.json)
    } else {
      object.raw("frameTime", "null")
    }
    if let worst {
      var frame = JSONObject()
      frame.add("frame", worst.frame)
      frame.add("time_ns", worst.time)
      frame.add("busy_ms", Double(worst.busyDuration) / 1e6, digits: 4)
      object.add("worstFrame", frame)
    }
    return object
  }
}

extension FidelitySummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("threshold_pt", threshold, digits: 4)
    object.add("frames", frames)
    var errors = JSONObject()
    errors.add("p50_pt", offsetError.p50, digits: 4)
    errors.add("p99_pt", offsetError.p99, digits: 4)
    errors.add("max_pt", offsetError.max, digits: 4)
    errors.add("mean_pt", offsetError.mean, digits: 4)
    object.add("offsetError", errors)
    object.add("divergedFrames", divergedFrames)
    if let divergence = firstDivergence {
      object.add("firstDivergence", divergence.json)
    } else {
      object.raw("firstDivergence", "null")
    }
    object.add("worstRestDistance_pt", worstRestDistance, digits: 4)
    object.add("worstSettleTimeDifference_ms", Double(worstSettleTimeDifference) / 1e6, digits: 4)
    object.add("settleCount", settleCount)
    object.add("settles", objects: settles.map(\.json))
    object.add("settlesOmitted", settlesOmitted)
    return object
  }
}

extension FidelitySummary.Divergence {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("error_pt", error, digits: 4)
    object.add("model_pt", array: JSONObject.pair(model))
    object.add("device_pt", array: JSONObject.pair(device))
    if let after {
      var happening = JSONObject()
      happening.add("kind", after.kind.rawValue)
      happening.add("frame", after.frame)
      happening.add("time_ns", after.time)
      object.add("after", happening)
    } else {
      object.raw("after", "null")
    }
    return object
  }
}

extension FidelitySummary.Settle {
  var json: JSONObject {
    var object = JSONObject()
    object.add("start_ns", start)
    object.add("cause", cause.rawValue)
    func rest(_ rest: Rest?) -> String {
      guard let rest else { return "null" }
      var object = JSONObject()
      object.add("time_ns", rest.time)
      object.add(
        "settle_ms", Double(rest.time.subtractingReportingOverflow(start).partialValue) / 1e6,
        digits: 4)
      object.add("offset_pt", array: JSONObject.pair(rest.offset))
      return object.rendered
    }
    object.raw("model", rest(modelRest))
    object.raw("device", rest(deviceRest))
    object.add("distance_pt", distance, digits: 4)
    object.raw(
      "settleTimeDifference_ms",
      settleTimeDifference.map { JSONObject.number(Double($0) / 1e6, digits: 4) } ?? "null")
    return object
  }
}
