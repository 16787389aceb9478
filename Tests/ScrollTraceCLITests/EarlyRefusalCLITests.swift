// Outputs checked before the work, and the tool reads whatever it writes: a findings folder that
// cannot be written fails before the search; a cost model or a fixed cost beyond what a cost
// model may hold is refused where it is given; a report priced by the largest cost model is one
// diff, gate and history read.

import Foundation
import TestSupport
import Testing

@Suite struct EarlyRefusalCLITests {
  @Test func exploreRefusesAnUnwritableFolderBeforeItSearches() throws {
    let directory = try CLI.temporaryDirectory()
    let dangling = directory.appendingPathComponent("dangling").path
    #expect(symlink("/nonexistent/findings", dangling) == 0)
    let file = directory.appendingPathComponent("file").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    for (output, message) in [
      (dangling, "a symbolic link to nothing"), ("", "the output folder's name is empty"),
      ("/nonexistent/findings", "is not a folder"), (file, "not a folder"),
      (file + "/findings", "is not a folder"),
    ] {
      let start = Date()
      // 8 000 scripts take minutes: a refusal must come first.
      let run = try CLI.run([
        "explore", "--engine", "paging@1", "--check", "glitch", "--seed", "1", "--count", "8000",
        "-o", output,
      ])
      #expect(run.status == 2, "\(output): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(output): \(run.stderr)")
      #expect(Date().timeIntervalSince(start) < 10)
    }
  }

  @Test func exploreRefusesAParentTheUserMayNotWrite() throws {
    guard geteuid() == 0 else { return }  // needs to become another user
    let directory = try CLI.temporaryDirectory()
    _ = CLI.shell(
      "chmod 755 '\(directory.path)' && chmod -R o+rX '\(CLI.binary.deletingLastPathComponent().path)'"
    )
    let output =
      CLI.shell(
        "cd '\(CLI.root.path)' && setpriv --reuid=nobody --regid=nogroup --clear-groups '\(CLI.binary.path)' explore --engine paging@1 --check glitch --seed 1 --count 8000 -o '\(directory.path)/findings' 2>&1; echo status $?"
      ) ?? ""
    #expect(output.contains("cannot make the folder in"), "\(output)")
    #expect(output.hasSuffix("status 2\n"))
  }

  @Test func costsBeyondASecondAreRefusedWhereTheyAreGiven() throws {
    let directory = try CLI.temporaryDirectory()
    let model = directory.appendingPathComponent("model.json").path
    try #"{"frame_us": 1e300}"#.write(toFile: model, atomically: true, encoding: .utf8)
    let replay = try CLI.run([
      "replay", "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@1", "--cost-model", model,
    ])
    #expect(replay.status == 2)
    #expect(replay.stderr.contains("expected 0 to 1000000 microseconds"), "\(replay.stderr)")
    let calibrate = try CLI.run([
      "calibrate", "Traces/observed", "--engine", "cardfeed@1", "--fix", "frame_us=1e308", "-o",
      directory.appendingPathComponent("fit.json").path,
    ])
    #expect(calibrate.status == 2)
    #expect(calibrate.stderr.contains("a value of 0 to 1000000 µs"), "\(calibrate.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("fit.json").path))
  }

  @Test func aReportPricedByTheLargestCostsIsReadBack() throws {
    let directory = try CLI.temporaryDirectory()
    let model = directory.appendingPathComponent("model.json").path
    let largest =
      #"{"frame_us": 1000000, "layoutPass_us": 1000000, "frameSet_us": 1000000, "itemConfigured_us": 1000000, "viewCreated_us": 1000000, "poolScanStep_us": 1000000}"#
    try largest.write(toFile: model, atomically: true, encoding: .utf8)
    let report = directory.appendingPathComponent("r.json").path
    let replay = try CLI.run([
      "replay", "Traces/nested-container.sctrace", "--engine", "nested@1", "--cost-model", model,
      "--format", "json", "-o", report,
    ])
    #expect(replay.status == 0, "\(replay.stderr)")
    for arguments in [
      ["diff", report, report],
      ["gate", "--budget", "Budgets/samples.json", report, report],
      [
        "history", "add", report, "--store", directory.appendingPathComponent("s.sqlite").path,
        "--branch", "main", "--revision", "r1",
      ],
    ] {
      // Read back: a gate may judge it (0 or 1), but never refuse it (2).
      let run = try CLI.run(arguments)
      #expect(run.status == 0 || run.status == 1, "\(arguments[0]): \(run.stderr)")
    }
  }
}
