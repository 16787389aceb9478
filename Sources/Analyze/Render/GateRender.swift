// scrolltrace — a gate's verdict as a terminal summary, markdown and JUnit XML.

extension GateVerdict {
  /// The verdict for a terminal: each broken budget with trace, metric, baseline, candidate and
  /// limit; then the counts.
  public var table: String {
    let failed = failures
    let skipped = checks.filter { $0.outcome == .skipped }
    var lines = [failed.isEmpty ? "scrolltrace gate: PASSED" : "scrolltrace gate: FAILED — \(failed.count) budget\(failed.count == 1 ? "" : "s") broken"]
    for check in failed {
      lines.append("")
      lines.append("  ✗ \(check.metric) on \(TextFormat.tail(check.trace, 60))")
      lines.append(
        "    baseline \(TextFormat.number(check.baseline)) · candidate \(TextFormat.number(check.candidate)) \(check.unit) · "
          + "limit \(check.limitText) (\(check.location))" + (check.note.map { " · \($0)" } ?? ""))
    }
    lines.append("")
    lines.append("\(checks.count - failed.count - skipped.count) passed, \(failed.count) failed, \(skipped.count) skipped")
    for check in skipped {
      lines.append("  skipped \(check.metric) \(check.limitText) on \(TextFormat.tail(check.trace, 40)): \(check.note ?? "")")
    }
    return lines.joined(separator: "\n")
  }

  /// The verdict as markdown for a job summary or a PR comment.
  public var markdown: String {
    let failed = failures
    var lines = [failed.isEmpty ? "### scrolltrace gate: passed" : "### scrolltrace gate: **failed** (\(failed.count) broken)", ""]
    lines += ["| | trace | metric | baseline | candidate | limit | note |", "|---|---|---|--:|--:|---|---|"]
    for check in checks {
      let mark = check.outcome == .failed ? "❌" : (check.outcome == .skipped ? "–" : "✅")
      lines.append(
        "| \(mark) | `\(check.trace)` | `\(check.metric)` | \(TextFormat.number(check.baseline)) | "
          + "\(TextFormat.number(check.candidate)) \(check.unit) | \(check.limitText) | \(check.note ?? "") |")
    }
    return lines.joined(separator: "\n")
  }

  /// The verdict as JUnit XML: a test suite per trace, a test case per budget limit, a failure per
  /// broken limit, a skipped element per limit that could not be checked.
  public var junit: String {
    let traces = checks.reduce(into: [String]()) { if !$0.contains($1.trace) { $0.append($1.trace) } }
    let failed = failures.count
    let skipped = checks.filter { $0.outcome == .skipped }.count
    var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    lines.append(#"<testsuites name="scrolltrace gate" tests="\#(checks.count)" failures="\#(failed)" skipped="\#(skipped)">"#)
    for trace in traces {
      let mine = checks.filter { $0.trace == trace }
      lines.append(
        #"  <testsuite name="\#(Self.xml(trace))" tests="\#(mine.count)" failures="\#(mine.filter { $0.outcome == .failed }.count)" skipped="\#(mine.filter { $0.outcome == .skipped }.count)">"#)
      for check in mine {
        let name = Self.xml("\(check.metric) \(check.limitText)")
        let open = #"    <testcase classname="\#(Self.xml(trace))" name="\#(name)""#
        switch check.outcome {
        case .passed:
          lines.append(open + "/>")
        case .skipped:
          lines.append(open + ">")
          lines.append(#"      <skipped message="\#(Self.xml(check.note ?? ""))"/>"#)
          lines.append("    </testcase>")
        case .failed:
          let message =
            "\(check.metric) on \(check.trace): candidate \(TextFormat.number(check.candidate)) \(check.unit), baseline "
            + "\(TextFormat.number(check.baseline)), limit \(check.limitText) (\(check.location))"
            + (check.note.map { "; \($0)" } ?? "")
          lines.append(open + ">")
          lines.append(#"      <failure message="\#(Self.xml(message))" type="budget">\#(Self.xml(message))</failure>"#)
          lines.append("    </testcase>")
        }
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
