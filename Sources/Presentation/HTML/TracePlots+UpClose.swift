// scrolltrace — the findings of a trace up close: small plots around each, and what each shows.

import Analyze
import Replay
import TraceCore

extension TracePlots {
  /// Each zoom window as a small plot, in the order found: contentOffset around a jump or glitch,
  /// the estimated frame time around a hitch, the frame itself marked.
  var upClose: String? {
    let windows = series.zoomWindows
    guard !windows.isEmpty else { return nil }
    var cells: [String] = []
    for window in windows {
      let xs = window.samples.map { seconds($0.time) }
      let x = AxisTicks.nice(xs.first ?? 0, xs.last ?? 1, count: 4)
      let at = seconds(window.time)
      var title: String
      var plot: SVGPlot
      switch window.kind {
      case .finding:
        // The axis that moves more in the window (the larger offset when neither moves).
        func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
        let xs = window.samples.map(\.contentOffset.x)
        let ys = window.samples.map(\.contentOffset.y)
        let alongX =
          spread(xs) != spread(ys)
          ? spread(xs) > spread(ys) : abs(xs.first ?? 0) >= abs(ys.first ?? 0)
        let values = (alongX ? xs : ys).filter(\.isFinite)
        plot = SVGPlot(
          x: x, y: .nice(values.min() ?? 0, values.max() ?? 1, count: 4), xLabel: "time (s)",
          yLabel: "contentOffset.\(alongX ? "x" : "y") (pt)", width: 300, height: 170)
        plot.line(
          window.samples.map {
            (seconds($0.time), alongX ? $0.contentOffset.x : $0.contentOffset.y)
          },
          color: alongX ? "#1f8a70" : "#d0663a", name: alongX ? "x" : "y")
        let found = findings(
          from: window.samples.first?.time ?? window.time,
          to: window.samples.last?.time ?? window.time)
        title =
          found.isEmpty
          ? "finding at frame \(window.frame)" : found.map(\.text).joined(separator: "; ")
        plot.rules(
          found.map { seconds($0.time) }.filter { $0 != at }, color: "#e09a00", name: "also found")
      case .hitch:
        let worst = window.samples.map(\.estimate).max() ?? 0
        plot = SVGPlot(
          x: x,
          y: .multiples(
            of: budget, 0, min(max(worst / 1e6, 1.5 * budget), 8 * budget), maxCount: 5),
          xLabel: "time (s)",
          yLabel: "frame time (ms)", width: 300, height: 170)
        let frame = series.frameInterval / 1e9
        plot.bars(
          window.samples.filter { $0.estimate <= series.frameInterval }.map {
            (seconds($0.time), seconds($0.time) + frame, $0.estimate / 1e6)
          },
          color: Self.onTime, name: "frames")
        plot.bars(
          window.samples.filter { $0.estimate > series.frameInterval }.map {
            (seconds($0.time), seconds($0.time) + frame, $0.estimate / 1e6)
          },
          color: Self.veryLate, name: "late")
        plot.horizontalRule(budget, color: Self.veryLate, label: "budget")
        title = "hitch: \(TextFormat.fixed(window.estimate / 1e6, 2)) ms frame \(window.frame)"
      }
      plot.rules([at], color: "#c0262d", name: "frame \(window.frame)")
      if window.kind == .hitch { title += " at \(TextFormat.fixed(at, 3)) s" }
      cells.append(
        "<figure><figcaption>\(HTMLText.escape(title))</figcaption>\n\(plot.rendered(title: title))</figure>"
      )
    }
    return
      "<p class=\"caption\">up close (±\(TextFormat.fixed(PlotSeries.zoomReach, 1)) s around each finding and the worst hitches)</p>\n"
      + "<div class=\"zoom\">\n" + cells.joined(separator: "\n") + "\n</div>"
  }

  /// The offset jumps, content shifts and boundary glitches the report lists between two times, in
  /// time order.
  func findings(from start: Int64, to end: Int64) -> [(time: Int64, text: String)] {
    let s = trace.summary
    let jumps = s.offsetJumps.jumps.filter { $0.time >= start && $0.time <= end }.map {
      (
        $0.time,
        "offset jump of \(TextFormat.points($0.size)) (\($0.cause.rawValue)) at \(TextFormat.fixed(seconds($0.time), 3)) s"
      )
    }
    let glitches = s.boundaryGlitches.glitches.filter { $0.time >= start && $0.time <= end }.map {
      (
        $0.time,
        "boundary glitch \(TextFormat.points($0.misalignment)) off at \(TextFormat.fixed(seconds($0.time), 3)) s"
      )
    }
    let shifts = (s.contentShift?.shifts ?? []).filter { $0.time >= start && $0.time <= end }.map {
      (
        $0.time,
        "content shift of \(TextFormat.points($0.size)) (\($0.cause.rawValue)) at \(TextFormat.fixed(seconds($0.time), 3)) s"
      )
    }
    return (jumps + shifts + glitches).sorted { $0.0 < $1.0 }.map { (time: $0.0, text: $0.1) }
  }
}
