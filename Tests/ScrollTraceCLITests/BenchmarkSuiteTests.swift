// The benchmark suite runs end to end and prints every figure (speed itself is never asserted).

import Foundation
import TestSupport
import Testing

@Suite struct BenchmarkSuiteTests {
  /// `scrolltrace-bench`, built beside `scrolltrace`.
  static var bench: URL {
    CLI.binary.deletingLastPathComponent().appendingPathComponent("scrolltrace-bench")
  }

  /// Runs `scrolltrace-bench` from the repository's root on `directory` with one repetition and
  /// `arguments`; returns its exit status and standard output.
  static func runBench(in directory: URL, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = bench
    process.currentDirectoryURL = CLI.root
    process.arguments =
      ["--scrolltrace", CLI.binary.path, "--directory", directory.path, "--repetitions", "1"]
      + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  /// Tiny traces, one repetition: every part runs, every figure and target is printed and written
  /// as JSON, the generated traces have exactly the events asked for, and `--jobs 2` gives the
  /// `--jobs 1` report.
  ///
  /// Timings are printed, not checked: tests never depend on wall-clock speed.
  @Test func theSuitePrintsEveryFigure() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.bench.path), "build scrolltrace-bench first"
    )
    let directory = try CLI.temporaryDirectory()
    let json = directory.appendingPathComponent("bench.json")
    let (status, text) = try Self.runBench(
      in: directory,
      [
        "--small-events", "2000", "--large-events", "5000", "--job-traces", "3",
        "--job-trace-events", "1500", "--field-seconds", "120", "--recorder-seconds", "60",
        "--json", json.path,
      ])
    #expect(status == 0, "\(text)")
    for heading in [
      "machine", "traces (written to", "decode:", "replay with every analyzer", "field-like trace:",
      "bytes per event by chunk layout",
      "peak resident memory", "parallel replay", "recorder:", "start-up:", "targets",
    ] {
      #expect(text.contains(heading), "no '\(heading)' in:\n\(text)")
    }
    for engine in [
      "plain", "paging@1", "paging@2", "cardfeed@1", "cardfeed@2", "nested@1", "nested@2",
      "nested@3", "table@1", "magazine@1", "magazine@2", "magazine@3", "magazine@4", "chat@1",
      "chat@2",
      "chat@3",
    ] {
      #expect(text.contains("  \(engine) "), "no row for \(engine)")
    }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    // Decode; paging@2 (target and aim), cardfeed@2, nested@2, table@1, magazine@1-4, chat@1-3, the
    // reports beside
    // the previous run's; the field trace's rate and its two identity checks; the layout decision;
    // memory; jobs (speed-up and identity); the recorder's touch, frame, size resolved and losses;
    // the start-up of info, history add and gate, and history add into a long history beside it.
    #expect(targets.count == 29)
    let recorder = try #require(object["recorder"] as? [String: Any])
    #expect((recorder["touch"] as? [String: Any])?["calls"] as? Int == 60 * 240)
    #expect((recorder["frame"] as? [String: Any])?["calls"] as? Int == 60 * 120)
    // 60 s at 660 pt/s passes about 900 rows of 44 pt, and a message arrives each second.
    #expect(((recorder["sizeResolved"] as? [String: Any])?["calls"] as? Int ?? 0) > 800)
    #expect((recorder["update"] as? [String: Any])?["calls"] as? Int == 60)
    #expect(recorder["lostEvents"] as? Int == 0)
    #expect((recorder["compressedBytes"] as? Int ?? 0) > 0)
    let traces = try #require(object["traces"] as? [[String: Any]])
    #expect(
      traces.prefix(6).map { $0["events"] as? Int } == [2000, 2000, 2000, 2000, 2000, 5000])
    // The field trace is whole blocks until it lasts --field-seconds.
    #expect(traces.count == 7 && (traces.last?["durationSeconds"] as? Double ?? 0) >= 120)
    let field = try #require(object["field"] as? [[String: Any]])
    #expect(
      field.count == 2
        && field.allSatisfy {
          $0["reportsIdentical"] as? Bool == true && ($0["frames"] as? Int ?? 0) > 14_000
        })
    let layout = try #require(object["layout"] as? [[String: Any]])
    #expect(
      layout.count == 4 && layout.allSatisfy { ($0["columnBytesPerEvent"] as? Double ?? 0) > 0 })
    #expect(traces.allSatisfy { ($0["compressedBytesPerEvent"] as? Double ?? 0) > 0 })
    let decode = try #require(object["decode"] as? [[String: Any]])
    #expect(decode.count == 2 && decode.allSatisfy { ($0["ratioToZstd"] as? Double ?? 0) > 0 })
    let replay = try #require(object["replay"] as? [[String: Any]])
    #expect(replay.count == 16 && replay.allSatisfy { ($0["frames"] as? Int ?? 0) > 0 })
    let jobs = try #require(object["jobs"] as? [String: Any])
    #expect(jobs["reportsIdentical"] as? Bool == true)
    // Where Valgrind is installed (CI installs it), every small command is counted and split.
    if text.contains("not measured: valgrind") {
      #expect((object["startup"] as? [Any])?.isEmpty == true)
    } else {
      let startup = try #require(object["startup"] as? [[String: Any]])
      #expect(
        startup.map { $0["name"] as? String } == [
          "--version", "info", "history add (new store)", "history add",
          "history add (2,000 runs)", "gate",
        ])
      for command in startup {
        let total = command["instructions"] as? Int ?? 0
        let before = command["beforeMain"] as? Int ?? 0
        let parsing = command["argumentParsing"] as? Int ?? 0
        #expect(
          total > 1_000_000 && before > 0 && parsing > 0 && before + parsing < total,
          "\(command)")
      }
    }
  }

  /// The replay part compares its reports with the previous run's: a first run has nothing to
  /// compare with (not met), a second run of the same build finds all 16 identical (met), and a
  /// kept report that differs is named (not met).
  @Test func replayReportsAreComparedWithThePreviousRun() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.bench.path), "build scrolltrace-bench first"
    )
    let directory = try CLI.temporaryDirectory()
    func run() throws -> (text: String, target: [String: Any]?) {
      let json = directory.appendingPathComponent("bench.json")
      let (status, text) = try Self.runBench(
        in: directory,
        [
          "--small-events", "1500", "--large-events", "1500", "--job-traces", "2",
          "--job-trace-events", "1000", "--only", "replay", "--json", json.path,
        ])
      #expect(status == 0, "\(text)")
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
      let targets = object?["targets"] as? [[String: Any]] ?? []
      let target = targets.first {
        ($0["target"] as? String)?.contains("identical to the previous run's") == true
      }
      return (text, target)
    }
    let first = try run()
    #expect(first.text.contains("no previous run's reports to compare with"), "\(first.text)")
    #expect(first.target?["met"] as? Bool == false)
    let second = try run()
    #expect(second.text.contains("identical for all 16"), "\(second.text)")
    #expect(
      second.target?["met"] as? Bool == true && second.target?["measured"] as? String == "16 of 16")
    // A kept report that says something else.
    let kept = directory.appendingPathComponent("previous/replay-paging-2.json")
    var report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: kept)) as? [String: Any])
    report["schemaVersion"] = 0
    try JSONSerialization.data(withJSONObject: report).write(to: kept)
    let third = try run()
    #expect(third.text.contains("DIFFERENT for replay-paging-2 (of 16)"), "\(third.text)")
    #expect(
      third.target?["met"] as? Bool == false && third.target?["measured"] as? String == "15 of 16")
  }

  /// The same arguments write the same traces, byte for byte.
  @Test func generatedTracesAreDeterministic() throws {
    var hashes: [String] = []
    for _ in 0..<2 {
      let directory = try CLI.temporaryDirectory()
      let (status, _) = try Self.runBench(
        in: directory,
        [
          "--small-events", "1500", "--large-events", "1500", "--job-traces", "2",
          "--job-trace-events", "1000", "--only", "decode",
        ])
      #expect(status == 0)
      hashes.append(CLI.shell("cat '\(directory.path)'/*.sctrace | cksum") ?? "")
    }
    #expect(!hashes[0].isEmpty && hashes[0] == hashes[1])
  }
}
