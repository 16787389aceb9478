// `scrolltrace import` as a user runs it: every real recording in Recordings/ imports and replays
// through every engine; the committed Traces/real are what the importer makes; errors are clear.

import Foundation
import TestSupport
import Testing

@Suite struct ImportCLITests {
  struct Calibration {
    var prefix: String
    var format: String
    var screen: String
    var axisRange: String
    var rangesInLog: Bool
  }

  /// Recordings/calibration.tsv, the table scripts/make-real-traces reads too.
  static func calibrations() throws -> [Calibration] {
    let text = try String(
      contentsOf: CLI.root.appendingPathComponent("Recordings/calibration.tsv"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count >= 5 else { return nil }
      return Calibration(
        prefix: f[0], format: f[1], screen: f[2], axisRange: f[3], rangesInLog: f[4] == "yes")
    }
  }

  static func calibration(for relativePath: String, in table: [Calibration]) -> Calibration? {
    table.filter { relativePath.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }
  }

  /// Every raw log under Recordings/, relative to it.
  static func rawLogs() throws -> [String] {
    let base = CLI.root.appendingPathComponent("Recordings")
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.contains("/raw/"), path.hasSuffix(".txt") || path.hasSuffix(".events") {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// The import arguments for a raw log, from its calibration.
  static func importArguments(_ relative: String, _ calibration: Calibration, output: String)
    -> [String]
  {
    var arguments = [
      "import", "--from", calibration.format, "Recordings/\(relative)", "--screen",
      calibration.screen, "-o", output,
    ]
    if !calibration.rangesInLog { arguments += ["--axis-range", calibration.axisRange] }
    return arguments
  }

  /// The distinct values of a CSV column, in order of appearance.
  static func groups(_ csv: String, column: Int) throws -> [String] {
    let text = try String(
      contentsOf: CLI.root.appendingPathComponent("Recordings/\(csv)"), encoding: .utf8)
    var seen: [String] = []
    for line in text.split(separator: "\n").dropFirst() {
      let value = String(line.split(separator: ",", omittingEmptySubsequences: false)[column])
      if seen.last != value, !seen.contains(value) { seen.append(value) }
    }
    return seen
  }

  @Test(.timeLimit(.minutes(10)))
  func everyRecordingImportsAndReplaysThroughEveryEngine() throws {
    let directory = try CLI.temporaryDirectory()
    let table = try Self.calibrations()
    var traces: [String] = []
    func importing(_ arguments: [String], expecting note: String? = nil) throws {
      let run = try CLI.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      if let note { #expect(run.stderr.contains(note), "\(run.stderr)") }
      if let output = arguments.firstIndex(of: "-o").map({ arguments[$0 + 1] }), run.status == 0 {
        traces.append(output)
      }
    }
    // getevent and evemu logs, raw.
    let logs = try Self.rawLogs()
    #expect(logs.count == 43)  // 18 getevent + 25 evemu
    for (n, log) in logs.enumerated() {
      let calibration = try #require(
        Self.calibration(for: log, in: table), "no calibration for \(log)")
      let output = directory.appendingPathComponent("raw-\(n).sctrace").path
      let run = try CLI.run(Self.importArguments(log, calibration, output: output))
      #expect(run.status == 0, "\(log): \(run.stderr)")
      guard run.status == 0 else { continue }
      traces.append(output)
      if calibration.rangesInLog {
        // The ranges the import read from the recording are the table's.
        let ranges = calibration.axisRange.split(separator: ",")
        #expect(run.stderr.contains("x \(ranges[0]) y \(ranges[1])"), "\(log): \(run.stderr)")
      }
    }
    // The same recordings as converted to strokes.csv, one recording at a time with --select.
    for set in ["monkeyhelper-getevent", "evemu-devices-touchscreens"] {
      for (n, file) in try Self.groups("\(set)/strokes.csv", column: 0).enumerated() {
        let calibration = try #require(Self.calibration(for: "\(set)/raw/\(file)", in: table))
        // SOURCE.md: six rows of the fast taps have an empty coordinate; --lenient skips and counts them.
        let gaps = file.hasSuffix("1-finger-fast-taps.events")
        try importing(
          [
            "import", "--from", "csv", "Recordings/\(set)/strokes.csv", "--select", file,
            "--screen", calibration.screen,
            "--axis-range", calibration.axisRange, "-o",
            directory.appendingPathComponent("\(set)-\(n).sctrace").path,
          ] + (gaps ? ["--lenient"] : []), expecting: gaps ? "skipped 6 line(s)" : nil)
      }
    }
    // The velocity-tracker data: Flutter's logical pixels (points) and AOSP's screen pixels of a
    // Pixel (1080×1920 at 420 dpi, 2.625 px/pt), one gesture at a time.
    try importing([
      "import", "--from", "csv",
      "Recordings/flutter-velocity-tracker-data/flutter_velocity_tracker_data.csv",
      "--screen", "1260x2730@3.5", "-o", directory.appendingPathComponent("flutter.sctrace").path,
    ])
    for (n, gesture) in try Self.groups(
      "aosp-velocitytracker-flings/aosp_velocitytracker_flings.csv", column: 0
    ).enumerated() {
      try importing([
        "import", "--from", "csv",
        "Recordings/aosp-velocitytracker-flings/aosp_velocitytracker_flings.csv",
        "--select", gesture, "--screen", "1080x1920@2.625", "-o",
        directory.appendingPathComponent("aosp-\(n).sctrace").path,
      ])
    }
    #expect(traces.count == 43 + 43 + 1 + 19)

    let engines = try CLI.run(["engines"]).stdout.split(separator: "\n").compactMap {
      line -> String? in
      guard let word = line.split(separator: " ").first, word.contains("@") else { return nil }
      return String(word)
    }
    #expect(engines.count == 18)
    for engine in engines {
      let report = directory.appendingPathComponent("\(engine).json").path
      let run = try CLI.run(
        ["replay"] + traces + ["--engine", engine, "--format", "json", "-o", report])
      #expect(run.status == 0, "\(engine): \(run.stderr.prefix(500))")
      let json =
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        as? [String: Any]
      let reported = json?["traces"] as? [[String: Any]] ?? []
      #expect(reported.count == traces.count, "\(engine)")
      for trace in reported {
        let frames = (trace["metrics"] as? [String: Any])?["frames"] as? Int ?? 0
        #expect(frames > 0, "\(engine): \(trace["trace"] ?? "?")")
      }
    }
  }

  @Test func theCommittedRealTracesAreWhatTheImporterMakes() throws {
    let directory = try CLI.temporaryDirectory()
    let table = try Self.calibrations()
    let logs = try Self.rawLogs()
    let real = try FileManager.default.contentsOfDirectory(
      atPath: CLI.root.appendingPathComponent("Traces/real").path
    )
    .filter { $0.hasSuffix(".sctrace") }.sorted()
    #expect(real.count >= 6)
    for trace in real {
      let committed = CLI.root.appendingPathComponent("Traces/real/\(trace)")
      let info = try CLI.run(["info", committed.path, "--json"])
      let header = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
      let metadata = (header?["header"] as? [String: Any])?["metadata"] as? [String: String] ?? [:]
      let source = try #require(metadata["import.source"], "\(trace) names no source")
      let log = try #require(
        logs.first { $0.hasSuffix("/" + source) }, "\(trace): no recording \(source)")
      let calibration = try #require(Self.calibration(for: log, in: table))
      let output = directory.appendingPathComponent(trace).path
      let run = try CLI.run(Self.importArguments(log, calibration, output: output))
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: output)) == Data(contentsOf: committed),
        "Traces/real/\(trace) is stale: run scripts/make-real-traces")
    }
  }

  @Test func importErrorsNameTheFileAndLineAndLeaveNoTrace() throws {
    let directory = try CLI.temporaryDirectory()
    let log = directory.appendingPathComponent("broken.txt").path
    let output = directory.appendingPathComponent("out.sctrace").path
    let good =
      "[    1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001\n[    1.000000] EV_ABS       ABS_MT_POSITION_X    00000010\n"
      + "[    1.000000] EV_ABS       ABS_MT_POSITION_Y    00000010\n[    1.000000] EV_SYN       SYN_REPORT           00000000\n"
    try
      (good + "[    1.010000] EV_ABS       ABS_MT_POSITION_X    zzz\n"
      + good.replacingOccurrences(of: "1.000000", with: "1.020000"))
      .write(toFile: log, atomically: true, encoding: .utf8)
    let strict = try CLI.run([
      "import", "--from", "getevent", log, "--screen", "1080x1920@3", "--axis-range",
      "0:1079,0:1919", "-o", output,
    ])
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("broken.txt, line 5: malformedLine"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)

    let lenient = try CLI.run([
      "import", "--from", "getevent", log, "--screen", "1080x1920@3", "--axis-range",
      "0:1079,0:1919", "--lenient", "-o", output,
    ])
    #expect(lenient.status == 0, "\(lenient.stderr)")
    #expect(
      lenient.stderr.contains("skipped 1 line(s) (--lenient); the first:"), "\(lenient.stderr)")
    #expect(FileManager.default.fileExists(atPath: output))

    let noScreen = try CLI.run(["import", "--from", "getevent", log, "-o", output])
    #expect(noScreen.status == 2)
    #expect(noScreen.stderr.contains("--screen is required"))
    let badFlag = try CLI.run([
      "import", "--from", "getevent", log, "--screen", "1080x1920@3", "--axis-range", "0-1079",
      "-o", output,
    ])
    #expect(badFlag.status == 2)
    #expect(badFlag.stderr.contains("--axis-range must be"))
    let missing = try CLI.run([
      "import", "--from", "evemu", "/nonexistent.events", "--screen", "800x480@1", "-o", output,
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("/nonexistent.events: io: cannot open"), "\(missing.stderr)")
  }
}
