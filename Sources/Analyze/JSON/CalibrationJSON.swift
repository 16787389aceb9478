// scrolltrace — a calibration as a cost-model file, with its provenance (docs/report-schema.md).

import Replay
import TraceCore

extension Calibration {
  /// The fitted model as a `--cost-model` file.
  ///
  /// Each cost in microseconds, then a `provenance` object saying how it was fitted, on what, and
  /// how well. Deterministic: the same traces, engine and options give the same bytes.
  ///
  /// - Parameter tool: the tool and version that fitted it, such as `scrolltrace 0.4.0`.
  /// - Returns: the file's text.
  public func json(tool: String) -> String {
    var root = JSONObject()
    for operation in CostModel.Operation.allCases {
      root.add(operation.key, fit.model[operation], digits: 4)
    }
    var provenance = JSONObject()
    provenance.add("tool", tool)
    provenance.add("engine", engine.description)
    provenance.add("method", fit.method.rawValue)
    var fixed = JSONObject()
    for operation in CostModel.Operation.allCases {
      if let value = fit.fixed[operation] { fixed.add(operation.key, value, digits: 4) }
    }
    provenance.add("fixed", fixed)
    var errors = JSONObject()
    for operation in CostModel.Operation.allCases {
      if let error = fit.standardErrors[operation] { errors.add(operation.key, error, digits: 4) }
    }
    provenance.add("standardError", errors)
    provenance.add("rounds", fit.rounds)
    provenance.add("fidelityThreshold_pt", fidelityThreshold, digits: 4)
    provenance.add("fit", fit.quality.json)
    provenance.raw("heldOut", heldOut?.json.rendered ?? "null")
    provenance.add(
      "traces",
      objects: traces.map { trace in
        var object = JSONObject()
        object.add("path", trace.path)
        object.add("contentHash", trace.contentHash)
        object.add("observedFrames", trace.observedFrames)
        object.add("frames", trace.frames)
        object.add("heldOut", trace.isHeldOut)
        var left = JSONObject()
        left.add("noWorkTime", trace.leftOut.noWorkTime)
        left.add("outliers", trace.leftOut.outliers)
        left.add("diverged", trace.leftOut.diverged)
        object.add("leftOut", left)
        return object
      })
    root.add("provenance", provenance)
    return root.rendered
  }
}

extension FitQuality {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frames", frames)
    object.add("rSquared", rSquared, digits: 6)
    var residual = JSONObject()
    residual.add("p50", residualP50, digits: 4)
    residual.add("p90", residualP90, digits: 4)
    residual.add("p99", residualP99, digits: 4)
    residual.add("max", residualMax, digits: 4)
    object.add("residual_us", residual)
    object.add("meanMeasured_us", meanMeasured, digits: 4)
    return object
  }
}
