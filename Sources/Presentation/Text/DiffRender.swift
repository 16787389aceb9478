// scrolltrace — a diff as a terminal table, markdown and JSON.

public import Analyze
import TraceCore

extension ReportDiff {
  /// The verdict as read in a table: `improved`, `REGRESSED`, `no change`, `inconclusive` (with
  /// the p-value for a tested host timing), `changed` (not judged).
  static func verdictText(_ row: MetricComparison) -> String {
    let p = row.test.map { " (p \(TextFormat.fixed($0.pValue, 3)))" } ?? ""
    if row.test == nil, Metric.named(row.metric)?.isHostTiming == true {
      return "not tested (one run)"
    }
    let scale =
      switch row.judgedPer {
      case .total: ""
      case .perFrame: " (per frame)"
      case .perScrollingSecond: " (per s scrolling)"
      }
    switch row.verdict {
    case .improved: return "improved" + p + scale
    case .regressed: return "REGRESSED" + p + scale
    case .changed: return "changed"
    case .unchanged: return "no change" + p
    case .withinTolerance: return "within tolerance" + scale
    case .withinNoise: return "within noise"
    case .inconclusive: return "inconclusive" + p
    }
  }

  /// How many runs the host timings rest on: `9 runs a side, re-measured` (after a warm-up, and
  /// measured again before a change stands), or `one run a side` (saved reports).
  static func runs(_ rows: [MetricComparison]) -> String {
    guard let test = rows.lazy.compactMap(\.test).first else { return "one run a side" }
    return "\(test.baselineRepetitions) runs a side, re-measured"
  }

  /// `2 regressed, 7 improved`, with `, 1 inconclusive` when a host timing could not be decided.
  var summaryLine: String {
    "\(regressions.count) regressed, \(improvements.count) improved"
      + (inconclusive.isEmpty ? "" : ", \(inconclusive.count) inconclusive")
  }

  private static func change(_ row: MetricComparison) -> String {
    if let ratio = row.test?.medianRatio, ratio.isFinite {
      return TextFormat.fixed((ratio - 1) * 100, 1) + " %"
    }
    return row.percent.map { TextFormat.fixed($0, 1) + " %" }
      ?? (row.delta == nil || row.delta == 0 ? "–" : "new")
  }

  /// The diff for a terminal, at most 100 columns (`warnings` are for standard error).
  public var table: String {
    var lines = ["scrolltrace diff — baseline \(baseline) → candidate \(candidate)"]
    lines.append(
      settings.comparesHostTimings
        ? "host timings: Mann–Whitney U at α \(TextFormat.number(settings.alpha)), noise floor "
          + "\(TextFormat.number(settings.noiseFloor * 100)) %, \(Self.runs(rows))"
        : "host timings: not compared")
    lines.append(
      "modelled metrics: deterministic, a change within tolerance is none; measured ones: beyond "
        + "noise")
    lines.append(
      "  (a device's figure changes only when both recordings' 95 % noise intervals part)")
    let header =
      "  " + TextFormat.pad("metric", 37) + TextFormat.pad("unit", 6)
      + TextFormat.padLeft("baseline", 11)
      + TextFormat.padLeft("candidate", 11) + TextFormat.padLeft("change", 9) + "  verdict"
    var trace: String?
    for line in Self.tableLines(rows) {
      if line.trace != trace {
        trace = line.trace
        lines += ["", TextFormat.tail(line.trace, 98), header]
      }
      switch line {
      case .row(let row):
        lines.append(
          "  " + TextFormat.pad(TextFormat.tail(row.metric, 36), 37) + TextFormat.pad(row.unit, 6)
            + TextFormat.padLeft(TextFormat.number(row.baseline), 11)
            + TextFormat.padLeft(TextFormat.number(row.candidate), 11)
            + TextFormat.padLeft(Self.change(row), 9) + "  " + Self.verdictText(row))
      case .empty(_, let group, let count):
        lines.append(
          "  " + TextFormat.pad(TextFormat.tail("\(group).* (\(count) metrics)", 42), 43)
            + TextFormat.padLeft("–", 11) + TextFormat.padLeft("–", 11)
            + TextFormat.padLeft("–", 9) + "  " + Self.noValueText)
      }
    }
    lines += [
      "",
      "geometric mean of candidate / baseline (changed metrics; traces where a side is 0 are left out):",
    ]
    let moved = geometricMeans.filter(\.isNotable)
    if moved.isEmpty { lines.append("  none changed") }
    for mean in moved {
      let ratio = mean.ratio.map { TextFormat.fixed($0, 4) + "×" } ?? "–"
      let over = mean.traces > 0 ? "  over \(mean.traces) trace\(mean.traces == 1 ? "" : "s")" : ""
      let leftOut =
        mean.leftOut > 0
        ? (mean.traces > 0 ? ";" : "") + "  \(mean.leftOut) left out (a side is 0)" : ""
      lines.append(
        "  " + TextFormat.pad(mean.metric, 40) + TextFormat.padLeft(ratio, 10) + over + leftOut)
    }
    lines.append("")
    lines.append(summaryLine)
    for path in unmatchedTraces { lines.append("only on one side: \(path)") }
    return lines.joined(separator: "\n")
  }

