// `scrolltrace export --chrome` as a user runs it: every sample through its engines passes the
// strict check, and the events say what the report says.

import Foundation
import Testing

@Suite struct ExportCLITests {
  static let cases: [(trace: String, engine: String)] = [
    ("Traces/pager-rotation.sctrace", "paging@1"), ("Traces/pager-rotation.sctrace", "paging@2"),
    ("Traces/cardfeed-mixed.sctrace", "cardfeed@1"),
    ("Traces/cardfeed-mixed.sctrace", "cardfeed@2"),
    ("Traces/nested-container.sctrace", "nested@1"),
    ("Traces/nested-container.sctrace", "nested@2"),
    ("Traces/real/phone-two-finger-drag.sctrace", "plain@1"),
    ("Traces/real/atmel-1-finger-drag-up-down.sctrace", "nested@3"),
  ]

  @Test(arguments: cases.indices)
  func theExportPassesTheStrictCheck(_ index: Int) throws {
    let (trace, engine) = Self.cases[index]
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("out.json").path
    let run = try CLI.run(["export", "--chrome", output, trace, "--engine", engine])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    var counts: [String: Int] = [:]
    let problems = ChromeTraceCheck.problems(in: text, counts: &counts)
    #expect(problems.isEmpty, "\(trace) on \(engine): \(problems)")
    #expect(counts["M"] == 11)
    #expect((counts["X"] ?? 0) > 100)
    #expect((counts["C"] ?? 0) > 0)

    // One frame slice per frame of the report, one instant per finding.
    let report = try CLI.run(["replay", trace, "--engine", engine, "--format", "json"])
    let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
    let section = (json?["traces"] as? [[String: Any]])?.first
    let metrics = section?["metrics"] as? [String: Any] ?? [:]
    let frameSlices = text.components(separatedBy: "\"name\":\"frame\",\"cat\":\"frame\"").count - 1
    #expect(frameSlices == metrics["frames"] as? Int)
    let glitches = text.components(separatedBy: "\"name\":\"boundary glitch\"").count - 1
    #expect(glitches == metrics["boundaryGlitches.count"] as? Int)
    let jumps = text.components(separatedBy: "\"name\":\"offset jump\"").count - 1
    #expect(jumps == metrics["offsetJumps.count"] as? Int)
  }

  @Test func theExportIsDeterministicAndItsCheckCatchesOverlaps() throws {
    let directory = try CLI.temporaryDirectory()
    let a = directory.appendingPathComponent("a.json").path
    let b = directory.appendingPathComponent("b.json").path
    for path in [a, b] {
      #expect(
        try CLI.run([
          "export", "--chrome", path, "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@1",
        ]).status == 0)
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))

    // The checker is not a rubber stamp: an overlapping slice, a bad counter and a bad metadata name fail it.
    var counts: [String: Int] = [:]
    let bad = """
      [
      {"name":"a","cat":"c","ph":"X","ts":0.000,"dur":10.000,"pid":1,"tid":1,"args":{}},
      {"name":"b","cat":"c","ph":"X","ts":5.000,"dur":10.000,"pid":1,"tid":1,"args":{}},
      {"name":"n","ph":"C","ts":1.000,"pid":1,"tid":0,"args":{"x":"high"}},
      {"name":"thread_label","ph":"M","pid":1,"tid":1,"args":{"name":"x"}},
      {"name":"t","cat":"c","ph":"i","ts":1.0000001,"pid":1,"tid":1,"s":"t","args":{}}
      ]

      """
    let problems = ChromeTraceCheck.problems(in: bad, counts: &counts)
    #expect(problems.count == 4, "\(problems)")
  }

  @Test func aFailedExportLeavesNoFile() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("out.json").path
    let run = try CLI.run([
      "export", "--chrome", output, "/nonexistent.sctrace", "--engine", "paging@1",
    ])
    #expect(run.status == 2)
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
