// scrolltrace — the report as one self-contained HTML page with plots.

import Replay
import TraceFormat

extension Report {
  /// The report as one HTML file that needs no network: per trace, contentOffset over time with
  /// touches, resizes, jumps and glitches marked, a histogram of estimated frame times against the
  /// frame budget, and the reuse pool and live views over time (inline SVG, no scripts); then the
  /// markdown report's tables. `plots` holds one ``PlotSeries`` per trace, in order.
  public func html(plots: [PlotSeries]) -> String {
    var page = [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<title>scrolltrace · \(HTMLText.escape(engine.description))</title>", "<style>\(Self.css)</style>", "</head>", "<body>",
      "<h1>scrolltrace report · <code>\(HTMLText.escape(engine.description))</code></h1>",
      "<p class=\"small\">\(HTMLText.escape(engine.summary))</p>",
    ]
    for (trace, series) in zip(traces, plots) {
      page.append("<section class=\"trace\">")
      page.append("<h2><code>\(HTMLText.escape(trace.identity.path))</code></h2>")
      page.append(Self.offsetPlot(trace, series))
      page.append(Self.histogramPlot(trace, series))
      page.append(Self.reusePlot(series))
      page.append("</section>")
    }
    page.append("<section class=\"tables\">")
    page.append(MarkdownHTML.render(markdown))
    page.append("</section>")
    page += ["</body>", "</html>", ""]
    return page.joined(separator: "\n")
  }

  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;margin:24px auto;max-width:940px;color:#1c1c22}
    h1{font-size:20px}h2{font-size:16px;margin-top:28px}h3{font-size:15px}
    code{font:12.5px ui-monospace,Menlo,monospace;background:#f1f1f5;padding:1px 4px;border-radius:3px}
    table{border-collapse:collapse;margin:8px 0;font-size:12.5px}th,td{border:1px solid #dcdce4;padding:3px 7px}
    th{background:#f4f4f8}td.num{text-align:right;font-variant-numeric:tabular-nums}
    svg.plot{display:block;margin:10px 0 18px;font:11px system-ui,sans-serif;fill:#40404a}
    .small{font-size:12px;color:#60606c}details{margin:12px 0}
    blockquote{margin:10px 0;padding:6px 12px;border-left:4px solid #d9a400;background:#fff8e1}
    """

  static func offsetPlot(_ trace: TraceReport, _ series: PlotSeries) -> String {
    let samples = series.samples
    let t0 = samples.first?.time ?? 0
    func seconds(_ t: Int64) -> Double { Double(t - t0) / 1e9 }
    let xs = samples.map { seconds($0.time) }
    let values = samples.flatMap { [$0.contentOffset.x, $0.contentOffset.y] }.filter(\.isFinite)
    var plot = SVGPlot(
      x: 0...(xs.last ?? 1), y: (values.min() ?? 0)...(values.max() ?? 1), xLabel: "time (s)", yLabel: "contentOffset (pt)")
    plot.spans(series.touches.map { (seconds($0.start), seconds($0.end)) }, color: "#4a7bd0", name: "finger down")
    plot.rules(series.resizes.map(seconds), color: "#7a4ad0", name: "resize")
    if values.contains(where: { $0 != 0 }) {
      if samples.contains(where: { $0.contentOffset.x != samples[0].contentOffset.x }) {
        plot.line(samples.map { (seconds($0.time), $0.contentOffset.x) }, color: "#1f8a70", name: "x")
      }
      if samples.contains(where: { $0.contentOffset.y != samples[0].contentOffset.y }) {
        plot.line(samples.map { (seconds($0.time), $0.contentOffset.y) }, color: "#d0663a", name: "y")
      }
    }
    let s = trace.summary
    let offsetAt: (Int64) -> Double = { time in
      let sample = samples.last { $0.time <= time } ?? samples.first
      guard let sample else { return 0 }
      return abs(sample.contentOffset.y) > abs(sample.contentOffset.x) ? sample.contentOffset.y : sample.contentOffset.x
    }
    plot.marks(
      s.offsetJumps.jumps.map { (seconds($0.time), offsetAt($0.time), "offset jump of \(TextFormat.points($0.size)) (\($0.cause.rawValue)) at frame \($0.frame)") },
      color: "#c0262d", shape: "triangle", name: "offset jump")
    plot.marks(
      s.boundaryGlitches.glitches.map { (seconds($0.time), offsetAt($0.time), "boundary glitch: \(TextFormat.points($0.misalignment)) off at frame \($0.frame)") },
      color: "#e09a00", shape: "circle", name: "boundary glitch")
    return plot.rendered(title: "contentOffset over time")
  }

  static func histogramPlot(_ trace: TraceReport, _ series: PlotSeries) -> String {
    let interval = series.frameInterval / 1e6
    let width = interval / Double(PlotSeries.bucketsPerInterval)
    let bars = series.histogram.enumerated().map { (Double($0.offset) * width, Double($0.offset + 1) * width, Double($0.element)) }
    var plot = SVGPlot(
      x: 0...(Double(series.histogram.count) * width), y: 0...Double(max(1, series.histogram.max() ?? 1)),
      xLabel: "estimated frame time (ms); the last bar holds every longer frame", yLabel: "frames")
    plot.bars(bars, color: "#5b6bd6", name: "frames")
    plot.rules([interval], color: "#c0262d", name: "budget \(TextFormat.fixed(interval, 2)) ms", dashed: false)
    return plot.rendered(title: "estimated frame-time histogram")
  }

  static func reusePlot(_ series: PlotSeries) -> String {
    let samples = series.samples
    let t0 = samples.first?.time ?? 0
    let xs = samples.map { Double($0.time - t0) / 1e9 }
    let top = samples.map { max($0.poolSize, $0.liveViews) }.max() ?? 1
    var plot = SVGPlot(x: 0...(xs.last ?? 1), y: 0...Double(max(1, top)), xLabel: "time (s)", yLabel: "views")
    plot.line(zip(xs, samples).map { ($0, Double($1.liveViews)) }, color: "#1f8a70", name: "live views")
    plot.line(zip(xs, samples).map { ($0, Double($1.poolSize)) }, color: "#d0663a", name: "reuse pool")
    return plot.rendered(title: "reuse pool and live views over time")
  }
}

extension ReportDiff {
  /// The diff as one HTML page: the markdown diff's tables, styled like the report.
  public var html: String {
    [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">", "<title>scrolltrace diff</title>",
      "<style>\(Report.css)</style>", "</head>", "<body>", MarkdownHTML.render(markdown), "</body>", "</html>", "",
    ].joined(separator: "\n")
  }
}
