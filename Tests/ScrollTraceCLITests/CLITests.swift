// synth, info and dump as a user runs them: outputs, errors, exit codes, files left behind.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct CLITests {
  static let scripts = ["pager-rotation", "cardfeed-mixed", "nested-container"]

  @Test(arguments: scripts)
  func theCommittedSampleTracesAreWhatTheirScriptsSynthesize(_ name: String) throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("\(name).sctrace").path
    let run = try CLI.run(["synth", "Traces/scripts/\(name).json", "-o", output])
    #expect(run.status == 0, "\(run.stderr)")
    let made = try Data(contentsOf: URL(fileURLWithPath: output))
    let committed = try Data(contentsOf: CLI.root.appendingPathComponent("Traces/\(name).sctrace"))
    #expect(made == committed, "Traces/\(name).sctrace is stale: run scripts/make-sample-traces")
  }

  @Test(arguments: [1, 2])
  func theCommittedObservedTracesAreWhatTheSimulatedDeviceRecords(_ seed: Int) throws {
    let directory = try CLI.temporaryDirectory()
    let output = directory.appendingPathComponent("device.sctrace").path
    let run = try CLI.run([
      "synth", "Traces/scripts/cardfeed-mixed.json", "--observe", "cardfeed@1", "--drop-frames",
      "40", "41", "--busy-costs", "Traces/observed/device-costs.json", "--busy-noise", "0.05",
      "--busy-seed", String(seed), "-o", output,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let name = "Traces/observed/cardfeed-device-\(seed).sctrace"
    let made = try Data(contentsOf: URL(fileURLWithPath: output))
    let committed = try Data(contentsOf: CLI.root.appendingPathComponent(name))
    #expect(made == committed, "\(name) is stale: run scripts/make-sample-traces")
  }

  @Test func infoDescribesEverySampleTraceAndMatchesZstd() throws {
    let paths = Self.scripts.map { "Traces/\($0).sctrace" }
    let run = try CLI.run(["info", "--json"] + paths)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == paths.count)
    for (line, path) in zip(lines, paths) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["path"] as? String == path)
      #expect((object["events"] as? Int ?? 0) > 100)
      #expect(object["index"] as? Bool == true)
      // `zstd -dc` yields exactly the raw bytes `info` reports (where the zstd CLI is installed).
      if let count = CLI.shell("zstd -dc '\(CLI.root.appendingPathComponent(path).path)' | wc -c") {
        #expect(
          Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) == object["rawBytes"] as? Int)
      }
    }
    let text = try CLI.run(["info", "Traces/pager-rotation.sctrace"])
    #expect(
      text.stdout.contains(
        "device       iPhone 15 Pro (393×852 pt @3x, 120 Hz display, 120 Hz touch)"))
  }

  @Test func dumpPrintsOneJSONObjectPerEventAndFiltersByKind() throws {
    let all = try CLI.run(["dump", "Traces/nested-container.sctrace"])
    #expect(all.status == 0)
    let lines = all.stdout.split(separator: "\n")
    for line in lines { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    #expect(lines.first?.contains(#""kind":"header""#) == true)
    let touches = try CLI.run(["dump", "Traces/nested-container.sctrace", "--kind", "touch"])
    let touchLines = touches.stdout.split(separator: "\n").dropFirst()
    #expect(!touchLines.isEmpty)
    #expect(touchLines.allSatisfy { $0.contains(#""kind":"touch""#) })
    let again = try CLI.run(["dump", "Traces/nested-container.sctrace"])
    #expect(again.stdout == all.stdout)
  }

  @Test func aDamagedTraceIsOneLineNamingFileAndOffsetAndExitTwo() throws {
    let directory = try CLI.temporaryDirectory()
    var bytes = try Data(
      contentsOf: CLI.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace"))
    let damaged = directory.appendingPathComponent("damaged.sctrace")
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: damaged)
    for verb in ["info", "dump"] {
      let run = try CLI.run([verb, damaged.path])
      #expect(run.status == 2)
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(run.stderr)")
      #expect(run.stderr.hasPrefix("scrolltrace: error: \(damaged.path), chunk 0, byte "))
    }
    // --recover reads what it can, says what was lost, and exits 1.
    let recovered = try CLI.run(["dump", damaged.path, "--recover"])
    #expect(recovered.status == 1)
    #expect(recovered.stderr.contains("lost chunks at bytes"))
  }

  @Test func aTruncatedTraceLeavesNoPartialOutputFile() throws {
    let directory = try CLI.temporaryDirectory()
    let bytes = try Data(
      contentsOf: CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace"))
    let cut = directory.appendingPathComponent("cut.sctrace")
    try bytes.prefix(bytes.count - 100).write(to: cut)
    let output = directory.appendingPathComponent("events.jsonl")
    let run = try CLI.run(["dump", cut.path, "-o", output.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("truncated"))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left == ["cut.sctrace"])
  }

  @Test func missingFilesAndBadScriptsAreInputErrors() throws {
    let missing = try CLI.run(["info", "no-such.sctrace"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no-such.sctrace"))
    let directory = try CLI.temporaryDirectory()
    let script = directory.appendingPathComponent("bad.json")
    try Data(
      #"{"device": {"screen": [390, 844]}, "scene": {"pages": 2}, "steps": [{"drag": {"from": [1, 2]}}]}"#
        .utf8
    ).write(to: script)
    let output = directory.appendingPathComponent("out.sctrace")
    let run = try CLI.run(["synth", script.path, "-o", output.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("steps[0].drag.by"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    let notATrace = try CLI.run(["info", script.path])
    #expect(notATrace.status == 2)
    #expect(notATrace.stderr.contains("badMagic"))
  }

  @Test func usageErrorsExitTwoAndHelpHasAnExample() throws {
    #expect(try CLI.run(["synth"]).status == 2)
    #expect(try CLI.run(["frobnicate"]).status == 2)
    #expect(try CLI.run(["dump", "x", "--kind", "nope"]).status == 2)
    // A usage error is one line, as every error is: what is wrong and where the help is.
    for arguments in [
      ["synth"], ["frobnicate"], ["replay", "--jump-threshold", "-1", "x", "--engine", "plain"],
      ["info", "--max-frames", "5", "x"], ["diff", "--repeat", "0", "a", "b"],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stdout.isEmpty, "\(arguments)")
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.hasPrefix("scrolltrace: error: "), "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("--help')"), "\(arguments): \(run.stderr)")
    }
    // A negative value is a value, not a flag: the message says what the range is.
    let negative = try CLI.run([
      "replay", "--jump-threshold", "-1", "Traces/pager-rotation.sctrace", "--engine", "plain",
    ])
    #expect(negative.stderr.contains("--jump-threshold must be 0 or more points"))
    for verb in ["synth", "info", "dump"] {
      let help = try CLI.run([verb, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("Example:") || help.stdout.contains("Examples:"))
    }
    let root = try CLI.run(["--help"])
    #expect(root.stdout.contains("Exit codes"))
  }
}
