// scrolltrace — the report as JSON (docs/report-schema.md).

import Replay
import TraceCore

extension Report {
  /// The report as one JSON document, keys in schema order.
  ///
  /// Everything outside `host` is a pure
  /// function of the traces, the engine and the settings: byte-identical on every machine.
  /// Lengths are rounded to 1/10000 pt, times in ms to 1/10000 ms, ratios to 10⁻⁶.
  public var json: String {
    var root = JSONObject()
    root.add("schema", "scrolltrace-report")
    root.add("schemaVersion", Self.schemaVersion)
    var engine = self.engine.jsonObject
    var hooks = JSONObject()
    hooks.add("implemented", array: delegateHooks.implemented.names.map(JSONObject.quote))
    hooks.add(
      "answeredByDefault", array: delegateHooks.answeredByDefault.names.map(JSONObject.quote))
    engine.add("hooks", hooks)
    root.add("engine", engine)
    root.add("settings", settingsJSON)
    root.add("traces", objects: traces.map(\.json))
    if !skipped.isEmpty {
      root.add(
        "skipped",
        objects: skipped.map { trace in
          var object = JSONObject()
          object.add("path", trace.path)
          object.add("reason", trace.reason)
          if trace.isFailure { object.add("failed", true) }
          return object
        })
    }
    var total = JSONObject()
    total.add("traces", traces.count)
    total.add("metrics", self.total.metricsJSON)
    root.add("total", total)
    var host = JSONObject()
    host.add(
      "note", "Measured on this machine with a monotonic clock; varies between runs and machines.")
    host.add(
      "traces",
      objects: traces.map { trace in
        var object = JSONObject()
        object.add("path", trace.identity.path)
        object.add("timings", trace.host.json)
        return object
      })
    host.add("total", hostTotal.json)
    host.add("runs", 1)
    host.add("warmUp", hostWarmedUp)
    root.add("host", host)
    return root.rendered
  }

  /// The `settings` object: thresholds, bands, the cost model and the model options given.
  var settingsJSON: JSONObject {
    var settings = JSONObject()
    settings.add("jumpThreshold_pt", self.settings.jumpThreshold, digits: 4)
    settings.add("glitchTolerance_pt", self.settings.glitchTolerance, digits: 4)
    settings.add("hitchBands", self.settings.hitchBands.name)
    settings.add("eventLimit", self.settings.eventLimit)
    settings.add("fidelityThreshold_pt", self.settings.fidelityThreshold, digits: 4)
    var cost = JSONObject()
    for entry in self.settings.costModel.entries {
      cost.add(entry.key, entry.microseconds, digits: 6)
    }
    settings.add("costModel", cost)
    var model = JSONObject()
    for option in modelOptions { model.add(option.name, option.value) }
    settings.add("model", model)
    return settings
  }
}

extension TraceReport {
  var json: JSONObject {
    var object = JSONObject()
    var trace = JSONObject()
    trace.add("path", identity.path)
    trace.add("contentHash", identity.contentHash)
    trace.add("fileSize_bytes", identity.fileSize)
    trace.add("events", identity.events)
    trace.add("device", identity.device.name)
    trace.add(
      "screen_pt",
      array: [
        JSONObject.number(identity.device.screenSize.width),
        JSONObject.number(identity.device.screenSize.height),
      ])
    trace.add("scale", identity.device.scale, digits: 4)
    trace.add("refreshRate_hz", identity.device.refreshRate, digits: 4)
    trace.add("chunksLost", identity.losses)
    object.add("trace", trace)
    object.add("metrics", summary.metricsJSON)
    // Only for a trace with figures measured on a device: other reports stay as they were.
    if let noise = summary.noiseJSON { object.add("noise", noise) }
    object.add("frameCost", summary.frameCost.json)
    object.add("offsetJumps", summary.offsetJumps.json)
    // Only for an engine with item identities: other reports stay as they were.
    if let contentShift = summary.contentShift { object.add("contentShift", contentShift.json) }
    object.add("boundaryGlitches", summary.boundaryGlitches.json)
    object.add("reuse", summary.reuse.json)
    object.raw("measured", summary.measured?.json.rendered ?? "null")
    object.raw("fidelity", summary.fidelity?.json.rendered ?? "null")
    object.add("smoothness", summary.smoothness.json)
    return object
  }
}

extension AnalysisSummary {
  /// Every catalog metric by key (``Metric/catalog``), plus the duration and hitch band.
  var metricsJSON: JSONObject {
    var metrics = JSONObject()
    metrics.add("duration_ms", Double(duration) / 1e6, digits: 4)
    // Saturated at the largest value a saved report may hold, so that every report the tool
    // writes it also reads (a cost model can price a frame beyond 31 000 years).
    for metric in Metric.catalog {
      let value = metric.value(in: self)
      if value == nil, metric.isOmittedWhenAbsent { continue }
      metrics.add(
        metric.key, value.map { min($0, SavedReport.largestValue) }, digits: 6)
    }
    metrics.add("frameCost.band", frameCost.band.rawValue)
    metrics.raw("measured.band", measured.map { JSONObject.quote($0.band.rawValue) } ?? "null")
    return metrics
  }

