// scrolltrace — a history's changes and series as text, markdown and JSON.

public import Analyze
import TraceCore

extension HistoryCheck {
  /// The methods and their settings, in words.
  public var settingsText: String {
    methods.map { method in
      switch method {
      case .stepFit:
        "step fit (width \(stepFit.width), threshold \(TextFormat.fixed(stepFit.threshold, 1)))"
      case .eDivisive:
        "E-divisive (window \(eDivisive.window), p ≤ \(eDivisive.significance)"
          + (eDivisive.minimumMagnitude > 0
            ? ", change ≥ \(TextFormat.fixed(eDivisive.minimumMagnitude * 100, 1)) %" : "") + ")"
      }
    }.joined(separator: " and ")
  }
}

extension HistoryCheck.Result {
  /// The findings merged by series and revision: a change both methods found is one line.
  public var changes: [(HistoryCheck.Finding, [HistoryCheck.Finding])] {
    var merged: [(HistoryCheck.Finding, [HistoryCheck.Finding])] = []
    for finding in findings {
      if let at = merged.firstIndex(where: {
        $0.0.series == finding.series && $0.0.index == finding.index
      }) {
        merged[at].1.append(finding)
      } else {
        merged.append((finding, [finding]))
      }
    }
    return merged
  }

  /// Why nothing was checked.
  var notCheckedText: String {
    "no series has \(HistoryCheck.minimumRuns) runs yet (a new store): nothing was judged"
  }

  /// The check for a terminal: each change with its first revision, levels, size and evidence.
  public func table(_ check: HistoryCheck) -> String {
    var lines = [
      "scrolltrace history check — \(series) series · \(check.settingsText)",
      "a regression among the newest \(check.newest) runs of a series fails",
    ]
    if checked == 0 {
      lines.append(notCheckedText)
    } else if findings.isEmpty {
      lines.append("no change found")
    }
    for (finding, all) in changes {
      let metric = Metric.named(finding.series.metric)
      let label: String
      switch finding.verdict {
      case .regression: label = finding.isRecent ? "REGRESSED" : "regressed"
      case .improvement: label = "improved"
      case .changed: label = "changed"
      case .outlier: label = "outlier"
      }
      lines.append("")
      lines.append(
        TextFormat.pad(label, 10)
          + "\(finding.series.metric) on \(TextFormat.tail(finding.series.trace, 50))"
          + " (\(finding.series.engine), \(finding.series.branch))")
      lines.append(
        "          from \(finding.revision) (after \(finding.previousRevision)): "
          + "\(Self.value(finding.before, metric)) → \(Self.value(finding.after, metric))"
          + (finding.relativeChange.map { " (\(Self.signedPercent($0)))" } ?? "")
          + (finding.isRecent ? " · among the newest runs" : ""))
      lines.append("          found by " + all.map(Self.evidence).joined(separator: ", "))
    }
    let recent = changes.filter { $0.0.verdict == .regression && $0.0.isRecent }.count
    let outliers = changes.filter { $0.0.verdict == .outlier }.count
    let count = changes.count - outliers
    let counted =
      "\(count) change\(count == 1 ? "" : "s")"
      + (outliers == 0 ? "" : ", \(outliers) outlier\(outliers == 1 ? "" : "s")")
    lines.append("")
    lines.append(
      checked == 0
        ? "history check: NOT CHECKED"
        : recent == 0
          ? "history check: passed (\(counted), none a recent regression)"
          : "history check: FAILED — \(recent) regression\(recent == 1 ? "" : "s") among the newest runs"
    )
    return lines.joined(separator: "\n")
  }

