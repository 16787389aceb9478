// scrolltrace — small inline SVG charts, the same bytes on every machine.

import Analyze
import Foundation
import TraceCore

/// A chart drawn as inline SVG: a frame with axes ticked at round numbers (``AxisTicks``), line
/// series, bars, shaded spans, rules and marks.
///
/// No scripts, no fonts to fetch: the HTML report draws
/// without a network.
struct SVGPlot {
  /// The chart's size, in CSS pixels.
  var width: Double
  var height: Double
  static let left = 64.0
  static let right = 16.0
  static let top = 14.0
  static let bottom = 30.0
  /// The most points a line keeps: about one per pixel column of the widest chart.
  static let linePoints = 800

  var x: AxisTicks
  var y: AxisTicks
  var xLabel: String
  var yLabel: String
  /// Whether the y axis is logarithmic (counts: 1, 10, 100…, with 0 below the axis).
  var logarithmic: Bool
  private var body: [String] = []
  private var legend: [(String, String)] = []

  /// A chart of `x` against `y`, labelled with their units; `logarithmic` for counts spanning
  /// orders of magnitude.
  init(
    x: AxisTicks, y: AxisTicks, xLabel: String, yLabel: String, logarithmic: Bool = false,
    width: Double = 880, height: Double = 220
  ) {
    self.x = x
    self.y = y
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.logarithmic = logarithmic
    self.width = width
    self.height = height
  }

  /// Ticks for a logarithmic count axis up to `maximum`: 1, 10, 100… (the axis starts at ½, so a
  /// single frame still has a bar).
  static func countTicks(upTo maximum: Double) -> AxisTicks {
    var values = [1.0]
    while values.count < 12, (values.last ?? 1) < maximum { values.append((values.last ?? 1) * 10) }
    return AxisTicks(range: 0.5...(values.last ?? 10), values: values, digits: 0)
  }

  var plotLeft: Double { Self.left }
  var plotRight: Double { width - Self.right }
  var plotTop: Double { Self.top }
  var plotBottom: Double { height - Self.bottom }

  func px(_ value: Double) -> Double {
    let span = x.range.upperBound - x.range.lowerBound
    return plotLeft + (value - x.range.lowerBound) / (span > 0 ? span : 1) * (plotRight - plotLeft)
  }

  func py(_ value: Double) -> Double {
    let (lo, hi, v) =
      logarithmic
      ? (
        log10(y.range.lowerBound), log10(y.range.upperBound), log10(max(value, y.range.lowerBound))
      )
      : (y.range.lowerBound, y.range.upperBound, value)
    let clamped = min(max(v, lo), hi)
    return plotBottom - (clamped - lo) / (hi > lo ? hi - lo : 1) * (plotBottom - plotTop)
  }

  static func n(_ value: Double) -> String { TextFormat.fixed(value, 1) }

  /// A polyline through the points (at most ``linePoints``, evenly strided, the last kept), in
  /// `color`, named in the legend.
  mutating func line(
    _ points: [(Double, Double)], color: String, name: String, dashed: Bool = false
  ) {
    guard !points.isEmpty else { return }
    let step = max(1, (points.count + Self.linePoints - 1) / Self.linePoints)
    var kept = Swift.stride(from: 0, to: points.count, by: step).map { points[$0] }
    if let last = points.last, (points.count - 1) % step != 0 { kept.append(last) }
    let path = kept.map { "\(Self.n(px($0.0))),\(Self.n(py($0.1)))" }.joined(separator: " ")
    body.append(
      "<polyline class=\"series\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"\(dashed ? " stroke-dasharray=\"5 3\"" : "") points=\"\(path)\"/>"
    )
    legend.append((name, color))
  }

  /// Shaded vertical bands from x to x.
  mutating func spans(_ spans: [(Double, Double)], color: String, name: String) {
    guard !spans.isEmpty else { return }
    for (a, b) in spans {
      body.append(
        "<rect x=\"\(Self.n(px(a)))\" y=\"\(Self.n(plotTop))\" width=\"\(Self.n(max(1, px(b) - px(a))))\" "
          + "height=\"\(Self.n(plotBottom - plotTop))\" fill=\"\(color)\" opacity=\"0.16\"/>")
    }
    legend.append((name, color))
  }

