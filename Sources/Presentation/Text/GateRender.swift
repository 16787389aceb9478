// scrolltrace — a gate's verdict as a terminal summary, markdown and JUnit XML.

public import Analyze
import TraceCore

extension GateVerdict {
  /// The verdict for a terminal: each broken budget with trace, metric, baseline, candidate and
  /// limit; then the counts (`warnings` are for standard error).
  public var table: String {
    let failed = failures
    let skipped = checks.filter { $0.outcome == .skipped }
    let inconclusive = checks.filter { $0.outcome == .inconclusive }
    var lines = [headline]
    for check in failed {
      lines.append("")
      lines.append("  ✗ \(check.metric) on \(TextFormat.tail(check.trace, 60))")
      lines.append(
        "    baseline \(TextFormat.number(check.baseline)) · candidate \(TextFormat.number(check.candidate)) \(check.unit) · "
          + "limit \(check.limitText) (\(check.location))" + (check.note.map { " · \($0)" } ?? ""))
    }
    lines.append("")
    lines.append(
      "\(checks.count - failed.count - skipped.count - inconclusive.count) passed, \(failed.count) failed, \(skipped.count) skipped"
        + (inconclusive.isEmpty ? "" : ", \(inconclusive.count) inconclusive"))
    for check in skipped + inconclusive {
      lines.append(
        "  \(check.outcome.rawValue) \(check.metric) \(check.limitText) on \(TextFormat.tail(check.trace, 40)): \(check.note ?? "")"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// `scrolltrace gate: PASSED`, or FAILED with what broke.
  private var headline: String {
    if passed { return "scrolltrace gate: PASSED" }
    let failed = failures.count
    var reasons: [String] = []
    if failed > 0 { reasons.append("\(failed) budget\(failed == 1 ? "" : "s") broken") }
    if isStrict, !warnings.isEmpty {
      reasons.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s") under --strict")
    }
    return "scrolltrace gate: FAILED — " + reasons.joined(separator: ", ")
  }

  /// The verdict as markdown for a job summary or a PR comment.
  public var markdown: String {
    let failed = failures
    var lines = [
      passed
        ? "### scrolltrace gate: passed"
        : "### scrolltrace gate: **failed** (\(failed.count) broken)", "",
    ]
    for warning in warnings {
      lines += [
        "> ⚠️ \(MarkdownText.text(warning))\(isStrict ? " (fails under `--strict`)" : "")", "",
      ]
    }
    lines += [
      "| | trace | metric | baseline | candidate | limit | note |", "|---|---|---|--:|--:|---|---|",
    ]
    for check in checks {
      let mark: String
      switch check.outcome {
      case .failed: mark = "❌"
      case .skipped: mark = "–"
      case .inconclusive: mark = "❔ inconclusive"
      case .passed: mark = "✅"
      }
      lines.append(
        "| \(mark) | \(MarkdownText.code(check.trace)) | \(MarkdownText.code(check.metric)) | \(TextFormat.number(check.baseline)) | "
          + "\(TextFormat.number(check.candidate)) \(check.unit) | \(MarkdownText.text(check.limitText)) | \(MarkdownText.text(check.note ?? "")) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// The verdict as JUnit XML valid against the Jenkins schema (junit-10.xsd): a test suite per
  /// trace, a test case per budget limit with its baseline, candidate and limit in `system-out`, a
  /// `failure` per broken limit, a `skipped` per limit that could not be checked (or was
  /// inconclusive), and a `comparison` suite with a case per warning.
  ///
  /// Times are 0: a check is
  /// instant, and the file stays deterministic.
  public var junit: String {
    let traces = checks.reduce(into: [String]()) {
      if !$0.contains($1.trace) { $0.append($1.trace) }
    }
    let warningFailures = isStrict ? warnings.count : 0
    let failed = failures.count + warningFailures
    var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    lines.append(
      #"<testsuites name="scrolltrace gate" tests="\#(checks.count + warnings.count)" failures="\#(failed)" errors="0" time="0">"#
    )
    if !warnings.isEmpty {
      lines.append(
        #"  <testsuite name="comparison" tests="\#(warnings.count)" failures="\#(warningFailures)" errors="0" skipped="0" time="0">"#
      )
      for (index, warning) in warnings.enumerated() {
        lines.append(
          #"    <testcase classname="comparison" name="warning \#(index + 1)" time="0">"#)
        if isStrict {
          lines.append(
            #"      <failure message="\#(Self.xml(warning))" type="warning">\#(Self.xml(warning))</failure>"#
          )
        }
        lines.append(#"      <system-out>\#(Self.xml(warning))</system-out>"#)
        lines.append("    </testcase>")
      }
      lines.append("  </testsuite>")
    }
    for trace in traces {
      let mine = checks.filter { $0.trace == trace }
      let mineFailed = mine.filter { $0.outcome == .failed }.count
      let mineSkipped = mine.filter { $0.outcome == .skipped || $0.outcome == .inconclusive }.count
      lines.append(
        #"  <testsuite name="\#(Self.xml(trace))" tests="\#(mine.count)" failures="\#(mineFailed)" errors="0" skipped="\#(mineSkipped)" time="0">"#
      )
      for check in mine {
        let name = Self.xml("\(check.metric) \(check.limitText)")
        lines.append(#"    <testcase classname="\#(Self.xml(trace))" name="\#(name)" time="0">"#)
        switch check.outcome {
        case .passed:
          break
        case .skipped, .inconclusive:
          let message =
            check.outcome == .inconclusive
            ? "inconclusive: " + (check.note ?? "") : check.note ?? ""
          lines.append(#"      <skipped message="\#(Self.xml(message))"/>"#)
        case .failed:
          let message =
            "\(check.metric) on \(check.trace): candidate \(TextFormat.number(check.candidate)) \(check.unit), baseline "
            + "\(TextFormat.number(check.baseline)), limit \(check.limitText) (\(check.location))"
            + (check.note.map { "; \($0)" } ?? "")
          lines.append(
            #"      <failure message="\#(Self.xml(message))" type="budget">\#(Self.xml(message))</failure>"#
          )
        }
        lines.append(#"      <system-out>\#(Self.xml(check.measured))</system-out>"#)
        lines.append("    </testcase>")
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n")
  }

  /// Text escaped for an XML attribute or element.
  static func xml(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": out += "?"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