  /// The sampled metrics' noise intervals by key, `[low, high]` in the metric's unit (saturated
  /// as the values are); nil when no metric has one.
  var noiseJSON: JSONObject? {
    var noise = JSONObject()
    var any = false
    for metric in Metric.catalog where metric.isSampled {
      guard let interval = metric.noise(in: self) else { continue }
      any = true
      noise.add(
        metric.key,
        array: [interval.lowerBound, interval.upperBound].map {
          JSONObject.number(min($0, SavedReport.largestValue), digits: 6)
        })
    }
    return any ? noise : nil
  }
}

extension BoundaryGlitchSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("tolerance_pt", tolerance, digits: 4)
    object.add("rules", array: rules.map { JSONObject.quote($0.rawValue) })
    object.add("rests", rests)
    object.add("count", count)
    object.add("restingTime_ms", Double(restingTime) / 1e6, digits: 4)
    object.add("worstMisalignment_pt", worstMisalignment, digits: 4)
    object.add("events", objects: glitches.map(\.json))
    object.add("eventsOmitted", glitchesOmitted)
    var seams = JSONObject()
    seams.add("count", transitionSeams)
    seams.add("time_ms", Double(transitionSeamTime) / 1e6, digits: 4)
    seams.add("worstMisalignment_pt", worstTransitionSeam, digits: 4)
    seams.add("events", objects: self.seams.map(\.json))
    seams.add("eventsOmitted", seamsOmitted)
    object.add("transitionSeams", seams)
    return object
  }
}

extension BoundaryGlitch {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("rule", rule.rawValue)
    object.add("contentOffset_pt", array: JSONObject.pair(contentOffset))
    object.add("misalignment_pt", misalignment, digits: 4)
    object.add("items", array: items.map { "[\($0.section),\($0.index)]" })
    object.add("restingTime_ms", Double(restingTime) / 1e6, digits: 4)
    return object
  }
}

extension TransitionSeam {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("worstMisalignment_pt", worstMisalignment, digits: 4)
    object.add("duration_ms", Double(duration) / 1e6, digits: 4)
    return object
  }
}

extension ReuseChurnSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("dequeuesReused", dequeuesReused)
    object.add("dequeuesCreated", dequeuesCreated)
    object.add("enqueues", enqueues)
    object.add("hitRate", hitRate, digits: 6)
    object.add("viewsCreated", viewsCreated)
    object.add("viewsCreatedWhileScrolling", viewsCreatedWhileScrolling)
    object.add("scrollingTime_ms", Double(scrollingTime) / 1e6, digits: 4)
    object.add("viewsCreatedPerScrollingSecond", viewsCreatedPerScrollingSecond, digits: 4)
    object.add("peakLiveViews", peakLiveViews)
    object.raw("peakLiveViewsFrame", peakLiveViewsFrame.map { String($0) } ?? "null")
    object.add("peakPoolSize", peakPoolSize)
    var identifiers = JSONObject()
    for entry in self.identifiers {
      var one = JSONObject()
      one.add("dequeuesReused", entry.dequeuesReused)
      one.add("dequeuesCreated", entry.dequeuesCreated)
      one.add("enqueues", entry.enqueues)
      one.add("hitRate", entry.hitRate, digits: 6)
      one.add("peakPoolSize", entry.peakPoolSize)
      identifiers.add(entry.identifier, one)
    }
    object.add("identifiers", identifiers)
    object.add("lifecycle", lifecycle.json)
    return object
  }
}

extension HostTimingSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frames", frames)
    var work = JSONObject()
    work.add("p50_ns", Int64(clamping: p50))
    work.add("p90_ns", Int64(clamping: p90))
    work.add("p99_ns", Int64(clamping: p99))
    work.add("max_ns", Int64(clamping: max))
    work.add("mean_ns", mean, digits: 1)
    object.add("frameWork", work)
    object.add("wallTime_ns", Int64(clamping: wallTime))
    object.add("eventsPerSecond", eventsPerSecond, digits: 1)
    return object
  }
}

extension JSONObject {
  /// `[x, y]` rounded to 1/10000 pt.
  static func pair(_ point: Point) -> [String] {
    [number(point.x, digits: 4), number(point.y, digits: 4)]
  }
}

extension ViewLifecycleSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("created", created)
    object.add("configured", configured)
    object.add("preparedForReuse", preparedForReuse)
    object.add("reused", reused)
    object.add("reusedWithoutPreparing", reusedWithoutPreparing)
    object.add("enqueued", enqueued)
    object.add("removed", removed)
    object.add("violationCount", violations.count)
    object.add(
      "violations",
      objects: violations.events.map { violation in
        var one = JSONObject()
        one.add("frame", violation.frame)
        one.add("view", violation.view)
        one.add("identifier", violation.identifier)
        one.add("problem", violation.problem.rawValue)
        return one
      })
    object.add("violationsOmitted", violations.omitted)
    return object
  }
}
