// Every path that used to give a green result for something broken, run as a user runs the tool:
// each now fails (a silent engine is ScrollTraceToolTests' own case).

import Foundation
import TestSupport
import Testing

@Suite struct FailClosedTests {
  static let pager = "Traces/pager-rotation.sctrace"

  /// No engine named: `replay` and `export` used to replay through `plain` and exit 0.
  @Test func anEngineMustBeNamed() throws {
    let replay = try CLI.run(["replay", Self.pager])
    #expect(replay.status == 2)
    #expect(replay.stderr.contains("--engine"), "\(replay.stderr)")
    let directory = try CLI.temporaryDirectory()
    let out = directory.appendingPathComponent("x.json").path
    let export = try CLI.run(["export", "--chrome", out, Self.pager])
    #expect(export.status == 2)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// Nothing to judge: a report where every trace failed, a report with no trace, a budget with
  /// no limit.
  ///
  /// Each used to pass, `--strict` too.
  @Test func nothingToJudgeIsAnError() throws {
    let directory = try CLI.temporaryDirectory()
    let budget = directory.appendingPathComponent("budget.json")
    try Data(#"{"budgets":[{"metric":"offsetJumps.count","max":0}]}"#.utf8).write(to: budget)
    // Every trace of a --keep-going run failed: the report lists them and replays none.
    let broken = directory.appendingPathComponent("broken.sctrace")
    try Data("not a trace".utf8).write(to: broken)
    let failed = directory.appendingPathComponent("failed.json").path
    let run = try CLI.run([
      "replay", broken.path, "--engine", "paging@2", "--keep-going", "--format", "json", "-o",
      failed,
    ])
    #expect(run.status == 1)
    for strict in [[], ["--strict"]] {
      let gate = try CLI.run(["gate", "--budget", budget.path, failed] + strict)
      #expect(gate.status == 2, "\(gate.stdout)")
      #expect(gate.stderr.contains("has no replayed trace, so there is nothing to judge"))
      #expect(gate.stderr.contains("broken.sctrace"), "\(gate.stderr)")
    }
    // A report with "traces": [].
    let good = directory.appendingPathComponent("good.json").path
    #expect(
      try CLI.run(["replay", Self.pager, "--engine", "paging@2", "--format", "json", "-o", good])
        .status == 0)
    let text = try String(contentsOfFile: good, encoding: .utf8)
    let empty = directory.appendingPathComponent("empty.json")
    let start = try #require(text.range(of: #""traces":["#))
    let end = try #require(text.range(of: #"],"total":"#))
    try Data((text[..<start.upperBound] + text[end.lowerBound...]).utf8).write(to: empty)
    let noTraces = try CLI.run(["gate", "--budget", budget.path, empty.path])
    #expect(noTraces.status == 2)
    #expect(noTraces.stderr.contains("nothing to judge"))
    // ... as the baseline too.
    #expect(try CLI.run(["gate", "--budget", budget.path, empty.path, good]).status == 2)
    // "budgets": [] checks nothing.
    let none = directory.appendingPathComponent("none.json")
    try Data(#"{"budgets":[]}"#.utf8).write(to: none)
    let unchecked = try CLI.run(["gate", "--budget", none.path, good])
    #expect(unchecked.status == 2)
    #expect(unchecked.stderr.contains("no limits"), "\(unchecked.stderr)")
  }

  /// A relative limit with one report has nothing to compare with: it fails, naming why.
  @Test func relativeLimitsWithoutABaselineFail() throws {
    let directory = try CLI.temporaryDirectory()
    let report = directory.appendingPathComponent("r.json").path
    #expect(
      try CLI.run(["replay", Self.pager, "--engine", "paging@2", "--format", "json", "-o", report])
        .status == 0)
    let gate = try CLI.run(["gate", "--budget", "Budgets/samples.json", report])
    #expect(gate.status == 1)
    #expect(gate.stdout.contains("no baseline to compare with"))
  }

  /// `--screen` without a scale read every distance at scale 1.
  @Test func aScreenNeedsAScale() throws {
    let directory = try CLI.temporaryDirectory()
    let out = directory.appendingPathComponent("swipe.sctrace").path
    let log = "Recordings/monkeyhelper-getevent/raw/Phone/phone-single-drag.txt"
    let run = try CLI.run(["import", "--from", "getevent", log, "--screen", "1080x2400", "-o", out])
    #expect(run.status == 2)
    #expect(run.stderr.contains("the scale is required"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let scaled = try CLI.run([
      "import", "--from", "getevent", log, "--screen", "480x800@1.5", "--axis-range",
      "0:1023,0:1023", "-o", out,
    ])
    #expect(scaled.status == 0, "\(scaled.stderr)")
  }

  /// `--keep-going` goes on past damaged files, not past a path that does not exist.
  @Test func keepGoingDoesNotCoverAMissingInput() throws {
    for missing in ["Traces/missing.sctrace", "no-such-folder"] {
      let run = try CLI.run(["replay", missing, "--engine", "plain", "--keep-going"])
      #expect(run.status == 2)
      #expect(run.stderr.contains("\(missing): no such file or folder"), "\(run.stderr)")
    }
  }
}
