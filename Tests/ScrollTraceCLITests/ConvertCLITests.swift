// convert as a user runs it: a trace in rows and back gives the same events and the same bytes;
// synth writes either layout; the output never replaces the input; damage is an error, or with
// --recover a loss.

import Foundation
import TestSupport
import Testing

@Suite struct ConvertCLITests {
  @Test(arguments: CLITests.scripts)
  func rowsAndBackGiveTheSameEventsAndBytes(_ name: String) throws {
    let directory = try CLI.temporaryDirectory()
    let sample = "Traces/\(name).sctrace"
    let rows = directory.appendingPathComponent("\(name)-1.0.sctrace").path
    let back = directory.appendingPathComponent("\(name)-1.2.sctrace").path
    let toRows = try CLI.run(["convert", sample, "--chunk-layout", "rows", "-o", rows])
    #expect(toRows.status == 0, "\(toRows.stderr)")
    let toColumns = try CLI.run(["convert", rows, "-o", back])
    #expect(toColumns.status == 0, "\(toColumns.stderr)")

    #expect(try CLI.run(["info", rows]).stdout.contains("format       1.0"))
    #expect(try CLI.run(["info", back]).stdout.contains("format       1.3"))
    // dump's header line names the version; every event line is the same.
    let events = { (path: String) throws -> [Substring] in
      try CLI.run(["dump", path]).stdout.split(separator: "\n").dropFirst().map { $0 }
    }
    let original = try events(sample)
    #expect(original.count > 100)
    #expect(try events(rows) == original)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: back))
        == Data(contentsOf: CLI.root.appendingPathComponent(sample)))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: rows)).count
        > Data(contentsOf: URL(fileURLWithPath: back)).count)
  }

  /// synth and import take the same writing options: a script synthesized in rows is the 1.0
  /// copy of the sample, and a layout the format does not have is a usage error.
  @Test func synthWritesEitherLayout() throws {
    let directory = try CLI.temporaryDirectory()
    let rows = directory.appendingPathComponent("rows.sctrace").path
    let run = try CLI.run([
      "synth", "Traces/scripts/pager-rotation.json", "--chunk-layout", "rows", "-o", rows,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try CLI.run(["info", rows]).stdout.contains("format       1.0"))
    let converted = directory.appendingPathComponent("converted.sctrace").path
    #expect(
      try CLI.run([
        "convert", "Traces/pager-rotation.sctrace", "--chunk-layout", "rows", "-o", converted,
      ]).status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: rows))
        == Data(contentsOf: URL(fileURLWithPath: converted)))

    let unknown = try CLI.run([
      "synth", "Traces/scripts/pager-rotation.json", "--chunk-layout", "diagonal", "-o", rows + "x",
    ])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--chunk-layout must be columns or rows"))
    #expect(!FileManager.default.fileExists(atPath: rows + "x"))
  }

  @Test func theOutputIsNeverTheInput() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("t.sctrace").path
    try FileManager.default.copyItem(
      atPath: CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path, toPath: trace)
    let before = try Data(contentsOf: URL(fileURLWithPath: trace))
    let run = try CLI.run(["convert", trace, "--chunk-layout", "rows", "-o", trace])
    #expect(run.status == 2)
    #expect(run.stderr.contains("the output is also an input"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
  }

  @Test func damageIsAnErrorOrWithRecoverALoss() throws {
    let directory = try CLI.temporaryDirectory()
    var bytes = try Data(
      contentsOf: CLI.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace"))
    bytes[bytes.count / 2] ^= 0xFF
    let damaged = directory.appendingPathComponent("damaged.sctrace").path
    try bytes.write(to: URL(fileURLWithPath: damaged))
    let output = directory.appendingPathComponent("out.sctrace").path

    let strict = try CLI.run(["convert", damaged, "-o", output])
    #expect(strict.status == 2)
    #expect(strict.stderr.split(separator: "\n").count == 1)
    #expect(strict.stderr.contains("damaged.sctrace"))
    #expect(!FileManager.default.fileExists(atPath: output))

    let recovered = try CLI.run(["convert", damaged, "--recover", "-o", output])
    #expect(recovered.status == 1)
    #expect(recovered.stderr.contains("warning"))
    #expect(try CLI.run(["info", output]).status == 0)
  }
}
