// scrolltrace — a diff's pictures drawn: baseline and candidate on the same axes, per trace.

import Analyze
import TraceCore

extension DiffPlots {
  static let baselineColor = "#8a8a96"
  static let candidateColor = "#2b59c3"

  /// The overlays of one trace: contentOffset on the axis that moves, the estimated frame time
  /// (the worst of each bucket) and live views, baseline dashed in grey, candidate in blue.
  func overlays(path: String, baselineName: String, candidateName: String) -> String? {
    guard let base = baseline[path], let cand = candidate[path] else { return nil }
    let origin = min(base.samples.first?.time ?? 0, cand.samples.first?.time ?? 0)
    func seconds(_ t: Int64) -> Double { Double(t - origin) / 1e9 }
    let end = max(
      base.samples.last.map { seconds($0.time) } ?? 0,
      cand.samples.last.map { seconds($0.time) } ?? 0)
    let time = AxisTicks.nice(0, max(end, 0.001), count: 9)
    let all = base.samples + cand.samples
    func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
    let alongX = spread(all.map(\.contentOffset.x)) > spread(all.map(\.contentOffset.y))
    func offset(_ s: PlotSeries.Sample) -> Double { alongX ? s.contentOffset.x : s.contentOffset.y }
    var out: [String] = []

    let offsets = all.map(offset).filter(\.isFinite)
    var plot = SVGPlot(
      x: time, y: .nice(offsets.min() ?? 0, offsets.max() ?? 1, count: 6), xLabel: "time (s)",
      yLabel: "contentOffset.\(alongX ? "x" : "y") (pt)")
    plot.line(
      base.samples.map { (seconds($0.time), offset($0)) }, color: Self.baselineColor,
      name: baselineName, dashed: true)
    plot.line(
      cand.samples.map { (seconds($0.time), offset($0)) }, color: Self.candidateColor,
      name: candidateName)
    out.append(
      plot.rendered(title: "contentOffset over time, \(baselineName) against \(candidateName)"))

    let budget = cand.frameInterval / 1e6
    let worst = (base.frameTimes + cand.frameTimes).map(\.worst).max() ?? 0
    var frames = SVGPlot(
      x: time, y: .multiples(of: budget, 0, min(max(worst / 1e6, 2.5 * budget), 4 * budget)),
      xLabel: "time (s)",
      yLabel: "estimated frame time (ms), worst per bucket")
    func steps(_ series: PlotSeries) -> [(Double, Double)] {
      series.frameTimes.flatMap {
        [(seconds($0.start), $0.worst / 1e6), (seconds($0.end), $0.worst / 1e6)]
      }
    }
    frames.line(steps(base), color: Self.baselineColor, name: baselineName, dashed: true)
    frames.line(steps(cand), color: Self.candidateColor, name: candidateName)
    frames.horizontalRule(
      budget, color: TracePlots.veryLate, label: "budget \(TextFormat.fixed(budget, 2)) ms")
    out.append(
      frames.rendered(
        title: "estimated frame time over time, \(baselineName) against \(candidateName)"))

    let top = all.map(\.liveViews).max() ?? 1
    var views = SVGPlot(
      x: time, y: .nice(0, Double(max(1, top)), count: 5, integers: true), xLabel: "time (s)",
      yLabel: "live views")
    views.line(
      base.samples.map { (seconds($0.time), Double($0.liveViews)) }, color: Self.baselineColor,
      name: baselineName, dashed: true)
    views.line(
      cand.samples.map { (seconds($0.time), Double($0.liveViews)) }, color: Self.candidateColor,
      name: candidateName)
    out.append(
      views.rendered(title: "live views over time, \(baselineName) against \(candidateName)"))
    return out.joined(separator: "\n")
  }
}
