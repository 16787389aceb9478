// Small manners a demanding user noticed, each checked as the user met it.

import Foundation
import TestSupport
import Testing

@Suite struct MannersTests {
  static let pager = "Traces/pager-rotation.sctrace"

  /// `info`, `dump` and `convert` read traces; they do not replay, so the replay's limits are
  /// unknown options there, not silently ignored ones.
  @Test func replayOptionsBelongToTheVerbsThatReplay() throws {
    for verb in ["info", "dump", "convert"] {
      for option in [["--max-frames", "5"], ["--max-items", "5"], ["--step-idle-frames"]] {
        let run = try CLI.run([verb, Self.pager] + option + ["-o", "/dev/null"])
        #expect(run.status == 2, "\(verb) \(option)")
        #expect(run.stderr.contains("unknown option"), "\(verb) \(option): \(run.stderr)")
      }
    }
  }

  /// `--no-timings` compares no host timing: no host row, nothing in the geometric mean.
  @Test func noTimingsMeansNoHostRows() throws {
    let run = try CLI.run([
      "diff", "--baseline", "paging@1", "--candidate", "paging@2", Self.pager, "--no-timings",
      "--format", "json",
    ])
    #expect(run.status == 0)
    #expect(!run.stdout.contains("host."), "\(run.stdout.prefix(400))")
    let table = try CLI.run([
      "diff", "--baseline", "paging@1", "--candidate", "paging@2", Self.pager, "--no-timings",
    ])
    #expect(!table.stdout.contains("host.frameWork") && table.stdout.contains("not compared"))
  }

  /// `-o report.json` writes JSON, `-o diff.md` markdown: the extension says the format when
  /// `--format` does not.
  @Test func theOutputsExtensionChoosesTheFormat() throws {
    let directory = try CLI.temporaryDirectory()
    let json = directory.appendingPathComponent("r.json").path
    #expect(try CLI.run(["replay", Self.pager, "--engine", "plain", "-o", json]).status == 0)
    #expect(try String(contentsOfFile: json, encoding: .utf8).hasPrefix("{\"schema\""))
    let markdown = directory.appendingPathComponent("d.md").path
    #expect(
      try CLI.run([
        "diff", "--baseline", "plain", "--candidate", "plain", Self.pager, "--no-timings", "-o",
        markdown,
      ]).status == 0)
    #expect(try String(contentsOfFile: markdown, encoding: .utf8).hasPrefix("### scrolltrace diff"))
    // An explicit --format wins over the extension.
    let table = directory.appendingPathComponent("t.json").path
    #expect(
      try CLI.run(["replay", Self.pager, "--engine", "plain", "--format", "table", "-o", table])
        .status == 0)
    #expect(try String(contentsOfFile: table, encoding: .utf8).hasPrefix("scrolltrace replay"))
  }

  /// Every diagnostic carries the tool's prefix, and a trace both sides skip is noted once.
  @Test func diagnosticsArePrefixedAndNotRepeated() throws {
    let directory = try CLI.temporaryDirectory()
    let model = directory.appendingPathComponent("model.json")
    try Data(#"{"viewCreated_us": 3000}"#.utf8).write(to: model)
    let a = directory.appendingPathComponent("a.json").path
    let b = directory.appendingPathComponent("b.json").path
    #expect(
      try CLI.run(["replay", Self.pager, "--engine", "paging@1", "-o", a]).status == 0)
    #expect(
      try CLI.run([
        "replay", Self.pager, "--engine", "paging@1", "--cost-model", model.path, "-o", b,
      ]).status == 0)
    let warned = try CLI.run(["diff", a, b])
    #expect(warned.stderr.hasPrefix("scrolltrace: warning: settings differ: costModel"))
    let gate = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "cardfeed@1", "--candidate",
      "cardfeed@2", "Traces", "--repeat", "1",
    ])
    let notes = gate.stderr.split(separator: "\n").filter { $0.contains("skipped") }
    #expect(notes.count == 2, "\(gate.stderr)")  // the pager and the container, once each
    #expect(notes.allSatisfy { $0.hasPrefix("scrolltrace: note: skipped Traces/") })
    #expect(notes.allSatisfy { $0.contains(" on both sides: cardfeed@1 lays out list scenes") })
  }

  /// The HTML pages: a bar's count is never drawn inside its bar in the bar's colour, the diff's
  /// changes are a table per trace, and a change never wraps inside its cell.
  @Test func htmlPagesReadWell() throws {
    let directory = try CLI.temporaryDirectory()
    let report = directory.appendingPathComponent("r.html").path
    #expect(try CLI.run(["replay", Self.pager, "--engine", "paging@1", "-o", report]).status == 0)
    let page = try String(contentsOfFile: report, encoding: .utf8)
    // The tallest bar of the histogram reaches the top: its count is white inside it or beside it.
    #expect(page.contains("fill=\"#fff\">") || page.contains("text-anchor=\"start\">"))
    let diff = directory.appendingPathComponent("d.html").path
    #expect(
      try CLI.run([
        "diff", "--baseline", "paging@1", "--candidate", "paging@2", Self.pager, "--no-timings",
        "-o", diff,
      ]).status == 0)
    let diffPage = try String(contentsOfFile: diff, encoding: .utf8)
    #expect(diffPage.contains("td+td{white-space:nowrap}"))
    #expect(!diffPage.contains("<th>trace</th>"))
  }

  /// The nested container's two plain views are views created, not dequeues: the reuse line and
  /// the cell lifecycle agree, and the pool's peak says it is read at frame end.
  @Test func reuseFiguresAgree() throws {
    let run = try CLI.run(["replay", "Traces/nested-container.sctrace", "--engine", "nested@1"])
    #expect(run.stdout.contains("reused 950 · created 550 (hit 63.3 %)"), "\(run.stdout)")
    #expect(run.stdout.contains("cells         created 550"))
    #expect(run.stdout.contains("peak pool 150 (at frame end)"))
    #expect(run.stdout.contains("work          layout 1187 · created 552"))
  }

  /// A single run's host figures are not a cold start's, and the report says what they rest on.
  @Test func hostFiguresSayWhatTheyRestOn() throws {
    let run = try CLI.run([
      "replay", Self.pager, "--engine", "paging@2", "--format", "json",
    ])
    #expect(run.stdout.contains(#""runs":1,"warmUp":true"#))
    let table = try CLI.run(["replay", Self.pager, "--engine", "paging@2"])
    #expect(table.stdout.contains("one run after a warm-up"))
  }
}