  /// The diff as GitHub-flavoured markdown: the changes first, then every row per trace collapsed.
  public var markdown: String {
    var lines = [
      "### scrolltrace diff · \(MarkdownText.code(baseline, inCell: false)) → \(MarkdownText.code(candidate, inCell: false))",
      "",
    ]
    lines.append("**\(MarkdownText.text(summaryLine)).**")
    for warning in warnings { lines += ["", "> ⚠️ \(MarkdownText.text(warning))"] }
    let changes = rows.filter {
      $0.verdict != .unchanged && $0.verdict != .withinTolerance && $0.verdict != .withinNoise
    }
    // The changes, a table per trace: the trace is a heading, not a column repeated on each row.
    var changedTrace: String?
    for row in changes {
      if row.trace != changedTrace {
        changedTrace = row.trace
        lines += [
          "", MarkdownText.code(row.trace, inCell: false), "",
          "| metric | baseline | candidate | change | verdict |",
          "|---|--:|--:|--:|---|",
        ]
      }
      lines.append(
        "| \(MarkdownText.code(row.metric)) (\(row.unit)) | \(TextFormat.number(row.baseline)) | \(TextFormat.number(row.candidate)) | "
          + "\(Self.change(row)) | \(Self.verdictText(row)) |")
    }
    let moved = geometricMeans.filter(\.isNotable)
    if !moved.isEmpty {
      lines += [
        "", "| metric | geometric mean ratio | traces | left out (a side is 0 or has no value) |",
        "|---|--:|--:|--:|",
      ]
      for mean in moved {
        lines.append(
          "| \(MarkdownText.code(mean.metric)) | \(mean.ratio.map { TextFormat.fixed($0, 4) + "×" } ?? "–") | \(mean.traces) | \(mean.leftOut) |"
        )
      }
    }
    var trace: String?
    for line in Self.tableLines(rows) {
      if line.trace != trace {
        if trace != nil { lines += ["", "</details>"] }
        trace = line.trace
        lines += [
          "",
          "<details><summary><code>\(HTMLText.escape(line.trace))</code>: every metric</summary>",
          "",
        ]
        lines += ["| metric | baseline | candidate | change | verdict |", "|---|--:|--:|--:|---|"]
      }
      switch line {
      case .row(let row):
        lines.append(
          "| \(MarkdownText.code(row.metric)) (\(row.unit)) | \(TextFormat.number(row.baseline)) | \(TextFormat.number(row.candidate)) | "
            + "\(Self.change(row)) | \(Self.verdictText(row)) |")
      case .empty(_, let group, let count):
        lines.append(
          "| \(MarkdownText.code(group + ".*")) (\(count) metrics) | – | – | – | \(Self.noValueText) |"
        )
      }
    }
    if trace != nil { lines += ["", "</details>"] }
    lines += [
      "",
      "<sub>Host timings: Mann–Whitney U at α \(TextFormat.number(settings.alpha)), noise floor "
        + "\(TextFormat.number(settings.noiseFloor * 100)) %. Modelled metrics are deterministic and "
        + "compare exactly, within their tolerance. A figure measured on a device changes only when "
        + "the two recordings' 95 % noise intervals do not overlap.</sub>",
    ]
    return lines.joined(separator: "\n")
  }

