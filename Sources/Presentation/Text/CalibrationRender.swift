// scrolltrace — a calibration for a terminal: the costs, how well they fit, what they rest on.

public import Analyze
import Replay
import TraceCore

extension Calibration {
  /// The calibration as text, at most 100 columns: each cost with its standard error, the fit's
  /// R² and residuals, the held-out check, and the frames each trace gave or left out.
  public var summary: String {
    var lines = [
      "calibrate — \(engine) · \(fit.method.rawValue) · \(fit.frames) frames fitted"
        + (fit.method == .huber ? " in \(fit.rounds) rounds" : "")
    ]
    for operation in CostModel.Operation.allCases {
      let value = TextFormat.fixed(fit.model[operation], 3)
      let note: String
      if fit.fixed[operation] != nil {
        note = "fixed"
      } else if let error = fit.standardErrors[operation] {
        note = "± \(TextFormat.fixed(error, 3))"
      } else {
        note = "held at 0 by the fit"
      }
      lines.append(
        "  " + TextFormat.pad(operation.key, 20) + TextFormat.padLeft(value, 12) + " µs  " + note)
    }
    lines.append("  fit          " + Self.quality(fit.quality))
    if let heldOut {
      lines.append("  held out     " + Self.quality(heldOut))
    } else {
      lines.append("  held out     none: give two or more traces for a check on traces not fitted")
    }
    for trace in traces {
      var left: [String] = []
      if trace.leftOut.noWorkTime > 0 {
        left.append("\(trace.leftOut.noWorkTime) without a work time")
      }
      if trace.leftOut.outliers > 0 { left.append("\(trace.leftOut.outliers) outliers") }
      if trace.leftOut.diverged > 0 {
        left.append(
          "\(trace.leftOut.diverged) where the model parts from the device by over \(TextFormat.fixed(fidelityThreshold, 2)) pt"
        )
      }
      lines.append(
        "  " + (trace.isHeldOut ? "held out " : "fitted   ") + TextFormat.tail(trace.path, 60)
          + ": "
          + "\(trace.frames) of \(trace.observedFrames) observed frames")
      if !left.isEmpty { lines.append("           left out: " + left.joined(separator: ", ")) }
    }
    return lines.joined(separator: "\n")
  }

  private static func quality(_ quality: FitQuality) -> String {
    "\(quality.frames) frames · R² \(quality.rSquared.map { TextFormat.fixed($0, 4) } ?? "–") · "
      + "|residual| p50 \(TextFormat.fixed(quality.residualP50, 1)) µs · p90 "
      + "\(TextFormat.fixed(quality.residualP90, 1)) · p99 \(TextFormat.fixed(quality.residualP99, 1)) · "
      + "max \(TextFormat.fixed(quality.residualMax, 1)) (mean work \(TextFormat.fixed(quality.meanMeasured, 1)) µs)"
  }
}
