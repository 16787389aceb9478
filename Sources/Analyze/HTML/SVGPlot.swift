// scrolltrace — small inline SVG charts, the same bytes on every machine.

/// A chart drawn as inline SVG: a frame with axes and ticks, line series, bars, shaded spans and
/// marks. No scripts, no fonts to fetch: the HTML report draws without a network.
struct SVGPlot {
  static let width = 880.0
  static let height = 220.0
  static let left = 64.0
  static let right = 16.0
  static let top = 14.0
  static let bottom = 30.0

  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  var xLabel: String
  var yLabel: String
  private var body: [String] = []
  private var legend: [(String, String)] = []

  init(x: ClosedRange<Double>, y: ClosedRange<Double>, xLabel: String, yLabel: String) {
    xRange = x.lowerBound < x.upperBound ? x : x.lowerBound...(x.lowerBound + 1)
    yRange = y.lowerBound < y.upperBound ? y : (y.lowerBound - 1)...(y.upperBound + 1)
    self.xLabel = xLabel
    self.yLabel = yLabel
  }

  func px(_ x: Double) -> Double {
    Self.left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * (Self.width - Self.left - Self.right)
  }

  func py(_ y: Double) -> Double {
    Self.height - Self.bottom - (y - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * (Self.height - Self.top - Self.bottom)
  }

  static func n(_ value: Double) -> String { TextFormat.fixed(value, 1) }

  /// A polyline through the points, in `color`, named in the legend.
  mutating func line(_ points: [(Double, Double)], color: String, name: String) {
    guard !points.isEmpty else { return }
    let path = points.map { "\(Self.n(px($0.0))),\(Self.n(py($0.1)))" }.joined(separator: " ")
    body.append("<polyline class=\"series\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(path)\"/>")
    legend.append((name, color))
  }

  /// Shaded vertical bands from x to x.
  mutating func spans(_ spans: [(Double, Double)], color: String, name: String) {
    guard !spans.isEmpty else { return }
    for (a, b) in spans {
      body.append(
        "<rect x=\"\(Self.n(px(a)))\" y=\"\(Self.n(Self.top))\" width=\"\(Self.n(max(1, px(b) - px(a))))\" "
          + "height=\"\(Self.n(Self.height - Self.top - Self.bottom))\" fill=\"\(color)\" opacity=\"0.18\"/>")
    }
    legend.append((name, color))
  }

  /// Vertical rules at the x values.
  mutating func rules(_ xs: [Double], color: String, name: String, dashed: Bool = true) {
    guard !xs.isEmpty else { return }
    for x in xs {
      body.append(
        "<line x1=\"\(Self.n(px(x)))\" x2=\"\(Self.n(px(x)))\" y1=\"\(Self.n(Self.top))\" y2=\"\(Self.n(Self.height - Self.bottom))\" "
          + "stroke=\"\(color)\" stroke-width=\"1.2\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")/>")
    }
    legend.append((name, color))
  }

  /// Marks at points: `shape` is "triangle" or "circle"; `titles` become tooltips.
  mutating func marks(_ points: [(Double, Double, String)], color: String, shape: String, name: String) {
    guard !points.isEmpty else { return }
    for (x, y, title) in points {
      let cx = px(x)
      let cy = py(min(max(y, yRange.lowerBound), yRange.upperBound))
      let mark = shape == "circle"
        ? "<circle class=\"mark\" cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"5\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\">"
        : "<path class=\"mark\" d=\"M\(Self.n(cx)) \(Self.n(cy - 7)) L\(Self.n(cx - 6)) \(Self.n(cy + 4)) L\(Self.n(cx + 6)) \(Self.n(cy + 4)) Z\" fill=\"\(color)\">"
      body.append(mark + "<title>\(HTMLText.escape(title))</title></\(shape == "circle" ? "circle" : "path")>")
    }
    legend.append((name, color))
  }

  /// Bars from the x axis, one per (x from, x to, height).
  mutating func bars(_ bars: [(Double, Double, Double)], color: String, name: String) {
    for (a, b, h) in bars where h > 0 {
      body.append(
        "<rect class=\"bar\" x=\"\(Self.n(px(a) + 0.5))\" y=\"\(Self.n(py(h)))\" width=\"\(Self.n(max(1, px(b) - px(a) - 1)))\" "
          + "height=\"\(Self.n(py(yRange.lowerBound) - py(h)))\" fill=\"\(color)\"/>")
      // The count above each bar, so that a few slow frames beside hundreds of quick ones still show.
      body.append(
        "<text x=\"\(Self.n((px(a) + px(b)) / 2))\" y=\"\(Self.n(max(Self.top + 10, py(h) - 3)))\" text-anchor=\"middle\">\(Int(h))</text>")
    }
    legend.append((name, color))
  }

  /// The chart as an `<svg>` element with a title for screen readers.
  func rendered(title: String) -> String {
    var svg = [
      "<svg class=\"plot\" role=\"img\" viewBox=\"0 0 \(Self.n(Self.width)) \(Self.n(Self.height + 18))\" width=\"\(Self.n(Self.width))\" "
        + "height=\"\(Self.n(Self.height + 18))\" xmlns=\"http://www.w3.org/2000/svg\"><title>\(HTMLText.escape(title))</title>",
      "<rect x=\"\(Self.n(Self.left))\" y=\"\(Self.n(Self.top))\" width=\"\(Self.n(Self.width - Self.left - Self.right))\" "
        + "height=\"\(Self.n(Self.height - Self.top - Self.bottom))\" fill=\"#fbfbfd\" stroke=\"#c8c8d0\"/>",
    ]
    for i in 0...4 {
      let x = xRange.lowerBound + Double(i) / 4 * (xRange.upperBound - xRange.lowerBound)
      let y = yRange.lowerBound + Double(i) / 4 * (yRange.upperBound - yRange.lowerBound)
      svg.append(
        "<text x=\"\(Self.n(px(x)))\" y=\"\(Self.n(Self.height - Self.bottom + 16))\" text-anchor=\"middle\">\(Self.tick(x))</text>")
      svg.append("<text x=\"\(Self.n(Self.left - 6))\" y=\"\(Self.n(py(y) + 4))\" text-anchor=\"end\">\(Self.tick(y))</text>")
      svg.append(
        "<line x1=\"\(Self.n(Self.left))\" x2=\"\(Self.n(Self.width - Self.right))\" y1=\"\(Self.n(py(y)))\" y2=\"\(Self.n(py(y)))\" stroke=\"#ececf2\"/>")
    }
    svg.append(contentsOf: body)
    svg.append(
      "<text x=\"\(Self.n(Self.width - Self.right))\" y=\"\(Self.n(Self.height + 12))\" text-anchor=\"end\">\(HTMLText.escape(xLabel))</text>")
    svg.append("<text x=\"\(Self.n(Self.left))\" y=\"\(Self.n(Self.height + 12))\">\(HTMLText.escape(yLabel))</text>")
    var x = Self.left + 120
    for (name, color) in legend {
      svg.append("<rect x=\"\(Self.n(x))\" y=\"\(Self.n(Self.height + 3))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>")
      svg.append("<text x=\"\(Self.n(x + 14))\" y=\"\(Self.n(Self.height + 12))\">\(HTMLText.escape(name))</text>")
      x += 28 + Double(name.count) * 6.5
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n")
  }

  static func tick(_ value: Double) -> String {
    abs(value) >= 100 ? TextFormat.fixed(value, 0) : abs(value) >= 10 ? TextFormat.fixed(value, 1) : TextFormat.fixed(value, 2)
  }
}

/// Escaping for HTML text and attributes.
enum HTMLText {
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
