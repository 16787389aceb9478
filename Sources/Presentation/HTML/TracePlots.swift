// scrolltrace — the plots of one trace: offset, frame time over time, frame-time histogram, views.

import Analyze
import Replay
import TraceCore

/// One trace's plots as inline SVG, from its `PlotSeries` and its report section.
struct TracePlots {
  var trace: TraceReport
  var series: PlotSeries

  /// Colours: within the budget, over it, more than a frame late, a first layout (not a hitch).
  static let onTime = "#5b6bd6"
  static let late = "#e09a00"
  static let veryLate = "#c0262d"
  static let firstLayout = "#9a9aa6"
  static let finger = "#4a7bd0"
  static let resize = "#7a4ad0"

  /// Seconds since the trace's first sampled frame.
  var origin: Int64 {
    min(series.samples.first?.time ?? 0, series.frameTimes.first?.start ?? Int64.max)
  }
  func seconds(_ t: Int64) -> Double { Double(t - origin) / 1e9 }
  /// The time axis every time plot of the trace shares.
  var timeAxis: AxisTicks {
    let end = max(
      series.samples.last.map { seconds($0.time) } ?? 0,
      series.frameTimes.last.map { seconds($0.end) } ?? 0)
    return AxisTicks.nice(0, max(end, 0.001), count: 9)
  }
  /// The refresh interval (the frame budget), milliseconds.
  var budget: Double { series.frameInterval / 1e6 }

  /// Finger-down spans and resizes, behind a time plot.
  func context(_ plot: inout SVGPlot) {
    plot.spans(
      series.touches.map { (seconds($0.start), seconds($0.end)) }, color: Self.finger,
      name: "finger down")
    plot.rules(series.resizes.map(seconds), color: Self.resize, name: "resize")
  }

  /// contentOffset over time with touches, resizes, the page grid of a pager, jumps and glitches.
  var offset: String {
    let samples = series.samples
    let values = samples.flatMap { sample in
      [sample.contentOffset.x, sample.contentOffset.y]
        + (sample.deviceOffset.map { [$0.x, $0.y] } ?? [])
    }.filter(\.isFinite)
    var plot = SVGPlot(
      x: timeAxis, y: .nice(values.min() ?? 0, values.max() ?? 1, count: 6), xLabel: "time (s)",
      yLabel: "contentOffset (pt)")
    context(&plot)
    plot.segments(pageGrid(within: plot.y.range), color: "#8a8a96", name: "page grid")
    if values.contains(where: { $0 != 0 }) {
      if samples.contains(where: { $0.contentOffset.x != samples[0].contentOffset.x }) {
        plot.line(
          samples.map { (seconds($0.time), $0.contentOffset.x) }, color: "#1f8a70", name: "x")
      }
      if samples.contains(where: { $0.contentOffset.y != samples[0].contentOffset.y }) {
        plot.line(
          samples.map { (seconds($0.time), $0.contentOffset.y) }, color: "#d0663a", name: "y")
      }
    }
    deviceOffsets(&plot)
    let s = trace.summary
    plot.marks(
      s.offsetJumps.jumps.map {
        (
          seconds($0.time), offset(at: $0.time),
          "offset jump of \(TextFormat.points($0.size)) (\($0.cause.rawValue)) at frame \($0.frame)"
        )
      }, color: "#c0262d", shape: "triangle", name: "offset jump")
    if let shift = s.contentShift {
      plot.marks(
        shift.shifts.map {
          (
            seconds($0.time), offset(at: $0.time),
            "content shift of \(TextFormat.points($0.size)) (\($0.cause.rawValue))"
              + "\($0.whileTracking ? " under the finger" : "") at frame \($0.frame)"
          )
        }, color: "#7b3fa0", shape: "diamond", name: "content shift")
    }
    plot.marks(
      s.boundaryGlitches.glitches.map {
        (
          seconds($0.time), offset(at: $0.time),
          "boundary glitch: \(TextFormat.points($0.misalignment)) off at frame \($0.frame)"
        )
      }, color: "#e09a00", shape: "circle", name: "boundary glitch")
    return plot.rendered(title: "contentOffset over time")
  }

  /// The offset on the axis that moves more at `time` (the sample at or before it).
  func offset(at time: Int64) -> Double {
    guard let sample = series.samples.last(where: { $0.time <= time }) ?? series.samples.first
    else { return 0 }
    return abs(sample.contentOffset.y) > abs(sample.contentOffset.x)
      ? sample.contentOffset.y : sample.contentOffset.x
  }

  /// Horizontal lines at every whole page while the component pages, one run per page length: the
  /// offsets a pager may rest at, so a glitch reads off the plot.
  ///
  /// At most 40 lines per run.
  func pageGrid(within range: ClosedRange<Double>) -> [(Double, Double, Double)] {
    var runs: [(start: Double, end: Double, page: Double)] = []
    for sample in series.samples {
      let t = seconds(sample.time)
      if let last = runs.last, last.page == sample.pageLength {
        runs[runs.count - 1].end = t
      } else {
        runs.append((t, t, sample.pageLength))
      }
    }
    var lines: [(Double, Double, Double)] = []
    for run in runs where run.page > 0 && run.page.isFinite {
      let first = (range.lowerBound / run.page).rounded(.up)
      let last = (range.upperBound / run.page).rounded(.down)
      guard last >= first, last - first < 40 else { continue }
      var k = first
      while k <= last {
        lines.append((run.start, run.end, k * run.page))
        k += 1
      }
    }
    return lines
  }

