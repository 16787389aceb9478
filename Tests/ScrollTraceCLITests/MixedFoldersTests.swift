// A folder of mixed traces, as users point the tool at one: what the engine can lay out is
// replayed, the rest skipped with a note and listed; one trace given alone is still an error.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct MixedFoldersTests {
  @Test func aFolderReplaysWhatTheEngineLaysOut() throws {
    for jobs in ["1", "2"] {
      let run = try CLI.run([
        "replay", "Traces", "--engine", "cardfeed@2", "--format", "json", "--jobs", jobs,
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let traces = try #require(report["traces"] as? [[String: Any]])
      #expect(
        traces.compactMap { ($0["trace"] as? [String: Any])?["path"] as? String } == [
          "Traces/cardfeed-mixed.sctrace"
        ])
      let skipped = try #require(report["skipped"] as? [[String: Any]])
      #expect(
        skipped.compactMap { $0["path"] as? String } == [
          "Traces/nested-container.sctrace", "Traces/pager-rotation.sctrace",
        ])
      #expect(
        skipped.first?["reason"] as? String
          == "cardfeed@2 lays out list scenes; this trace has a container scene")
      #expect(
        run.stderr.contains(
          "scrolltrace: note: skipped Traces/pager-rotation.sctrace: cardfeed@2 lays out list scenes"
        ))
    }
    let table = try CLI.run(["replay", "Traces/", "--engine", "cardfeed@2"])
    #expect(table.stdout.contains("skipped Traces/pager-rotation.sctrace"))
    let markdown = try CLI.run([
      "replay", "Traces", "--engine", "cardfeed@2", "--format", "markdown",
    ])
    #expect(markdown.stdout.contains("> **Skipped:** `Traces/pager-rotation.sctrace`"))
    // Globs the shell expands work the same way.
    let globbed = try CLI.run([
      "replay", "Traces/cardfeed-mixed.sctrace", "Traces/pager-rotation.sctrace", "--engine",
      "cardfeed@1",
    ])
    #expect(globbed.status == 0)
  }

  @Test func aTraceGivenAloneOrNothingReplayableIsAnError() throws {
    let alone = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--engine", "cardfeed@2"])
    #expect(alone.status == 2)
    #expect(
      alone.stderr
        == "scrolltrace: error: Traces/pager-rotation.sctrace: event at 0.000000000 s: cardfeed@2 lays out list scenes; this trace has a pages scene\n"
    )
    let none = try CLI.run([
      "replay", "Traces/pager-rotation.sctrace", "Traces/nested-container.sctrace", "--engine",
      "cardfeed@2",
    ])
    #expect(none.status == 2)
    #expect(none.stderr.contains("cardfeed@2 can replay none of the 2 traces given"))
    #expect(none.stdout.isEmpty)
    let empty = try CLI.temporaryDirectory()
    let folder = try CLI.run(["replay", empty.path, "--engine", "plain"])
    #expect(folder.status == 2 && folder.stderr.contains("a folder with no .sctrace file"))
  }

  /// docs/ci.md's job points diff and gate at the folder; both sides skip the same traces.
  @Test func diffAndGateTakeAFolder() throws {
    let diff = try CLI.run([
      "diff", "--baseline", "cardfeed@1", "--candidate", "cardfeed@2", "Traces", "--no-timings",
      "--format", "json",
    ])
    #expect(diff.status == 0, "\(diff.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
    #expect((object["matches"] as? [[String: Any]])?.count == 1)
    #expect((object["unmatchedTraces"] as? [String])?.isEmpty == true)
    let gate = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "cardfeed@1", "--candidate",
      "cardfeed@2", "Traces",
    ])
    #expect(gate.status == 0, "\(gate.stdout)")
  }
}
