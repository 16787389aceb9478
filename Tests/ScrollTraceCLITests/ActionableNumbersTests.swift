// The numbers a user acts on, as a user runs the tool: first layouts are not hitches, stock
// scenes are named, reports are matched by content, verdicts have a direction, and the README's
// quick-start claims are what the tool prints.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct ActionableNumbersTests {
  static let real = [
    "atmel-1-finger-drag-up-down", "ep0430m09-2-finger-scroll-down", "phone-single-drag",
    "phone-two-finger-drag",
    "tablet-single-drag", "wacom-single-center-scroll",
  ].map { "Traces/real/\($0).sctrace" }

  /// Every real recording replayed on nested@2 used to rate 40 ms/s ("critical") for its first
  /// layout.
  ///
  /// That layout is its own figure now, and the report says the stock scene was used.
  @Test func aFirstLayoutIsNotAHitch() throws {
    let report = try ReportCLITests.report(Self.real, engine: "nested@2")
    let traces = try #require(report["traces"] as? [[String: Any]])
    #expect(traces.count == Self.real.count)
    for trace in traces {
      let metrics = try #require(trace["metrics"] as? [String: Any])
      #expect(metrics["frameCost.hitchTimeRatio"] as? Double == 0)
      #expect(metrics["frameCost.hitches"] as? Double == 0)
      #expect((metrics["frameCost.firstLayout.viewsCreated"] as? Double ?? 0) > 0)
      // The most expensive frame of the replay, and yet not a hitch.
      #expect(
        (metrics["frameCost.firstLayout.estimatedTime"] as? Double ?? 0)
          > (metrics["frameCost.estimatedFrameTime.max"] as? Double ?? 99))
      let first = try #require(
        (trace["frameCost"] as? [String: Any])?["firstLayout"] as? [String: Any])
      #expect(first["stockScenes"] as? Int == 1)
    }
    let table = try CLI.run(["replay", Self.real[0], "--engine", "nested@2"])
    #expect(
      table.stdout.contains("first layout")
        && table.stdout.contains("the engine's stock scene: the trace has none"))
    let markdown = try CLI.run([
      "replay", Self.real[0], "--engine", "nested@2", "--format", "markdown",
    ])
    #expect(markdown.stdout.contains("**Stock scene:**"))
    let html = try CLI.run(["replay", Self.real[0], "--engine", "nested@2", "--format", "html"])
    #expect(
      html.stdout.contains("<blockquote><strong>Stock scene:</strong>"),
      "\(html.stdout.prefix(300))")
    // A trace with its own scene says nothing of the kind.
    let sample = try CLI.run([
      "replay", "Traces/nested-container.sctrace", "--engine", "nested@2", "--format", "markdown",
    ])
    #expect(!sample.stdout.contains("Stock scene"))
  }

  /// `./Traces/x` and `Traces/x` are one trace; two reports that share none are an input error;
  /// a changed cost model is a warning, and --strict fails on it.
  @Test func savedReportsAreMatchedByContent() throws {
    let directory = try CLI.temporaryDirectory()
    let a = directory.appendingPathComponent("a.json").path
    let b = directory.appendingPathComponent("b.json").path
    let other = directory.appendingPathComponent("other.json").path
    let costly = directory.appendingPathComponent("costly.json").path
    let model = directory.appendingPathComponent("model.json")
    try Data(#"{"viewCreated_us": 3000}"#.utf8).write(to: model)
    #expect(
      try CLI.run([
        "replay", "./Traces/pager-rotation.sctrace", "--engine", "paging@1", "--format", "json",
        "-o", a,
      ]).status == 0)
    #expect(
      try CLI.run([
        "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@2", "--format", "json", "-o",
        b,
      ]).status == 0)
    #expect(
      try CLI.run([
        "replay", "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@2", "--format", "json",
        "-o", other,
      ]).status == 0)
    #expect(
      try CLI.run([
        "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@1", "--format", "json",
        "--cost-model", model.path, "-o", costly,
      ]).status == 0)

    let matched = try CLI.run(["diff", a, b, "--format", "json"])
    #expect(matched.status == 0, "\(matched.stderr)")
    let diff = try #require(
      try JSONSerialization.jsonObject(with: Data(matched.stdout.utf8)) as? [String: Any])
    let matches = try #require(diff["matches"] as? [[String: Any]])
    #expect(matches.count == 1 && matches.first?["by"] as? String == "content")
    #expect((diff["warnings"] as? [String])?.isEmpty == true)
    #expect(matched.stderr.isEmpty)

    let disjoint = try CLI.run(["diff", a, other])
    #expect(disjoint.status == 2)
    #expect(disjoint.stderr.contains("share no trace"))
    #expect(disjoint.stdout.isEmpty)
    let gate = directory.appendingPathComponent("budget.json")
    try Data(#"{"budgets":[{"metric":"offsetJumps.count","max":0}]}"#.utf8).write(to: gate)
    #expect(try CLI.run(["gate", "--budget", gate.path, a, other]).status == 2)

    let warned = try CLI.run(["diff", a, costly])
    #expect(warned.status == 0)
    #expect(warned.stderr.contains("warning: settings differ: costModel"))
    #expect(try CLI.run(["diff", a, costly, "--strict"]).status == 1)
    // paging@1 jumps
    #expect(try CLI.run(["gate", "--budget", gate.path, costly, costly, "--strict"]).status == 1)
    let strictGate = try CLI.run(["gate", "--budget", gate.path, b, b, "--strict"])
    #expect(strictGate.status == 0, "\(strictGate.stdout)")
    // A relative limit and one report: nothing to compare with fails the gate...
    let relative = directory.appendingPathComponent("relative.json")
    try Data(#"{"budgets":[{"metric":"work.viewsCreated","maxIncrease":5}]}"#.utf8).write(
      to: relative)
    let alone = try CLI.run(["gate", "--budget", relative.path, b])
    #expect(alone.status == 1)
    #expect(alone.stdout.contains("no baseline to compare with"))
    // ... unless the budget marks the limit optional: skipped, and --strict fails skipped checks.
    let skipped = directory.appendingPathComponent("optional.json")
    try Data(#"{"budgets":[{"metric":"work.viewsCreated","maxIncrease":5,"optional":true}]}"#.utf8)
      .write(to: skipped)
    #expect(try CLI.run(["gate", "--budget", skipped.path, b]).status == 0)
    let strictSkipped = try CLI.run(["gate", "--budget", skipped.path, b, "--strict"])
    #expect(strictSkipped.status == 1)
    #expect(
      strictSkipped.stdout.contains("strict: skipped, no baseline to compare with (optional)"))
  }

  /// The fix is not "3 regressed": frames are informational, and the seven extra layout passes
  /// come from the 14 extra frames it replays (work is judged per frame), so nothing regresses;
  /// the jumps and glitches it removed are named as left out of the geometric mean.
  @Test func theFixIsNotARegression() throws {
    let run = try CLI.run([
      "diff", "--baseline", "paging@1", "--candidate", "paging@2", "Traces/pager-rotation.sctrace",
      "--no-timings",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains("frames") && run.stdout.contains("changed"))
    let summary = try #require(run.stdout.split(separator: "\n").last { $0.contains("regressed,") })
    #expect(summary == "0 regressed, 7 improved")
    #expect(
      run.stdout.split(separator: "\n").contains {
        $0.contains("work.layoutPasses") && $0.contains("within tolerance (per frame)")
      })
    #expect(
      run.stdout.contains("boundaryGlitches.count")
        && run.stdout.contains("1 left out (a side is 0)"))
  }

  /// The nested sample hides the last child and scrolls into the inset list, where nested@3's
  /// fixes are: the two versions' timelines and reports differ.
  @Test func nestedFixesAreVisibleOnTheSample() throws {
    let run = try CLI.run([
      "diff", "--baseline", "nested@2", "--candidate", "nested@3",
      "Traces/nested-container.sctrace", "--no-timings", "--format", "json",
    ])
    #expect(run.status == 0)
    let diff = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let rows = try #require(diff["rows"] as? [[String: Any]])
    let moved = rows.filter {
      $0["verdict"] as? String != "unchanged"
        && ($0["metric"] as? String)?.hasPrefix("host.") == false
    }
    #expect(!moved.isEmpty)
    let v2 = try ReplayCLITests.timeline("Traces/nested-container.sctrace", engine: "nested@2")
    let v3 = try ReplayCLITests.timeline("Traces/nested-container.sctrace", engine: "nested@3")
    #expect(v2.count == v3.count)
    func marked(_ text: String) throws -> Int {
      try #require(
        v2.firstIndex { ($0["markers"] as? [String])?.contains { $0.contains(text) } == true })
    }
    func height(_ frame: [String: Any]) -> Double { (frame["contentSize"] as? [Double])?.last ?? 0 }
    // Quirk 2: after the footer is hidden, nested@2 keeps one trailing spacing (8 pt) to the end.
    let footer = try marked("hide the footer")
    #expect(height(v2[footer - 1]) == height(v3[footer - 1]))
    #expect(zip(v2[footer...], v3[footer...]).allSatisfy { height($0) - height($1) == 8 })
    // Quirk 1: in the inset list the rows sit elsewhere.
    let inset = try marked("into the inset list")
    #expect(
      zip(v2[inset...], v3[inset...]).contains {
        ($0["visible"] as? [[Double]]) != ($1["visible"] as? [[Double]])
      })
  }

  /// The model's alternatives are named parameters a user can pick and a report records.
  @Test func modelAlternativesAreNamedOptions() throws {
    let report = try ReportCLITests.report(
      ["Traces/cardfeed-mixed.sctrace"], engine: "cardfeed@2",
      extra: ["--deceleration-model", "discrete", "--spring-stop", "durationBound"])
    let settings = try #require(report["settings"] as? [String: Any])
    #expect(
      settings["model"] as? [String: String] == [
        "decelerationModel": "discrete", "springStop": "durationBound",
      ])
    let bad = try CLI.run([
      "replay", "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@2", "--spring-stop", "never",
    ])
    #expect(bad.status == 2 && bad.stderr.contains("expected one of tolerance, durationBound"))
  }

  /// Small output defects: `info` rounds sizes and names an unknown touch rate; the Chrome export
  /// rounds lengths; frame 0 is late by the same rule as every other frame.
  @Test func outputIsRounded() throws {
    let directory = try CLI.temporaryDirectory()
    let script = directory.appendingPathComponent("s.json")
    try Data(
      #"{"device":{"name":"odd","screen":[320,533.3333333333334],"scale":2,"refreshRate":60},"scene":{"list":[{"length":44,"repeat":30}]},"steps":[{"wait":0.1}]}"#
        .utf8
    ).write(to: script)
    let trace = directory.appendingPathComponent("odd.sctrace").path
    let synth = try CLI.run(["synth", script.path, "-o", trace])
    #expect(synth.status == 0, "\(synth.stderr)")
    let info = try CLI.run(["info", trace])
    #expect(info.stdout.contains("320×533.33 pt"), "\(info.stdout)")
    let imported = try CLI.run(["info", "Traces/real/phone-single-drag.sctrace"])
    #expect(!imported.stdout.contains(" 0 Hz touch"))

    let chrome = directory.appendingPathComponent("c.json").path
    #expect(
      try CLI.run([
        "export", "--chrome", chrome, "Traces/pager-rotation.sctrace", "--engine", "paging@1",
      ]).status == 0)
    let text = try String(contentsOfFile: chrome, encoding: .utf8)
    let long = try NSRegularExpression(pattern: #"_pt":\[?-?[0-9]+\.[0-9]{5,}"#)
    #expect(long.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil)
    let lates = try NSRegularExpression(pattern: #""late_us":([0-9.]+)"#)
      .matches(in: text, range: NSRange(text.startIndex..., in: text))
      .compactMap { Range($0.range(at: 1), in: text).flatMap { Double(text[$0]) } }
    // The sample's frames all fit their 8.33 ms budget (the first layout, 7.5 ms, too): none is
    // late, frame 0 included, whatever the slices' drawing.
    #expect(!lates.isEmpty && lates.allSatisfy { $0 == 0 }, "\(lates.prefix(3))")
  }
}