  /// The estimated device time of every frame over time (the worst of each bucket on long traces),
  /// coloured against the budget, with the budget and twice the budget as rules.
  var frameTime: String {
    let buckets = series.frameTimes
    let worst = (buckets.map(\.worst).max() ?? 0) / 1e6
    let top = min(max(worst, 2.5 * budget), 4 * budget)
    var plot = SVGPlot(
      x: timeAxis, y: .multiples(of: budget, 0, top), xLabel: "time (s)",
      yLabel: "estimated frame time (ms)"
        + (series.framesPerBucket > 1 ? ", worst of \(series.framesPerBucket) frames" : ""))
    context(&plot)
    func bars(_ include: (PlotSeries.FrameTimeBucket) -> Bool) -> [(Double, Double, Double)] {
      let frame = series.frameInterval / 1e9
      return buckets.filter(include).map {
        (seconds($0.start), seconds($0.end) + frame, $0.worst / 1e6)
      }
    }
    let interval = series.frameInterval
    plot.bars(
      bars { $0.worstIsFirstLayout }, color: Self.firstLayout, name: "first layout (not a hitch)")
    plot.bars(
      bars { !$0.worstIsFirstLayout && $0.worst <= interval }, color: Self.onTime,
      name: "within budget")
    plot.bars(
      bars { !$0.worstIsFirstLayout && $0.worst > interval && $0.worst <= 2 * interval },
      color: Self.late, name: "over budget")
    plot.bars(
      bars { !$0.worstIsFirstLayout && $0.worst > 2 * interval }, color: Self.veryLate,
      name: "over twice the budget")
    plot.horizontalRule(
      budget, color: Self.veryLate, label: "budget \(TextFormat.fixed(budget, 2)) ms")
    plot.horizontalRule(2 * budget, color: Self.veryLate, label: "2× budget", dashed: true)
    // Frames past the top are clipped; the worst few say their time.
    let clipped = buckets.filter { $0.worst / 1e6 > top }.sorted { $0.worst > $1.worst }.prefix(4)
    for bucket in clipped {
      let label =
        "▲ \(TextFormat.fixed(bucket.worst / 1e6, 1)) ms"
        + (bucket.worstIsFirstLayout ? " (first layout)" : "")
      plot.note(
        label, at: (seconds(bucket.start), top),
        color: bucket.worstIsFirstLayout ? "#60606c" : Self.veryLate, anchor: "start")
    }
    return plot.rendered(title: "estimated frame time over time")
  }

  /// Frames per estimated frame time, on a logarithmic count axis; bins of an eighth of the
  /// refresh interval, ticks at whole intervals (the budget among them); frames past four
  /// intervals in one labelled bar, the longest frame named.
  var histogram: String {
    let width = budget / Double(PlotSeries.bucketsPerInterval)
    let regular = series.histogram.count - 1
    let end = Double(regular) * width
    let overflow = series.histogram.last ?? 0
    let bars = series.histogram.prefix(regular).enumerated().map {
      (Double($0.offset) * width, Double($0.offset + 1) * width, Double($0.element))
    }
    var plot = SVGPlot(
      x: .multiples(of: budget, 0, end + 4 * width),
      y: SVGPlot.countTicks(upTo: Double(max(1, series.histogram.max() ?? 1))),
      xLabel: "estimated frame time (ms)",
      yLabel: "frames (log)", logarithmic: true)
    plot.bars(bars, color: Self.onTime, name: "frames", counts: true)
    if overflow > 0 {
      plot.bars(
        [(end + width, end + 4 * width, Double(overflow))], color: Self.veryLate,
        name: "longer than \(TextFormat.fixed(end, 1)) ms", counts: true)
    }
    plot.rules(
      [budget], color: Self.veryLate, name: "budget \(TextFormat.fixed(budget, 2)) ms",
      dashed: false)
    var title = "estimated frame-time histogram"
    if let longest = series.longest {
      title +=
        " · longest frame \(TextFormat.fixed(longest.estimate / 1e6, 2)) ms at \(TextFormat.fixed(seconds(longest.time), 3)) s"
        + " (frame \(longest.frame)\(longest.isFirstLayout ? ", a first layout" : ""))"
    }
    return "<p class=\"caption\">\(HTMLText.escape(title))</p>\n" + plot.rendered(title: title)
  }

  /// The reuse pool and live views over time, on whole-number ticks.
  var views: String {
    let samples = series.samples
    let top = samples.map { max($0.poolSize, $0.liveViews) }.max() ?? 1
    var plot = SVGPlot(
      x: timeAxis, y: .nice(0, Double(max(1, top)), count: 5, integers: true), xLabel: "time (s)",
      yLabel: "views")
    context(&plot)
    plot.line(
      samples.map { (seconds($0.time), Double($0.liveViews)) }, color: "#1f8a70", name: "live views"
    )
    plot.line(
      samples.map { (seconds($0.time), Double($0.poolSize)) }, color: "#d0663a", name: "reuse pool")
    return plot.rendered(title: "reuse pool and live views over time")
  }
}
