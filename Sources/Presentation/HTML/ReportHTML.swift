// scrolltrace — the report as one self-contained HTML page with plots.

public import Analyze
import Foundation
import Replay
import TraceCore

extension Report {
  /// The report as one HTML file that needs no network: the markdown report's summary table
  /// first, each trace's row linked to its plots; then per trace, contentOffset over time (touches,
  /// resizes, a pager's page grid, jumps and glitches marked), the estimated frame time over time
  /// against the budget, a histogram of estimated frame times on a logarithmic count axis with the
  /// longest frame named, and the reuse pool and live views (inline SVG, no scripts).
  ///
  /// `plots` holds
  /// one `PlotSeries` per trace, in order. Each trace adds at most about 40 KB, whatever its
  /// length (`PlotSeries` keeps a bounded number of points; lines draw at most
  /// `SVGPlot.linePoints`).
  public func html(plots: [PlotSeries]) -> String {
    let anchors = traces.indices.map { "#trace-\($0 + 1)" }
    var page = [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<title>scrolltrace · \(HTMLText.escape(engine.description))</title>",
      "<style>\(Self.css)</style>", "</head>", "<body>",
      "<h1 id=\"summary\">scrolltrace report · <code>\(HTMLText.escape(engine.description))</code></h1>",
      "<p class=\"small\">\(HTMLText.escape(engine.summary))</p>",
      "<section class=\"tables\">",
      MarkdownHTML.render(markdown, links: anchors, openDetails: traces.count == 1),
      "</section>",
    ]
    for (number, (trace, series)) in zip(traces, plots).enumerated() {
      let plots = TracePlots(trace: trace, series: series)
      page.append("<section class=\"trace\" id=\"trace-\(number + 1)\">")
      page.append(
        "<h2><code>\(HTMLText.escape(trace.identity.path))</code> <a class=\"up\" href=\"#summary\">↑ summary</a></h2>"
      )
      page.append(plots.offset)
      if let upClose = plots.upClose { page.append(upClose) }
      page.append(plots.frameTime)
      if let measured = plots.measuredFrameTime { page.append(measured) }
      if let error = plots.offsetError { page.append(error) }
      page.append(plots.histogram)
      if let costliest = plots.costliestFrames { page.append(costliest) }
      page.append(plots.views)
      page.append("</section>")
    }
    page += ["</body>", "</html>", ""]
    return page.joined(separator: "\n")
  }

  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;margin:24px auto;max-width:940px;color:#1c1c22}
    h1{font-size:20px}h2{font-size:16px;margin-top:28px}h3{font-size:15px}
    code{font:12.5px ui-monospace,Menlo,monospace;background:#f1f1f5;padding:1px 4px;border-radius:3px}
    table{border-collapse:collapse;margin:8px 0;font-size:12.5px}th,td{border:1px solid #dcdce4;padding:3px 7px}td+td{white-space:nowrap}
    th{background:#f4f4f8}td.num{text-align:right;font-variant-numeric:tabular-nums}
    svg.plot{display:block;margin:4px 0 16px;font:11px system-ui,sans-serif;fill:#40404a}
    .small{font-size:12px;color:#60606c}details{margin:12px 0}.caption{margin:8px 0 0;font-size:12px;color:#40404a}
    a{color:#2b59c3;text-decoration:none}.zoom{display:flex;flex-wrap:wrap;gap:0 8px}.tables{overflow-x:auto}
    figure{margin:0}figcaption{font-size:11.5px;color:#40404a;margin:4px 0 0 8px;max-width:290px}a.up{font-size:12px;font-weight:normal;margin-left:8px}
    blockquote{margin:10px 0;padding:6px 12px;border-left:4px solid #d9a400;background:#fff8e1}
    .regressed{color:#b3261e;font-weight:600}.improved{color:#1e7d32;font-weight:600}.inconclusive{color:#a86b00;font-weight:600}
    """
}

extension ReportDiff {
  /// The diff as one HTML page: the markdown diff's tables with verdicts coloured as on a terminal
  /// (REGRESSED red, improved green, inconclusive amber), then per trace the baseline and the
  /// candidate overlaid on the same axes — contentOffset, estimated frame time, live views — when
  /// `plots` has both sides' series (engines replayed here; saved reports carry none).
  public func html(plots: DiffPlots? = nil) -> String {
    var tables = MarkdownHTML.render(markdown, openDetails: false)
    for (verdict, style) in [
      ("REGRESSED", "regressed"), ("improved", "improved"), ("inconclusive", "inconclusive"),
    ] {
      tables = tables.replacingOccurrences(
        of: "<td>\(verdict)", with: "<td class=\"\(style)\">\(verdict)")
    }
    var page = [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<title>scrolltrace diff</title>",
      "<style>\(Report.css)</style>", "</head>", "<body>", tables,
    ]
    if let plots {
      var seen = Set<String>()
      for row in rows where seen.insert(row.trace).inserted {
        guard
          let overlays = plots.overlays(
            path: row.trace, baselineName: baseline, candidateName: candidate)
        else { continue }
        page += [
          "<section class=\"trace\">", "<h2><code>\(HTMLText.escape(row.trace))</code></h2>",
          overlays, "</section>",
        ]
      }
    }
    page += ["</body>", "</html>", ""]
    return page.joined(separator: "\n")
  }
}