extension ActionableNumbersTests {
  /// The README's quick-start paragraph states figures; they are the tool's own.
  @Test func readmeQuickStartClaimsMatchTheReport() throws {
    let readme = try String(contentsOfFile: "README.md", encoding: .utf8)
    let trace = ["Traces/pager-rotation.sctrace"]
    let v1 = try ReportCLITests.report(trace, engine: "paging@1")
    let v2 = try ReportCLITests.report(trace, engine: "paging@2")
    let glitches1 = try ReportCLITests.section(v1, "boundaryGlitches")
    let jumps1 = try ReportCLITests.section(v1, "offsetJumps")
    #expect(glitches1["count"] as? Int == 1)
    #expect(((glitches1["transitionSeams"] as? [String: Any])?["count"] as? Int ?? 0) >= 1)
    let drift = try #require(jumps1["worstAnchorDrift_pt"] as? Double)
    #expect(readme.contains("the content under the centre drifts by \(Int(drift.rounded())) pt"))
    let glitches2 = try ReportCLITests.section(v2, "boundaryGlitches")
    let jumps2 = try ReportCLITests.section(v2, "offsetJumps")
    #expect(glitches2["count"] as? Int == 0)
    #expect(jumps2["count"] as? Int == 0)
    #expect((jumps2["worstAnchorDrift_pt"] as? Double ?? 99) < 1)
    #expect(readme.contains("no boundary glitch, no\noffset jump, under 1 pt of drift"))
    let seams2 = try #require(glitches2["transitionSeams"] as? [String: Any])
    #expect(seams2["count"] as? Int == 1)
    let seam = try #require(seams2["worstMisalignment_pt"] as? Double)
    #expect(readme.contains("Its one transition seam, \(String(format: "%.2f", seam)) pt"))
  }
}
