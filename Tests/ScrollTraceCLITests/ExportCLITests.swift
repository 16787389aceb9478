// `scrolltrace export --chrome` as a user runs it: every sample through its engines passes the
// strict check, and the events say what the report says.

import Foundation
import TestSupport
import Testing

@Suite struct ExportCLITests {
  static let cases: [(trace: String, engine: String)] = [
    ("Traces/pager-rotation.sctrace", "paging@1"), ("Traces/pager-rotation.sctrace", "paging@2"),
    ("Traces/cardfeed-mixed.sctrace", "cardfeed@1"),
    ("Traces/cardfeed-mixed.sctrace", "cardfeed@2"),
    ("Traces/nested-container.sctrace", "nested@1"),
    ("Traces/nested-container.sctrace", "nested@2"),
    ("Traces/nested-container.sctrace", "nested@3"),
    // Every real recording (on the engines' stock scenes), wall clocks of 10¹⁵ µs among them.
    ("Traces/real/phone-two-finger-drag.sctrace", "plain@1"),
    ("Traces/real/phone-single-drag.sctrace", "cardfeed@2"),
    ("Traces/real/tablet-single-drag.sctrace", "paging@2"),
    ("Traces/real/atmel-1-finger-drag-up-down.sctrace", "nested@3"),
    ("Traces/real/ep0430m09-2-finger-scroll-down.sctrace", "cardfeed@1"),
    ("Traces/real/wacom-single-center-scroll.sctrace", "paging@1"),
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
    #expect((counts["X"] ?? 0) > 20)
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
    // Slices that nest in their decimals but not as doubles, as a wall clock's 10¹⁵ µs made them:
    // 1331234567890123.457 + 16666.666 parses to a double past the next slice's start.
    let wallClock = """
      [
      {"name":"a","cat":"c","ph":"X","ts":1331234567890123.457,"dur":16666.666,"pid":1,"tid":1,"args":{}},
      {"name":"b","cat":"c","ph":"X","ts":1331234567906790.123,"dur":16666.666,"pid":1,"tid":1,"args":{}}
      ]

      """
    let overlapping = ChromeTraceCheck.problems(in: wallClock, counts: &counts)
    #expect(overlapping.count == 1, "\(overlapping)")
  }

  /// A wall-clock recording exports times from its start: small numbers a double holds exactly,
  /// with the trace time of that start in a `trace start` instant.
  @Test func wallClockRecordingsExportFromTheirStart() throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("w.json").path
    let trace = "Traces/real/wacom-single-center-scroll.sctrace"
    #expect(
      try CLI.run(["export", "--chrome", output, trace, "--engine", "paging@1"]).status == 0)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    let start = try #require(text.split(separator: "\n").first { $0.contains(#""trace start""#) })
    #expect(start.contains(#""ts":0.000"#) && start.contains(#""traceTime_ns":"1"#), "\(start)")
    let largest =
      text.split(separator: "\n").compactMap { line -> Double? in
        guard let range = line.range(of: #""ts":"#) else { return nil }
        return Double(line[range.upperBound...].prefix { "0123456789.".contains($0) })
      }.max() ?? 0
    #expect(largest < 1e9, "ts up to \(largest) µs")
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