  /// The check as markdown (a job summary).
  public func markdown(_ check: HistoryCheck) -> String {
    var lines = [
      "### scrolltrace history check", "",
      "\(series) series · \(check.settingsText) · a regression among the newest \(check.newest) runs fails.",
      "",
    ]
    if checked == 0 {
      lines.append("**Not checked:** " + MarkdownText.text(notCheckedText) + ".")
    } else if findings.isEmpty {
      lines.append("No change found.")
    } else {
      lines += [
        "| | metric | trace | engine | first revision | before | after | change | found by |",
        "|---|---|---|---|---|--:|--:|--:|---|",
      ]
      for (finding, all) in changes {
        let metric = Metric.named(finding.series.metric)
        let mark =
          finding.verdict == .regression
          ? (finding.isRecent ? "**regressed, recent**" : "regressed")
          : finding.verdict.rawValue
        lines.append(
          "| \(mark) | \(MarkdownText.code(finding.series.metric)) | \(MarkdownText.code(finding.series.trace)) | \(MarkdownText.text(finding.series.engine)) | "
            + "\(MarkdownText.code(finding.revision)) | \(Self.value(finding.before, metric)) | \(Self.value(finding.after, metric)) | "
            + "\(finding.relativeChange.map(Self.signedPercent) ?? "–") | \(MarkdownText.text(all.map(Self.evidence).joined(separator: ", "))) |"
        )
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The check as one JSON document.
  public func json(_ check: HistoryCheck) -> String {
    var root = JSONObject()
    root.add("schema", "scrolltrace-history-check")
    root.add("schemaVersion", 1)
    var settings = JSONObject()
    settings.add("methods", array: check.methods.map { JSONObject.quote($0.rawValue) })
    settings.add("stepFitWidth", check.stepFit.width)
    settings.add("stepFitThreshold", check.stepFit.threshold, digits: 4)
    settings.add("eDivisiveWindow", check.eDivisive.window)
    settings.add("eDivisiveSignificance", check.eDivisive.significance, digits: 6)
    settings.add("eDivisiveMinimumMagnitude", check.eDivisive.minimumMagnitude, digits: 6)
    settings.add("newest", check.newest)
    root.add("settings", settings)
    root.add("series", series)
    root.add("checked", checked)
    root.add(
      "changes",
      objects: findings.map { finding in
        var object = JSONObject()
        object.add("branch", finding.series.branch)
        object.add("engine", finding.series.engine)
        object.add("trace", finding.series.trace)
        object.add("metric", finding.series.metric)
        object.add("method", finding.method.rawValue)
        object.add("revision", finding.revision)
        object.add("previousRevision", finding.previousRevision)
        object.add("index", finding.index)
        object.add("before", finding.before, digits: 6)
        object.add("after", finding.after, digits: 6)
        object.add("score", finding.score, digits: 6)
        object.add("verdict", finding.verdict.rawValue)
        object.add("recent", finding.isRecent)
        return object
      })
    root.add("passed", checked > 0 && recentRegressions.isEmpty)
    return root.rendered
  }

  static func value(_ value: Double, _ metric: Metric?) -> String {
    TextFormat.number(value) + (metric.map { $0.unit == "count" ? "" : " \($0.unit)" } ?? "")
  }

  static func signedPercent(_ fraction: Double) -> String {
    (fraction >= 0 ? "+" : "") + TextFormat.fixed(fraction * 100, 1) + " %"
  }

  static func evidence(_ finding: HistoryCheck.Finding) -> String {
    switch finding.method {
    case .stepFit:
      "step fit |\(finding.score.isFinite ? TextFormat.fixed(finding.score, 1) : "∞")|"
    case .eDivisive:
      "E-divisive p \(finding.score < 0.0001 ? "< 0.0001" : TextFormat.fixed(finding.score, 4))"
    }
  }
}

/// A history's series as text: each metric's values run by run.
public enum HistoryTable {
  /// The series as a table (`markdown` false) or markdown, the last `last` runs of each; series
  /// whose values never change are counted, not listed.
  public static func render(_ series: [HistorySeries], last: Int, markdown: Bool) -> String {
    let shown = series.filter { Set($0.points.map(\.value)).count > 1 }
    var lines = [
      (markdown ? "### " : "") + "scrolltrace history — \(series.count) series, "
        + "\(shown.count) that changed"
        + (series.count > shown.count ? " (\(series.count - shown.count) constant, not shown)" : "")
    ]
    for one in shown {
      let metric = Metric.named(one.metric)
      let title =
        "\(one.metric) on \(one.trace) (\(one.engine), \(one.branch))"
        + (metric.map { $0.unit == "count" ? "" : ", \($0.unit)" } ?? "")
      lines.append("")
      lines.append(markdown ? "**\(MarkdownText.text(title))**" : title)
      if markdown { lines += ["", "| revision | built | value |", "|---|---|--:|"] }
      for point in one.points.suffix(max(1, last)) {
        lines.append(
          markdown
            ? "| \(MarkdownText.code(point.revision)) | \(TextFormat.date(point.time)) | \(TextFormat.number(point.value)) |"
            : "  " + TextFormat.pad(TextFormat.tail(point.revision, 16), 18)
              + TextFormat.pad(TextFormat.date(point.time), 18) + TextFormat.number(point.value))
      }
    }
    return lines.joined(separator: "\n")
  }
}
