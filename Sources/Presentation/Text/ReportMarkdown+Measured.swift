// scrolltrace — the markdown report's paragraphs on what the device measured and the model's fidelity.

import Analyze
import Replay
import TraceCore

extension Report {
  /// The measured side of the frame cost, in a paragraph.
  static func measuredMarkdown(_ measured: MeasuredFrameSummary?) -> [String] {
    guard let m = measured else { return [] }
    var text =
      "**Frame pacing** (measured on the device, \(m.frames) observed frames): \(m.hitches) hitches, "
      + "\(TextFormat.ms(Double(m.hitchTime), 1)) late, \(TextFormat.fixed(m.hitchTimeRatio, 2)) ms/s while "
      + "scrolling (\(bandText(ratio: m.hitchTimeRatio, band: m.band, bands: m.bands, markdown: true))); \(m.slowFrames) slow, \(m.frozenFrames) frozen; "
      + fieldLine(m)
    if let deadline = deadlineLine(m) { text += "; " + deadline }
    if let time = m.measuredFrameTime {
      text +=
        "; work p50 \(TextFormat.ms(time.p50)), p90 \(TextFormat.ms(time.p90)), p99 \(TextFormat.ms(time.p99)), "
        + "max \(TextFormat.ms(time.max)), \(m.framesOverBudget) over budget"
    }
    var leftOut: [String] = []
    if m.outliers > 0 { leftOut.append("\(m.outliers) outliers") }
    if m.presentationUnknown > 0 {
      leftOut.append("\(m.presentationUnknown) without a presentation time")
    }
    if m.dropped.total > 0 { leftOut.append(m.dropped.phrase) }
    if !leftOut.isEmpty { text += " (left out: " + leftOut.joined(separator: ", ") + ")" }
    if m.displayLinkFrames > 0 { text += "; " + displayLinkCaveat }
    return ["", text + "."]
  }

  /// The model against the device, in a paragraph and a table of settles.
  static func fidelityMarkdown(_ fidelity: FidelitySummary?) -> [String] {
    guard let f = fidelity else { return [] }
    var text =
      "**Fidelity** (model against device, \(f.frames) frames): offset error p50 "
      + "\(TextFormat.points(f.offsetError.p50)), p99 \(TextFormat.points(f.offsetError.p99)), max "
      + "\(TextFormat.points(f.offsetError.max)); "
    if let divergence = f.firstDivergence {
      text +=
        "they part at frame \(divergence.frame) (\(TextFormat.seconds(divergence.time))) by "
        + TextFormat.points(divergence.error)
        + (divergence.after.map { ", after a \($0.kind.phrase) at \(TextFormat.seconds($0.time))" }
          ?? "")
        + "; \(f.divergedFrames) frames over \(TextFormat.fixed(f.threshold, 2)) pt."
    } else {
      text += "never more than \(TextFormat.fixed(f.threshold, 2)) pt apart."
    }
    var lines = ["", text]
    guard !f.settles.isEmpty else { return lines }
    lines += [
      "", "| from | cause | model rests | device rests | apart | settle time, device − model |",
      "|--:|---|---|---|--:|--:|",
    ]
    func rest(_ rest: FidelitySummary.Settle.Rest?, from start: Int64) -> String {
      guard let rest else { return "still moving" }
      let settle = rest.time.subtractingReportingOverflow(start).partialValue
      return "\(TextFormat.fixed(rest.offset.x, 1)), \(TextFormat.fixed(rest.offset.y, 1)) after "
        + TextFormat.ms(Double(settle), 0)
    }
    for settle in f.settles {
      lines.append(
        "| \(TextFormat.seconds(settle.start)) | \(settle.cause.phrase) | \(rest(settle.modelRest, from: settle.start)) | "
          + "\(rest(settle.deviceRest, from: settle.start)) | \(settle.distance.map(TextFormat.points) ?? "–") | "
          + "\(settle.settleTimeDifference.map { TextFormat.ms(Double($0), 1) } ?? "–") |")
    }
    if f.settlesOmitted > 0 { lines += ["", "and \(f.settlesOmitted) more."] }
    return lines
  }
}
