// `scrolltrace replay --jobs N`: several traces at once, the same report as one at a time.

import Foundation
import TestSupport
import Testing

@Suite struct ReplayJobsCLITests {
  /// The JSON report without its `host` section (the last key), which timings make differ.
  static func deterministicPart(_ report: String) -> String {
    guard let range = report.range(of: ",\"host\":") else { return report }
    return String(report[..<range.lowerBound])
  }

  /// Many traces of different lengths: every --jobs count gives the --jobs 1 report, host aside,
  /// and the same markdown; the traces stay in the order given.
  @Test func everyJobCountGivesTheSequentialReport() throws {
    let samples = [
      "Traces/pager-rotation.sctrace", "Traces/cardfeed-mixed.sctrace",
      "Traces/nested-container.sctrace",
    ]
    let traces =
      samples + Array(samples.reversed()) + samples + ["Traces/real/phone-single-drag.sctrace"]
    let directory = try CLI.temporaryDirectory()
    var reports: [Int: String] = [:]
    for jobs in [1, 2, 3, 16] {
      let output = directory.appendingPathComponent("jobs\(jobs).json")
      let run = try CLI.run(
        ["replay"] + traces + [
          "--engine", "plain", "--format", "json", "-o", output.path, "--jobs", "\(jobs)",
        ])
      #expect(run.status == 0, "\(run.stderr)")
      reports[jobs] = Self.deterministicPart(try String(contentsOf: output, encoding: .utf8))
    }
    let sequential = try #require(reports[1])
    #expect(sequential.contains("\"traces\":10"))
    for jobs in [2, 3, 16] { #expect(reports[jobs] == sequential, "--jobs \(jobs)") }
    let paths = sequential.components(separatedBy: "\"path\":\"").dropFirst().map {
      $0.prefix { $0 != "\"" }
    }.map(String.init)
    #expect(paths == traces)
  }

  /// A damaged trace among good ones: the same error as a sequential run (the first bad trace in
  /// the order given), exit 2, and no report file.
  @Test func theFirstFailingTraceInOrderIsReported() throws {
    let directory = try CLI.temporaryDirectory()
    let bytes = try Data(
      contentsOf: CLI.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace"))
    let damaged = directory.appendingPathComponent("damaged.sctrace")
    try bytes.prefix(bytes.count / 2).write(to: damaged)
    // A foreign file after it fails too, later in order (a missing one is refused before any
    // replay starts).
    let foreign = directory.appendingPathComponent("foreign.sctrace")
    try Data("not a trace\n".utf8).write(to: foreign)
    let traces = [
      "Traces/pager-rotation.sctrace", damaged.path, "Traces/nested-container.sctrace",
      foreign.path,
    ]
    var errors: [String] = []
    for jobs in [1, 2] {
      let output = directory.appendingPathComponent("report\(jobs).json")
      let run = try CLI.run(
        ["replay"] + traces + [
          "--engine", "plain", "--format", "json", "-o", output.path, "--jobs", "\(jobs)",
        ])
      #expect(run.status == 2, "--jobs \(jobs): \(run.stderr)")
      #expect(run.stderr.contains("damaged.sctrace"), "--jobs \(jobs): \(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output.path), "--jobs \(jobs) left a report")
      errors.append(run.stderr)
    }
    #expect(errors[0] == errors[1])
  }

  @Test func jobCountsOutsideTheRangeAreUsageErrors() throws {
    for jobs in ["0", "257", "two"] {
      let run = try CLI.run([
        "replay", "--engine", "plain", "Traces/pager-rotation.sctrace", "--jobs", jobs,
      ])
      #expect(run.status == 2, "--jobs \(jobs): \(run.status)")
      #expect(run.stderr.contains("--jobs"), "--jobs \(jobs): \(run.stderr)")
    }
  }
}