  /// Vertical rules at the x values.
  mutating func rules(_ xs: [Double], color: String, name: String, dashed: Bool = true) {
    guard !xs.isEmpty else { return }
    for value in xs {
      body.append(
        "<line x1=\"\(Self.n(px(value)))\" x2=\"\(Self.n(px(value)))\" y1=\"\(Self.n(plotTop))\" y2=\"\(Self.n(plotBottom))\" "
          + "stroke=\"\(color)\" stroke-width=\"1.2\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")/>"
      )
    }
    legend.append((name, color))
  }

  /// A horizontal rule at `value` across the plot, labelled at its right end.
  mutating func horizontalRule(_ value: Double, color: String, label: String, dashed: Bool = false)
  {
    let yy = py(value)
    body.append(
      "<line x1=\"\(Self.n(plotLeft))\" x2=\"\(Self.n(plotRight))\" y1=\"\(Self.n(yy))\" y2=\"\(Self.n(yy))\" stroke=\"\(color)\" "
        + "stroke-width=\"1.2\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")/>")
    body.append(
      "<text x=\"\(Self.n(plotRight - 4))\" y=\"\(Self.n(yy - 3))\" text-anchor=\"end\" fill=\"\(color)\">\(HTMLText.escape(label))</text>"
    )
  }

  /// Horizontal segments (x from, x to, y), such as a pager's page grid while it holds.
  mutating func segments(_ segments: [(Double, Double, Double)], color: String, name: String) {
    guard !segments.isEmpty else { return }
    let path = segments.map { "M\(Self.n(px($0.0))) \(Self.n(py($0.2)))H\(Self.n(px($0.1)))" }
      .joined()
    body.append(
      "<path d=\"\(path)\" stroke=\"\(color)\" stroke-width=\"1\" stroke-dasharray=\"2 3\" fill=\"none\"/>"
    )
    legend.append((name, color))
  }

  /// Marks at points.
  ///
  /// `shape` is "triangle", "circle" or "diamond"; `titles` become tooltips. An empty `name` leaves them out
  /// of the legend (marks on a line's points).
  mutating func marks(
    _ points: [(Double, Double, String)], color: String, shape: String, name: String
  ) {
    guard !points.isEmpty else { return }
    for (mx, my, title) in points {
      let cx = px(mx)
      let cy = py(my)
      let mark =
        switch shape {
        case "circle":
          "<circle class=\"mark\" cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"5\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\">"
        case "diamond":
          "<path class=\"mark\" d=\"M\(Self.n(cx)) \(Self.n(cy - 7)) L\(Self.n(cx + 6)) \(Self.n(cy)) L\(Self.n(cx)) \(Self.n(cy + 7)) L\(Self.n(cx - 6)) \(Self.n(cy)) Z\" fill=\"\(color)\">"
        default:
          "<path class=\"mark\" d=\"M\(Self.n(cx)) \(Self.n(cy - 7)) L\(Self.n(cx - 6)) \(Self.n(cy + 4)) L\(Self.n(cx + 6)) \(Self.n(cy + 4)) Z\" fill=\"\(color)\">"
        }
      body.append(
        mark + "<title>\(HTMLText.escape(title))</title></\(shape == "circle" ? "circle" : "path")>"
      )
    }
    if !name.isEmpty { legend.append((name, color)) }
  }

  /// Bars from the x axis, one per (x from, x to, height), in one colour; with `counts`, each
  /// bar's height is written above it.
  ///
  /// Bars narrower than 4 px touch (a frame-time series).
  mutating func bars(
    _ bars: [(Double, Double, Double)], color: String, name: String, counts: Bool = false
  ) {
    var path = ""
    for (a, b, h) in bars where h > 0 {
      let gap = px(b) - px(a) >= 4 ? 1.0 : 0
      let x0 = px(a) + gap / 2
      let w = max(1, px(b) - px(a) - gap)
      let top = py(h)
      path +=
        "M\(Self.n(x0)) \(Self.n(plotBottom))V\(Self.n(top))h\(Self.n(w))V\(Self.n(plotBottom))Z"
      if counts { countLabel(Int(h), x0: x0, width: w, top: top) }
    }
    guard !path.isEmpty else { return }
    body.append("<path class=\"bar\" d=\"\(path)\" fill=\"\(color)\"/>")
    legend.append((name, color))
  }

  /// A bar's count where it can be read: above the bar, or — for a bar that reaches the top of the
  /// plot — inside it in white when it is wide enough, else beside it.
  private mutating func countLabel(_ count: Int, x0: Double, width w: Double, top: Double) {
    let text = String(count)
    let textWidth = Double(text.count) * 6.5
    if top - 3 >= plotTop + 10 {
      body.append(
        "<text x=\"\(Self.n(x0 + w / 2))\" y=\"\(Self.n(top - 3))\" text-anchor=\"middle\">\(text)</text>"
      )
    } else if w >= textWidth + 4 {
      body.append(
        "<text x=\"\(Self.n(x0 + w / 2))\" y=\"\(Self.n(top + 12))\" text-anchor=\"middle\" fill=\"#fff\">\(text)</text>"
      )
    } else {
      body.append(
        "<text x=\"\(Self.n(x0 + w + 2))\" y=\"\(Self.n(top + 10))\" text-anchor=\"start\">\(text)</text>"
      )
    }
  }

  /// A label at a data point (clamped into the plot), such as the value of a bar past the top.
  mutating func note(
    _ text: String, at point: (Double, Double), color: String, anchor: String = "middle"
  ) {
    body.append(
      "<text x=\"\(Self.n(min(max(px(point.0), plotLeft + 4), plotRight - 4)))\" y=\"\(Self.n(max(py(point.1) - 4, plotTop + 10)))\" "
        + "text-anchor=\"\(anchor)\" fill=\"\(color)\">\(HTMLText.escape(text))</text>")
  }

  /// The chart as an `<svg>` element with a title for screen readers.
  func rendered(title: String) -> String {
    // The axis labels under the plot, then the legend in rows that fit the width.
    var rows: [[(String, String, Double)]] = [[]]
    var lx = plotLeft
    for (name, color) in legend {
      let itemWidth = 28 + Double(name.count) * 6.2
      if lx + itemWidth > plotRight, !(rows.last?.isEmpty ?? true) {
        rows.append([])
        lx = plotLeft
      }
      rows[rows.count - 1].append((name, color, lx))
      lx += itemWidth
    }
    let legendRows = legend.isEmpty ? 0 : rows.count
    let total = height + 18 + Double(legendRows) * 15
    var svg = [
      "<svg class=\"plot\" role=\"img\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(total))\" width=\"\(Self.n(width))\" "
        + "height=\"\(Self.n(total))\" xmlns=\"http://www.w3.org/2000/svg\"><title>\(HTMLText.escape(title))</title>",
      "<rect x=\"\(Self.n(plotLeft))\" y=\"\(Self.n(plotTop))\" width=\"\(Self.n(plotRight - plotLeft))\" "
        + "height=\"\(Self.n(plotBottom - plotTop))\" fill=\"#fbfbfd\" stroke=\"#c8c8d0\"/>",
    ]
    for value in y.values where value >= y.range.lowerBound && value <= y.range.upperBound {
      let yy = py(value)
      svg.append(
        "<text x=\"\(Self.n(plotLeft - 6))\" y=\"\(Self.n(yy + 4))\" text-anchor=\"end\">\(y.label(value))</text>"
      )
      svg.append(
        "<line x1=\"\(Self.n(plotLeft))\" x2=\"\(Self.n(plotRight))\" y1=\"\(Self.n(yy))\" y2=\"\(Self.n(yy))\" stroke=\"#ececf2\"/>"
      )
    }
    for value in x.values where value >= x.range.lowerBound && value <= x.range.upperBound {
      svg.append(
        "<text x=\"\(Self.n(px(value)))\" y=\"\(Self.n(plotBottom + 16))\" text-anchor=\"middle\">\(x.label(value))</text>"
      )
    }
    svg.append(contentsOf: body)
    svg.append(
      "<text x=\"\(Self.n(plotRight))\" y=\"\(Self.n(height + 12))\" text-anchor=\"end\">\(HTMLText.escape(xLabel))</text>"
    )
    svg.append(
      "<text x=\"\(Self.n(plotLeft))\" y=\"\(Self.n(height + 12))\">\(HTMLText.escape(yLabel))</text>"
    )
    for (number, row) in rows.enumerated() where !row.isEmpty {
      let baseline = height + 27 + Double(number) * 15
      for (name, color, x) in row {
        svg.append(
          "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(baseline - 9))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
        )
        svg.append(
          "<text x=\"\(Self.n(x + 14))\" y=\"\(Self.n(baseline))\">\(HTMLText.escape(name))</text>")
      }
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n")
  }
}
