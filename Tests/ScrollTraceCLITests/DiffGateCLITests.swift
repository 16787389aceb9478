// `scrolltrace diff` and `scrolltrace gate` as a CI job runs them: verdicts, exit codes, no flakes.

import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite(.serialized) struct DiffGateCLITests {
  static let feed = "Traces/cardfeed-mixed.sctrace"

  static func rows(_ json: String) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require(object["rows"] as? [[String: Any]])
  }

  /// The seed article's promise, measured: the fixed feed creates fewer views and never jumps.
  @Test func cardfeedVersionTwoAgainstOne() throws {
    let run = try CLI.run([
      "diff", "--baseline", "cardfeed@1", "--candidate", "cardfeed@2", Self.feed, "--format",
      "json", "--no-timings",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try Self.rows(run.stdout)
    func row(_ metric: String) throws -> [String: Any] {
      try #require(rows.first { $0["metric"] as? String == metric })
    }
    #expect(try row("work.viewsCreated")["verdict"] as? String == "improved")
    #expect(
      (try row("work.viewsCreated")["candidate"] as? Double ?? 99)
        < (try row("work.viewsCreated")["baseline"] as? Double ?? 0))
    #expect(try row("offsetJumps.count")["verdict"] as? String == "improved")
    #expect(try row("offsetJumps.count")["candidate"] as? Double == 0)
    #expect(try row("boundaryGlitches.count")["candidate"] as? Double == 0)
    #expect(try row("frames")["verdict"] as? String == "unchanged")
    let table = try CLI.run([
      "diff", "--baseline", "cardfeed@1", "--candidate", "cardfeed@2", Self.feed, "--no-timings",
    ])
    #expect(table.stdout.contains("work.viewsCreated"))
    for line in table.stdout.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
  }

  /// Identical inputs measured back to back, twenty times, with timings: a host timing is called
  /// changed only when two measurements in a row say so (significant at α, beyond the noise floor,
  /// and confirmed by a re-measure), so a false change needs two false positives in a row: at most
  /// α² = 0.25 % of diffs at α = 0.05, or about 1 in 400.
  ///
  /// The test allows one false change in 20
  /// diffs, which that rate exceeds with probability 0.1 % (the binomial tail): it does not flake.
  /// Deterministic metrics never change. A budget on host timings holds as often.
  @Test func identicalInputsNeverRegress() throws {
    let directory = try CLI.temporaryDirectory()
    let budget = directory.appendingPathComponent("budget.json")
    try Data(
      #"{"budgets":[{"metric":"host.frameWork.p50","maxIncrease":5},{"metric":"host.wallTime","maxIncrease":5},{"metric":"work.viewsCreated","maxIncrease":0}]}"#
        .utf8
    )
    .write(to: budget)
    var falseChanges: [String] = []
    var failedGates: [String] = []
    for attempt in 0..<20 {
      let diff = try CLI.run([
        "diff", "--baseline", "cardfeed@2", "--candidate", "cardfeed@2", Self.feed, "--format",
        "json",
      ])
      #expect(diff.status == 0, "\(diff.stderr)")
      let rows = try Self.rows(diff.stdout)
      let changed = rows.filter {
        ["improved", "regressed", "changed"].contains($0["verdict"] as? String)
      }
      #expect(changed.allSatisfy { ($0["metric"] as? String ?? "").hasPrefix("host.") })
      if !changed.isEmpty { falseChanges.append("attempt \(attempt): \(changed)") }
      #expect(
        rows.contains { ($0["test"] as? [String: Any])?["baselineRepetitions"] as? Int == 9 })
      let gate = try CLI.run([
        "gate", "--budget", budget.path, "--baseline", "cardfeed@2", "--candidate", "cardfeed@2",
        Self.feed,
      ])
      if gate.status != 0 { failedGates.append("attempt \(attempt): \(gate.stdout)") }
    }
    #expect(falseChanges.count <= 1, "\(falseChanges)")
    #expect(failedGates.count <= 1, "\(failedGates)")
  }

  /// An injected regression — a view created every frame — fails the gate, naming metric and trace,
  /// in the terminal and in JUnit; the markdown summary is written too.
  @Test func injectedRegressionFailsTheGate() throws {
    let directory = try CLI.temporaryDirectory()
    let junit = directory.appendingPathComponent("gate.xml").path
    let markdown = directory.appendingPathComponent("gate.md").path
    let run = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "cardfeed@2", "--candidate",
      "cardfeed@2+viewPerFrame", Self.feed,
      "--junit", junit, "--markdown", markdown,
    ])
    #expect(run.status == 1)
    #expect(run.stdout.contains("✗ work.viewsCreated on \(Self.feed)"))
    #expect(run.stdout.contains("limit ≤ +5 %"))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"<testsuite name="\#(Self.feed)""#))
    #expect(xml.contains(#"<failure message="work.viewsCreated on \#(Self.feed)"#))
    let document = try XMLDocument(xmlString: xml)
    #expect(try document.nodes(forXPath: "//testcase").count == 7)
    #expect(try document.nodes(forXPath: "//failure").count >= 2)
    #expect(
      try String(contentsOfFile: markdown, encoding: .utf8).contains("scrolltrace gate: **failed**")
    )
    // The same budget holds for the v2 engines against v1, as .ci/run checks.
    let pass = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "cardfeed@1", "--candidate",
      "cardfeed@2", Self.feed,
    ])
    #expect(pass.status == 0, "\(pass.stdout)")
  }

  /// Malformed budgets exit 2 naming the key; a missing trace exits 2 naming the file.
  @Test func badInputExitsTwo() throws {
    let directory = try CLI.temporaryDirectory()
    let budget = directory.appendingPathComponent("budget.json")
    let cases: [(String, String)] = [
      (#"{"budgets":[{"metric":"offsetJumps.count","max":"zero"}]}"#, "budgets[0].max"),
      (#"{"budgets":[{"metric":"offsetJumps.cuont","max":0}]}"#, "budgets[0].metric"),
      (#"{"budgets":[{"metric":"offsetJumps.count","maximum":0}]}"#, "budgets[0].maximum"),
      (#"{"budgets":[{"metric":"offsetJumps.count","maxIncrease":-3}]}"#, "budgets[0].maxIncrease"),
      (#"{"budgets":[{"metric":"offsetJumps.count"}]}"#, "budgets[0]"),
      (#"{"limits":[]}"#, "limits"),
    ]
    for (text, key) in cases {
      try Data(text.utf8).write(to: budget)
      let run = try CLI.run([
        "gate", "--budget", budget.path, "--candidate", "cardfeed@2", Self.feed,
      ])
      #expect(run.status == 2, "\(text)")
      #expect(
        run.stderr.contains(budget.path) && run.stderr.contains("'\(key)'"),
        "\(text): \(run.stderr)")
    }
    try Data(#"{"budgets":[{"metric":"offsetJumps.count","max":0}]}"#.utf8).write(to: budget)
    let missing = try CLI.run([
      "gate", "--budget", budget.path, "--baseline", "cardfeed@1", "--candidate", "cardfeed@2",
      "Traces/nope.sctrace",
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("Traces/nope.sctrace"))
    let noBudget = try CLI.run([
      "gate", "--budget", directory.appendingPathComponent("none.json").path, "--candidate",
      "cardfeed@2", Self.feed,
    ])
    #expect(noBudget.status == 2 && noBudget.stderr.contains("none.json"))
  }

  /// Saved reports compare too; a relative limit without a baseline is skipped, not failed.
  @Test func savedReports() throws {
    let directory = try CLI.temporaryDirectory()
    let base = directory.appendingPathComponent("base.json").path
    let head = directory.appendingPathComponent("head.json").path
    #expect(
      try CLI.run(["replay", Self.feed, "--engine", "cardfeed@1", "--format", "json", "-o", base])
        .status == 0)
    #expect(
      try CLI.run(["replay", Self.feed, "--engine", "cardfeed@2", "--format", "json", "-o", head])
        .status == 0)
    let diff = try CLI.run(["diff", base, head, "--format", "markdown"])
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(diff.stdout.contains("`work.viewsCreated`"))
    #expect(diff.stdout.contains("not tested (one run)"))
    let budget = directory.appendingPathComponent("budget.json")
    try Data(
      #"{"budgets":[{"metric":"offsetJumps.count","max":0},{"metric":"work.viewsCreated","maxIncrease":5}]}"#
        .utf8
    ).write(to: budget)
    let both = try CLI.run(["gate", "--budget", budget.path, base, head])
    #expect(both.status == 0, "\(both.stdout)")
    let one = try CLI.run(["gate", "--budget", budget.path, base])
    #expect(one.status == 1)  // cardfeed@1 jumps, and the relative limit has nothing to compare
    #expect(one.stdout.contains("offsetJumps.count") && one.stdout.contains("2 budgets broken"))
    // A report of schema 1 (before the measured side judged the device's frames at the model's
    // first layouts) still reads; one newer than the tool is refused by name.
    let text = try String(contentsOfFile: base, encoding: .utf8)
    #expect(text.contains(#""schemaVersion":2,"#))
    for (version, status) in [(1, Int32(0)), (3, 2)] {
      try Data(
        text.replacingOccurrences(of: #""schemaVersion":2,"#, with: "\"schemaVersion\":\(version),")
          .utf8
      )
      .write(to: URL(fileURLWithPath: base))
      let older = try CLI.run(["diff", base, head])
      #expect(older.status == status, "\(older.stderr)")
      if status == 2 {
        #expect(older.stderr.contains("version 3 is newer than this tool reads (2)"))
      }
    }
    try Data("{\"schema\":\"other\"}".utf8).write(to: URL(fileURLWithPath: base))
    let foreign = try CLI.run(["diff", base, head])
    #expect(foreign.status == 2 && foreign.stderr.contains("'schema'"))
  }

  /// A session recorded again into another folder: two runs' saved reports match
  /// `a/feed.sctrace` with `b/feed.sctrace` by the name in their folders, with a warning, where
  /// neither the bytes nor the paths are the same.
  @Test func aReRecordedSessionMatchesByItsNameInItsFolder() throws {
    let directory = try CLI.temporaryDirectory()
    let manager = FileManager.default
    for side in ["a", "b"] {
      try manager.createDirectory(
        at: directory.appendingPathComponent(side), withIntermediateDirectories: true)
    }
    let first = directory.appendingPathComponent("a/feed.sctrace").path
    let again = directory.appendingPathComponent("b/feed.sctrace").path
    let script = "Traces/scripts/cardfeed-mixed.json"
    #expect(try CLI.run(["synth", script, "-o", first]).status == 0)
    // The same session in other bytes: another chunk layout.
    #expect(try CLI.run(["synth", script, "-o", again, "--chunk-layout", "rows"]).status == 0)
    let base = directory.appendingPathComponent("a.json").path
    let head = directory.appendingPathComponent("b.json").path
    for (trace, report) in [(first, base), (again, head)] {
      let run = try CLI.run([
        "replay", trace, "--engine", "cardfeed@2", "--format", "json", "-o", report,
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let diff = try CLI.run(["diff", base, head, "--format", "json"])
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(
      diff.stderr.contains("matched with \(first) by its name in its folder"), "\(diff.stderr)")
    #expect(diff.stdout.contains(#""by":"relativeName""#), "\(diff.stdout.prefix(400))")
    #expect(try !Self.rows(diff.stdout).isEmpty)
  }
}
