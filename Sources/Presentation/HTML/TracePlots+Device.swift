// scrolltrace — the plots of what the device did: its offsets beside the model's, its measured
// frame time beside the estimate, the model's error over time, and the costliest frames' work.

import Analyze
import Replay
import TraceCore

extension TracePlots {
  /// Colours of the device's series.
  static let device = "#7a7a86"
  static let measured = "#d0663a"

  /// The device's offsets (dashed, on the axes where they move) and where the model first parts
  /// from them, on the offset plot.
  func deviceOffsets(_ plot: inout SVGPlot) {
    let observed = series.samples.compactMap { sample in
      sample.deviceOffset.map { (seconds(sample.time), $0) }
    }
    guard let first = observed.first?.1 else { return }
    if observed.contains(where: { $0.1.x != first.x }) {
      plot.line(
        observed.map { ($0.0, $0.1.x) }, color: Self.device, name: "device x", dashed: true)
    }
    if observed.contains(where: { $0.1.y != first.y }) {
      plot.line(
        observed.map { ($0.0, $0.1.y) }, color: Self.device, name: "device y", dashed: true)
    }
    if let divergence = trace.summary.fidelity?.firstDivergence {
      plot.marks(
        [(seconds(divergence.time), offset(at: divergence.time), Self.describe(divergence))],
        color: "#c0262d", shape: "circle", name: "model and device part")
    }
  }

  static func describe(_ divergence: FidelitySummary.Divergence) -> String {
    "model and device part at frame \(divergence.frame) by \(TextFormat.points(divergence.error))"
      + (divergence.after.map { " after a \($0.kind.phrase) at frame \($0.frame)" } ?? "")
  }

  /// The device's measured frame work beside the estimate over time (the worst of each bucket),
  /// with the budget; `nil` when the device measured none.
  var measuredFrameTime: String? {
    let buckets = series.frameTimes
    guard buckets.contains(where: { $0.measuredWorst != nil }) else { return nil }
    let worst = buckets.map { max($0.worst, $0.measuredWorst ?? 0) }.max() ?? 0
    let top = min(max(1.25 * worst / 1e6, 1.25 * budget), 8 * budget)
    var plot = SVGPlot(
      x: timeAxis, y: .multiples(of: budget, 0, top, maxCount: 9), xLabel: "time (s)",
      yLabel: "frame time (ms)"
        + (series.framesPerBucket > 1 ? ", worst of \(series.framesPerBucket) frames" : ""))
    context(&plot)
    plot.line(
      buckets.map { (seconds($0.start), $0.worst / 1e6) }, color: Self.onTime,
      name: "estimated (cost model)")
    plot.line(
      buckets.compactMap { bucket in bucket.measuredWorst.map { (seconds(bucket.start), $0 / 1e6) }
      },
      color: Self.measured, name: "measured on the device")
    plot.horizontalRule(
      budget, color: Self.veryLate, label: "budget \(TextFormat.fixed(budget, 2)) ms")
    return plot.rendered(title: "measured against estimated frame time")
  }

  /// The distance between the model's offset and the device's over time (the worst of each
  /// bucket), the threshold and where they first part; `nil` when the device reported no offset.
  var offsetError: String? {
    let buckets = series.frameTimes.filter { $0.offsetError != nil }
    guard !buckets.isEmpty, let fidelity = trace.summary.fidelity else { return nil }
    let largest = buckets.compactMap(\.offsetError).max() ?? 0
    var plot = SVGPlot(
      x: timeAxis, y: .nice(0, max(largest, 2 * fidelity.threshold, 0.1), count: 6),
      xLabel: "time (s)", yLabel: "model − device offset (pt)")
    context(&plot)
    plot.line(
      buckets.compactMap { bucket in bucket.offsetError.map { (seconds(bucket.start), $0) } },
      color: "#c0262d", name: "distance")
    plot.horizontalRule(
      fidelity.threshold, color: Self.late,
      label: "threshold \(TextFormat.fixed(fidelity.threshold, 2)) pt", dashed: true)
    if let divergence = fidelity.firstDivergence {
      plot.marks(
        [(seconds(divergence.time), divergence.error, Self.describe(divergence))],
        color: "#c0262d", shape: "triangle", name: "first parts")
    }
    return plot.rendered(title: "the model against the device: offset error over time")
  }

  /// The costliest frames by estimate: what each did, and each part's share of its estimate.
  var costliestFrames: String? {
    let frames = series.costliest
    guard !frames.isEmpty else { return nil }
    let model = series.costModel
    let hasMeasured = frames.contains { $0.measured != nil }
    var rows = [
      "<p class=\"caption\">the costliest frames by estimate (first layouts aside): the work each did, and each part's share of its estimate</p>",
      "<table>",
      "<tr><th>frame</th><th>time</th><th>estimated</th>" + (hasMeasured ? "<th>measured</th>" : "")
        + CostModel.Operation.allCases.map {
          "<th>\($0 == .frame ? "fixed cost" : HTMLText.escape($0.countedAs))</th>"
        }.joined()
        + "<th>share of the estimate</th></tr>",
    ]
    for frame in frames {
      let parts = model.parts(of: frame.work)
      let total = parts.reduce(0) { $0 + $1.microseconds }
      var cells = [
        "<td class=\"num\">\(frame.frame)</td>",
        "<td class=\"num\">\(TextFormat.fixed(seconds(frame.time), 3)) s</td>",
        "<td class=\"num\">\(TextFormat.ms(frame.estimate))</td>",
      ]
      if hasMeasured {
        cells.append(
          "<td class=\"num\">\(frame.measured.map { TextFormat.ms(Double($0)) } ?? "–")</td>")
      }
      for part in parts {
        let share = TextFormat.fixed(total > 0 ? part.microseconds / total * 100 : 0, 0) + " %"
        let count = part.operation == .frame ? "" : TextFormat.fixed(part.count, 0) + " · "
        cells.append("<td class=\"num\">\(count)\(share)</td>")
      }
      cells.append("<td>\(Self.shareBar(parts, total: total))</td>")
      rows.append("<tr>" + cells.joined() + "</tr>")
    }
    rows.append("</table>")
    return rows.joined(separator: "\n")
  }

  /// Colours of the estimate's parts, in ``CostModel/Operation`` order.
  static let partColors = ["#9a9aa6", "#5b6bd6", "#1f8a70", "#e09a00", "#c0262d", "#7a4ad0"]

  /// A stacked bar of the parts' shares, 160 px wide, each part titled.
  static func shareBar(
    _ parts: [(operation: CostModel.Operation, count: Double, microseconds: Double)], total: Double
  ) -> String {
    guard total > 0 else { return "" }
    var x = 0.0
    var rects: [String] = []
    for (index, part) in parts.enumerated() where part.microseconds > 0 {
      let width = part.microseconds / total * 160
      let title =
        "\(part.operation.countedAs): \(TextFormat.fixed(part.count, 0)) × \(TextFormat.fixed(part.microseconds / max(part.count, 1), 1)) µs = \(TextFormat.fixed(part.microseconds / total * 100, 1)) %"
      rects.append(
        "<rect x=\"\(SVGPlot.n(x))\" y=\"0\" width=\"\(SVGPlot.n(width))\" height=\"12\" fill=\"\(partColors[index % partColors.count])\"><title>\(HTMLText.escape(title))</title></rect>"
      )
      x += width
    }
    return "<svg class=\"share\" width=\"160\" height=\"12\" role=\"img\">" + rects.joined()
      + "</svg>"
  }
}
