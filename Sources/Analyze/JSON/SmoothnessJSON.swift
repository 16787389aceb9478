// scrolltrace — the smoothness section of the JSON report (docs/report-schema.md).

import TraceCore

extension SmoothnessSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("model", model.json)
    object.raw("device", device?.json.rendered ?? "null")
    return object
  }
}

extension PredictorJank {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frames", frames)
    object.add("janky", janky)
    object.add("percentage", percentage, digits: 4)
    object.add("worstJankyValue", worstJankyValue, digits: 4)
    object.add("windows", windows)
    object.add("worstWindowPercentage", worstWindowPercentage, digits: 4)
    return object
  }
}
