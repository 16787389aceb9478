// scrolltrace — a diff lists rows with nothing on either side as one line per group.

import Analyze
import Presentation
import Testing

/// A trace without device frames has no `measured.*` figure on either side: its eleven rows say
/// nothing, and the table and the markdown list them as one line, as they do the content-shift and
/// fidelity groups of an engine without identities or a trace without observed offsets.
@Suite struct DiffCollapsedRowsTests {
  static func side(_ label: String, _ values: [String: Double]) -> RunMetrics {
    RunMetrics(
      label: label,
      traces: [TraceMetrics(path: "feed.sctrace", contentHash: "h", values: values, host: [:])])
  }

  static let diff = ReportDiff(
    baseline: side("v1", ["frames": 100, "work.viewsCreated": 8, "measured.frames": 40]),
    candidate: side("v2", ["frames": 100, "work.viewsCreated": 3]))

  @Test func rowsWithNoValueOnEitherSideAreOneLinePerGroup() throws {
    let fidelity = Self.diff.rows.filter { $0.metric.hasPrefix("fidelity.") }
    #expect(
      fidelity.count >= 2 && fidelity.allSatisfy { $0.baseline == nil && $0.candidate == nil })
    let markdown = Self.diff.markdown
    #expect(
      markdown.contains(
        "| `fidelity.*` (\(fidelity.count) metrics) | – | – | – | nothing on either side |"))
    #expect(!markdown.contains("`fidelity.frames`"))
    let table = Self.diff.table
    #expect(table.contains("fidelity.* (\(fidelity.count) metrics)"))
    #expect(!table.contains("fidelity.frames"))
  }

  /// A row with a value on one side is a row of its own: `measured.frames` (40 → none) stays, and
  /// splits the `measured` rows around it into lines of their own.
  @Test func aRowWithAValueOnOneSideStays() throws {
    let markdown = Self.diff.markdown
    #expect(markdown.contains("| `measured.frames` (count) | 40 |"))
    let measured = Self.diff.rows.filter { $0.metric.hasPrefix("measured.") }
    let empty = measured.filter { $0.baseline == nil && $0.candidate == nil }
    #expect(empty.count == measured.count - 1)
    #expect(markdown.contains("| `measured.*` (\(empty.count) metrics) |"))
    #expect(Self.diff.table.contains("measured.frames"))
  }
}

/// A trace's name reaches the terminal table as text: a file named with an escape sequence and a
/// line break is shown with their escapes, never as a colour change or a second line.
@Suite struct TerminalNamesTests {
  @Test func aNameWithControlCharactersIsShownAsText() {
    let name = "evil\u{1B}[31mred\nline.sctrace"
    let diff = ReportDiff(
      baseline: RunMetrics(
        label: "v1",
        traces: [TraceMetrics(path: name, contentHash: "h", values: ["frames": 1], host: [:])]),
      candidate: RunMetrics(
        label: "v2",
        traces: [TraceMetrics(path: name, contentHash: "h", values: ["frames": 2], host: [:])]))
    let table = diff.table
    #expect(!table.unicodeScalars.contains("\u{1B}"))
    #expect(table.contains(#"evil\u{1B}[31mred\nline.sctrace"#))
  }
}
