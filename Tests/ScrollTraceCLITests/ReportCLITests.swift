// `scrolltrace replay`'s report as a user reads it: the findings the seed articles predict,
// determinism, formats, golden reports and bad input.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct ReportCLITests {
  /// The JSON report of `trace` through `engine`.
  static func report(_ traces: [String], engine: String, extra: [String] = []) throws -> [String:
    Any]
  {
    let run = try CLI.run(["replay"] + traces + ["--engine", engine, "--format", "json"] + extra)
    #expect(run.status == 0, "\(engine): \(run.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  static func section(_ report: [String: Any], _ key: String, trace: Int = 0) throws -> [String:
    Any]
  {
    let traces = try #require(report["traces"] as? [[String: Any]])
    return try #require(traces[trace][key] as? [String: Any])
  }

  /// Vimeo's pager: keeping the offset through a rotation rests on the seam (paging@1); keeping
  /// the page does not (paging@2).
  @Test func pagerRotationGlitchesInVersionOneOnly() throws {
    let v1 = try Self.section(
      Self.report(["Traces/pager-rotation.sctrace"], engine: "paging@1"), "boundaryGlitches")
    let v2 = try Self.section(
      Self.report(["Traces/pager-rotation.sctrace"], engine: "paging@2"), "boundaryGlitches")
    #expect((v1["count"] as? Int ?? 0) >= 1)
    let glitch = try #require((v1["events"] as? [[String: Any]])?.first)
    #expect(glitch["items"] as? [[Int]] == [[0, 0], [0, 1]])  // two tabs shown, half and half
    #expect((glitch["misalignment_pt"] as? Double ?? 0) > 100)
    #expect(v2["count"] as? Int == 0)
    let seams1 = try #require(v1["transitionSeams"] as? [String: Any])
    #expect((seams1["count"] as? Int ?? 0) >= 1)
    let jumps1 = try Self.section(
      Self.report(["Traces/pager-rotation.sctrace"], engine: "paging@1"), "offsetJumps")
    let jumps2 = try Self.section(
      Self.report(["Traces/pager-rotation.sctrace"], engine: "paging@2"), "offsetJumps")
    #expect((jumps1["count"] as? Int ?? 0) >= 1)
    #expect((jumps1["worstAnchorDrift_pt"] as? Double ?? 0) > 100)
    #expect(jumps2["count"] as? Int == 0)
    #expect((jumps2["worstAnchorDrift_pt"] as? Double ?? 99) < 1)
  }

  /// CardScrollView's collapse-on-hide (docs/engines.md, cardfeed@1): when a long card that was never
  /// collapsed leaves the viewport at the bottom, it collapses to vh + 1 and the offset moves by
  /// the difference although the card is below — the view jumps.
  ///
  /// The sample peeks at the 1200 pt
  /// card 8 and falls back; 1200 − (844 + 1) = 355 pt. cardfeed@2 keeps heights and never jumps.
  @Test func cardfeedCollapseOnHideJumpsInVersionOneOnly() throws {
    let frames = try ReplayCLITests.timeline("Traces/cardfeed-mixed.sctrace", engine: "cardfeed@1")
    let peek = try #require(
      frames.first {
        ($0["markers"] as? [String])?.contains { $0.hasPrefix("peek at the long card below") }
          == true
      })
    let peekTime = try #require((peek["time_ns"] as? NSNumber)?.int64Value)
    let v1 = try Self.section(
      Self.report(["Traces/cardfeed-mixed.sctrace"], engine: "cardfeed@1"), "offsetJumps")
    let events = try #require(v1["events"] as? [[String: Any]])
    let collapse = try #require(events.first { $0["cause"] as? String == "engineLayout" })
    let time = try #require((collapse["time_ns"] as? NSNumber)?.int64Value)
    #expect(time > peekTime && time < peekTime + 1_500_000_000, "the jump follows the peek")
    #expect(abs((collapse["size_pt"] as? Double ?? 0) - 355) < 0.01)
    #expect((collapse["offsetChange_pt"] as? [Double])?.last == -355)
    let v2 = try Self.section(
      Self.report(["Traces/cardfeed-mixed.sctrace"], engine: "cardfeed@2"), "offsetJumps")
    #expect(v2["count"] as? Int == 0)
    let glitches2 = try Self.section(
      Self.report(["Traces/cardfeed-mixed.sctrace"], engine: "cardfeed@2"), "boundaryGlitches")
    #expect(glitches2["count"] as? Int == 0)
  }

  /// OLEContainerScrollView's point: a naive container materialises every row (400 + 150 rows
  /// and 2 plain views); nested@2 keeps the visible rows and a few.
  @Test func nestedPeakLiveViews() throws {
    let v1 = try Self.section(
      Self.report(["Traces/nested-container.sctrace"], engine: "nested@1"), "reuse")
    #expect(v1["peakLiveViews"] as? Int == 400 + 150 + 2)
    let frames = try ReplayCLITests.timeline("Traces/nested-container.sctrace", engine: "nested@2")
    let visible = frames.map { ($0["visible"] as? [Any])?.count ?? 0 }.max() ?? 0
    let v2 = try Self.section(
      Self.report(["Traces/nested-container.sctrace"], engine: "nested@2"), "reuse")
    let peak = try #require(v2["peakLiveViews"] as? Int)
    #expect(peak <= visible + 4, "peak \(peak), at most \(visible) visible")
  }

  /// The same traces and engine give the same report outside `host`, byte for byte.
  @Test(arguments: ReplayCLITests.engines)
  func reportIsIdenticalOutsideHost(_ engine: String) throws {
    let traces = ReplayCLITests.samples(for: engine)
    var texts: [String] = []
    for _ in 0..<2 {
      let run = try CLI.run(["replay"] + traces + ["--engine", engine, "--format", "json"])
      #expect(run.status == 0, "\(run.stderr)")
      let text = run.stdout
      let host = try #require(text.range(of: ",\"host\":"), "the host section is last")
      texts.append(String(text[..<host.lowerBound]))
    }
    #expect(texts[0] == texts[1])
  }

  /// Every engine's report on its samples equals its golden (without `host`); after a deliberate
  /// change, `scripts/make-golden-timelines` regenerates them.
  @Test(arguments: GoldenTimelineTests.pairs.map { String($0.dropLast(".jsonl.zst".count)) })
  func reportMatchesTheGolden(_ name: String) throws {
    let dot = try #require(name.firstIndex(of: "."))
    let trace = "Traces/\(name[..<dot]).sctrace"
    let engine = String(name[name.index(after: dot)...])
    let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let host = try #require(run.stdout.range(of: ",\"host\":"))
    let actual = String(run.stdout[..<host.lowerBound]) + "}\n"
    let expected = try String(
      contentsOf: GoldenTimelineTests.goldens.appendingPathComponent("\(name).report.json"),
      encoding: .utf8)
    #expect(
      actual == expected,
      "\(engine) on \(trace): the report differs from its golden; if intended, run scripts/make-golden-timelines"
    )
  }

  /// Frames at rest stepped one by one give the report that taking them in bulk gives: every
  /// analyzer, the smoothness figures' sequences included, sees a run as its frames.
  @Test(arguments: [
    "pager-rotation:paging@2", "cardfeed-mixed:cardfeed@1", "nested-container:nested@2",
  ])
  func steppingIdleFramesChangesNothing(_ pair: String) throws {
    let parts = pair.split(separator: ":").map(String.init)
    var reports: [String] = []
    for flags in [[String](), ["--step-idle-frames"]] {
      let run = try CLI.run(
        ["replay", "Traces/\(parts[0]).sctrace", "--engine", parts[1], "--format", "json"] + flags)
      #expect(run.status == 0, "\(run.stderr)")
      let host = try #require(run.stdout.range(of: ",\"host\":"))
      reports.append(String(run.stdout[..<host.lowerBound]))
    }
    #expect(reports[0].contains("\"jerk\":{\"samples\":"))
    #expect(reports[0] == reports[1])
  }

  /// Several traces: one section each, and a total that adds them up.
  @Test func severalTracesGiveSectionsAndATotal() throws {
    let traces = ReplayCLITests.traces
    let report = try Self.report(traces, engine: "plain")
    let sections = try #require(report["traces"] as? [[String: Any]])
    #expect(sections.map { ($0["trace"] as? [String: Any])?["path"] as? String } == traces)
    let total = try #require((report["total"] as? [String: Any])?["metrics"] as? [String: Any])
    let frames = sections.compactMap { ($0["metrics"] as? [String: Any])?["frames"] as? Int }
      .reduce(0, +)
    #expect(total["frames"] as? Int == frames)
    #expect((report["host"] as? [String: Any])?["traces"] as? [Any] != nil)
    for section in sections {
      let hash = try #require((section["trace"] as? [String: Any])?["contentHash"] as? String)
      #expect(hash.hasPrefix("fnv1a64:") && hash.count == 24)
    }
  }

  /// The table fits 100 columns; markdown has its summary table; -o writes the file whole.
  @Test(arguments: ReplayCLITests.engines)
  func formatsReadWell(_ engine: String) throws {
    let traces = ReplayCLITests.samples(for: engine)
    let table = try CLI.run(["replay"] + traces + ["--engine", engine])
    #expect(table.status == 0)
    for line in table.stdout.split(separator: "\n") {
      #expect(line.count <= 100, "\(engine): \(line.count) columns: \(line)")
    }
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("report.md").path
    let markdown = try CLI.run(
      ["replay"] + traces + ["--engine", engine, "--format", "markdown", "-o", path])
    #expect(markdown.status == 0 && markdown.stdout.isEmpty)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("### scrolltrace · `\(engine)`"))
    #expect(text.contains("| trace | frames | est. frame p99 |"))
    #expect(text.components(separatedBy: "<details>").count == traces.count + 1)
  }

  /// A missing trace after a good one: exit 2 naming the file, and no report file left behind.
  @Test func missingTraceLeavesNoReport() throws {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("report.json").path
    let run = try CLI.run([
      "replay", "--engine", "plain", "Traces/pager-rotation.sctrace", "Traces/missing.sctrace",
      "--format", "json", "-o",
      path,
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("Traces/missing.sctrace"))
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(
      (try FileManager.default.contentsOfDirectory(atPath: directory.path)).isEmpty,
      "no temporary file either")
  }

  /// A cost model changes the estimates; a malformed one exits 2 naming the key.
  @Test func costModelFileIsReadAndChecked() throws {
    let directory = try CLI.temporaryDirectory()
    let model = directory.appendingPathComponent("cost.json")
    try Data(#"{"viewCreated_us": 20000}"#.utf8).write(to: model)
    let report = try Self.report(
      ["Traces/nested-container.sctrace"], engine: "nested@1", extra: ["--cost-model", model.path])
    let cost = try Self.section(report, "frameCost")
    #expect((cost["framesOverBudget"] as? Int ?? 0) >= 1)
    let settings = try #require(
      (report["settings"] as? [String: Any])?["costModel"] as? [String: Double])
    #expect(settings["viewCreated_us"] == 20000)
    for (text, key) in [
      (#"{"viewCreated_us": "fast"}"#, "viewCreated_us"),
      (#"{"viewsCreated_us": 1}"#, "viewsCreated_us"), (#"{"frame_us": -1}"#, "frame_us"),
    ] {
      try Data(text.utf8).write(to: model)
      let run = try CLI.run([
        "replay", "Traces/nested-container.sctrace", "--engine", "nested@1", "--cost-model",
        model.path,
      ])
      #expect(run.status == 2)
      #expect(run.stderr.contains(model.path) && run.stderr.contains("'\(key)'"), "\(run.stderr)")
    }
  }
}

extension ReportCLITests {
  /// Progress is drawn on standard error only when it is a terminal: nothing in a pipe or a CI log;
  /// a bar, erased at the end, under a pseudo-terminal (`script` from util-linux).
  @Test func progressOnlyOnATerminal() throws {
    let piped = try CLI.run(["replay", "Traces/nested-container.sctrace", "--engine", "nested@2"])
    #expect(piped.status == 0)
    #expect(piped.stderr.isEmpty)
    let directory = try CLI.temporaryDirectory()
    let report = directory.appendingPathComponent("r.txt").path
    guard TerminalMannersTests.script != nil else {
      Issue.record("`script` is needed to give the binary a terminal")
      return
    }
    let terminal = try TerminalMannersTests.onTerminal([
      "replay", "Traces/nested-container.sctrace", "--engine", "nested@2", "-o", report,
    ])
    #expect(terminal.contains("trace 1/1 · Traces/nested-container.sctrace"), "\(terminal)")
    #expect(terminal.hasSuffix("\r\u{1B}[2K"), "the bar is erased at the end")
    #expect(
      try String(contentsOfFile: report, encoding: .utf8).hasPrefix("scrolltrace replay — nested@2")
    )
  }
}
