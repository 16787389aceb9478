// `scrolltrace explore` and `scrolltrace reduce` as a user runs them: exit codes, the folder, the
// reduced test and its budget gating v1 against v2.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct ExploreCLITests {
  @Test func exploreWritesEachFindingAndFailsWhenItFindsOne() throws {
    let directory = try CLI.temporaryDirectory()
    let folder = directory.appendingPathComponent("found").path
    let run = try CLI.run([
      "explore", "--engine", "nested@1", "--check", "live", "--seed", "1", "--count", "3", "-o",
      folder,
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("1 distinct finding:") && run.stdout.contains("  live"))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(
      files == ["01-live.json", "01-live.report.json", "01-live.sctrace", "findings.json"])
    let findings = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: folder + "/findings.json"))) as? [String: Any])
    #expect(
      findings["schema"] as? String == "scrolltrace-explore" && findings["tried"] as? Int == 3)
    // A second run into the same folder is refused: findings of two runs never mix.
    let again = try CLI.run([
      "explore", "--engine", "nested@1", "--seed", "1", "--count", "3", "-o", folder,
    ])
    #expect(again.status == 2 && again.stderr.contains("not empty"))
  }

  @Test func nothingFoundExitsZero() throws {
    let directory = try CLI.temporaryDirectory()
    let run = try CLI.run([
      "explore", "--engine", "paging@2", "--check", "lifecycle,live", "--seed", "5", "--count", "8",
      "-o", directory.appendingPathComponent("none").path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("nothing found") && run.stdout.contains("8 scripts tried"))
    // A time budget that is over before it starts still tries a batch: nothing untried passes.
    let quick = try CLI.run([
      "explore", "--engine", "paging@2", "--check", "lifecycle", "--time", "0.000001", "-o",
      directory.appendingPathComponent("quick").path,
    ])
    #expect(quick.status == 0 && quick.stdout.contains("16 scripts tried"), "\(quick.stdout)")
  }

  @Test func badOptionsAreUsageErrors() throws {
    for arguments in [
      ["explore", "--engine", "paging@1", "--check", "sideways"],
      ["explore", "--engine", "paging@1", "--check", "regression"],
      ["explore", "--engine", "paging@1", "--count", "0"],
      ["explore", "--engine", "paging@1", "--steps", "5...2"],
      ["explore", "--engine", "paging@9"],
      ["reduce", "x.json", "--engine", "paging@1", "--keep", "glitch while"],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count <= 2, "\(arguments): \(run.stderr)")
    }
  }

  @Test func aBaseTheEngineCannotLayOutIsNamed() throws {
    let directory = try CLI.temporaryDirectory()
    let run = try CLI.run([
      "explore", "--engine", "paging@1", "--script", "Traces/scripts/cardfeed-mixed.json",
      "--count", "3", "-o", directory.appendingPathComponent("out").path,
    ])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("scrolltrace: error: Traces/scripts/cardfeed-mixed.json: "))
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
  }

  /// A real recording reduced to a few events that keep the card feed's jump, with a budget the
  /// published feed breaks and the fixed one holds.
  @Test func aRealRecordingReducesToARegressionTest() throws {
    let directory = try CLI.temporaryDirectory()
    let out = directory.appendingPathComponent("jump.sctrace").path
    let budget = directory.appendingPathComponent("jump.budget.json").path
    let run = try CLI.run([
      "reduce", "Traces/real/atmel-1-finger-drag-up-down.sctrace", "--engine", "cardfeed@1",
      "--keep", "jump", "-o", out, "--budget", budget,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("before: 150 events"))
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int)
    #expect(size < 958)
    #expect(
      try CLI.run(["gate", "--budget", budget, "--candidate", "cardfeed@1", out]).status == 1)
    #expect(
      try CLI.run(["gate", "--budget", budget, "--candidate", "cardfeed@2", out]).status == 0)
    let missing = try CLI.run([
      "reduce", "Traces/real/atmel-1-finger-drag-up-down.sctrace", "--engine", "cardfeed@2",
      "--keep", "jump",
    ])
    #expect(missing.status == 2 && missing.stderr.contains("does not show 'jump'"))
  }
}
