// scrolltrace — a history as one HTML page: a chart per series that changed, its changes marked.

public import Analyze
import TraceCore

/// A results history as one self-contained HTML page (no scripts, no fetches): the check's table
/// first, then a chart per series whose values changed — each run a point (hover for its revision
/// and time), the changes the check found as rules at their first revision, regressions red,
/// improvements green.
public enum HistoryHTML {
  /// The page for `series` and what `check` found in them.
  public static func page(
    _ series: [HistorySeries], result: HistoryCheck.Result, check: HistoryCheck
  ) -> String {
    let shown = series.filter { Set($0.points.map(\.value)).count > 1 }
    var page = [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<title>scrolltrace · history</title>", "<style>\(Report.css)</style>", "</head>",
      "<body>",
      "<h1 id=\"summary\">scrolltrace history</h1>",
      "<p class=\"small\">\(series.count) series, \(shown.count) that changed (a chart each, below)</p>",
      "<section class=\"tables\">",
      MarkdownHTML.render(result.markdown(check), openDetails: true),
      "</section>",
    ]
    for one in shown {
      let findings = result.findings.filter { $0.series == one.identity }
      page.append("<section class=\"trace\">")
      page.append(
        "<h2><code>\(HTMLText.escape(one.metric))</code> · <code>\(HTMLText.escape(one.trace))</code> "
          + "<span class=\"small\">\(HTMLText.escape(one.engine)), \(HTMLText.escape(one.branch))</span></h2>"
      )
      page.append(chart(one, findings: findings))
      page.append("</section>")
    }
    page += ["</body>", "</html>", ""]
    return page.joined(separator: "\n")
  }

  /// One series: its values run by run (run 1 the oldest), the changes found as rules between
  /// the last run before and the first after, each labelled above the line.
  static func chart(_ series: HistorySeries, findings: [HistoryCheck.Finding]) -> String {
    let values = series.points.map(\.value)
    let unit = Metric.named(series.metric)?.unit ?? ""
    let last = Double(max(values.count, 2))
    let low = min(0, values.min() ?? 0)
    let high = max(values.max() ?? 1, 1e-9)
    // Headroom above the highest run for the changes' labels.
    var plot = SVGPlot(
      x: .nice(1, last, count: min(10, max(2, values.count)), integers: true),
      y: .nice(low, high + (high - low) * 0.25, count: 5),
      xLabel: "run (oldest to newest)", yLabel: "\(series.metric) (\(unit))", height: 200)
    plot.line(
      values.enumerated().map { (Double($0.offset + 1), $0.element) }, color: "#5b6bd6",
      name: "value, a circle per run (hover: revision, time)")
    plot.marks(
      series.points.enumerated().map { index, point in
        (
          Double(index + 1), point.value,
          "\(point.revision) · \(TextFormat.date(point.time)) · \(TextFormat.number(point.value)) \(unit)"
        )
      }, color: "#5b6bd6", shape: "circle", name: "")
    for verdict in [HistoryCheck.Finding.Verdict.regression, .improvement, .changed] {
      let at = findings.filter { $0.verdict == verdict }
      guard !at.isEmpty else { continue }
      let color =
        verdict == .regression ? "#c0262d" : verdict == .improvement ? "#1f8a70" : "#7a4ad0"
      plot.rules(
        Array(Set(at.map { Double($0.index) + 0.5 })).sorted(), color: color, name: verdict.rawValue
      )
      for finding in at {
        let x = Double(finding.index) + 0.5
        // Left of a rule in the right third, so the label stays inside the chart.
        let leftward = x > 1 + (last - 1) * 2 / 3
        plot.note(
          "\(finding.revision): \(TextFormat.number(finding.before)) → \(TextFormat.number(finding.after))",
          at: (x + (leftward ? -0.1 : 0.1), high + (high - low) * 0.2), color: color,
          anchor: leftward ? "end" : "start")
      }
    }
    let title = "\(series.metric) on \(series.trace): \(values.count) runs"
    return plot.rendered(title: title)
  }
}