  /// The diff as one JSON object: settings, rows, geometric means.
  public var json: String {
    var root = JSONObject()
    root.add("schema", "scrolltrace-diff")
    root.add("schemaVersion", 1)
    root.add("baseline", baseline)
    root.add("candidate", candidate)
    var s = JSONObject()
    s.add("alpha", settings.alpha, digits: 6)
    s.add("noiseFloor", settings.noiseFloor, digits: 6)
    root.add("settings", s)
    root.add(
      "rows",
      objects: rows.map { row in
        var o = JSONObject()
        o.add("trace", row.trace)
        o.add("metric", row.metric)
        o.add("unit", row.unit)
        o.add("direction", row.direction.rawValue)
        o.add("baseline", row.baseline, digits: 6)
        o.add("candidate", row.candidate, digits: 6)
        o.add("delta", row.delta, digits: 6)
        o.add("percent", row.percent, digits: 4)
        o.add("verdict", row.verdict.rawValue)
        if row.baselineNoise != nil || row.candidateNoise != nil {
          var n = JSONObject()
          for (key, interval) in [
            ("baseline", row.baselineNoise), ("candidate", row.candidateNoise),
          ] {
            if let interval {
              n.add(
                key,
                array: [interval.lowerBound, interval.upperBound].map {
                  JSONObject.number($0, digits: 6)
                })
            } else {
              n.raw(key, "null")
            }
          }
          o.add("noise", n)
        }
        if row.judgedPer != .total {
          o.add("judgedPer", row.judgedPer.rawValue)
          o.add("judgedBaseline", row.judgedBaseline, digits: 9)
          o.add("judgedCandidate", row.judgedCandidate, digits: 9)
        }
        if let test = row.test {
          var t = JSONObject()
          if let confirmed = test.isConfirmed {
            t.add("remeasured", true)
            t.add("confirmed", confirmed)
            t.add("remeasuredPValue", test.remeasuredPValue, digits: 6)
          }
          t.add("baselineRepetitions", test.baselineRepetitions)
          t.add("candidateRepetitions", test.candidateRepetitions)
          t.add("pValue", test.pValue, digits: 6)
          t.add("medianRatio", test.medianRatio, digits: 6)
          t.add("significant", test.isSignificant)
          t.add("beyondNoiseFloor", test.isBeyondNoise)
          o.add("test", t)
        }
        return o
      })
    root.add(
      "geometricMeans",
      objects: geometricMeans.map { mean in
        var o = JSONObject()
        o.add("metric", mean.metric)
        o.add("ratio", mean.ratio, digits: 6)
        o.add("traces", mean.traces)
        o.add("leftOut", mean.leftOut)
        return o
      })
    root.add(
      "matches",
      objects: matches.map { match in
        var o = JSONObject()
        o.add("baseline", match.baselinePath)
        o.add("candidate", match.candidatePath)
        o.add("by", match.kind.rawValue)
        return o
      })
    root.add("unmatchedTraces", array: unmatchedTraces.map(JSONObject.quote))
    root.add("warnings", array: warnings.map(JSONObject.quote))
    root.add("regressed", regressions.count)
    root.add("improved", improvements.count)
    root.add("inconclusive", inconclusive.count)
    return root.rendered
  }
}
