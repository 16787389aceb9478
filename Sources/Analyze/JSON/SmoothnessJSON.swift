// scrolltrace — the smoothness section of the JSON report (docs/report-schema.md).

import TraceCore

extension SmoothnessSummary {
  var json: JSONObject {
    var object = JSONObject()
    var modelObject = model.json
    modelObject.add("jerk", modelJerk.json)
    object.add("model", modelObject)
    if let device {
      var deviceObject = device.json
      deviceObject.add("jerk", (deviceJerk ?? OffsetJerk()).json)
      object.add("device", deviceObject)
    } else {
      object.raw("device", "null")
    }
    return object
  }
}

extension OffsetJerk {
  /// `{ samples, rms_pt_per_s3, max_pt_per_s3 }`.
  var json: JSONObject {
    var object = JSONObject()
    object.add("samples", samples)
    object.add("rms_pt_per_s3", rootMeanSquare, digits: 1)
    object.add("max_pt_per_s3", largest, digits: 1)
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
