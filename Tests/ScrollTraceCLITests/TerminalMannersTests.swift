// Terminal manners: colour and progress on a terminal only, never with NO_COLOR, never in a log.

import Foundation
import TestSupport
import Testing

@testable import ScrollTraceCLI

@Suite(.serialized) struct TerminalMannersTests {
  static let script = ["/usr/bin/script", "/bin/script"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Runs `scrolltrace arguments` on a pseudo-terminal (util-linux `script`) with `environment`
  /// added; returns what the terminal showed (standard output and error together).
  static func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(script))
    let command = ([CLI.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    process.arguments = ["-qec", command, "/dev/null"]
    process.currentDirectoryURL = CLI.root
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["TERM"] = "xterm"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  static let diff = [
    "diff", "--baseline", "paging@2", "--candidate", "paging@1", "Traces/pager-rotation.sctrace",
    "--no-timings",
  ]

  @Test(.enabled(if: script != nil, "needs util-linux's script for a pseudo-terminal"))
  func colourOnlyOnATerminalWithoutNoColor() throws {
    let red = "\u{1B}[1;31mREGRESSED\u{1B}[0m"
    #expect(try Self.onTerminal(Self.diff).contains(red))
    #expect(
      try !Self.onTerminal(Self.diff, environment: ["NO_COLOR": "1"]).contains("\u{1B}[1;31m"))
    #expect(try !Self.onTerminal(Self.diff, environment: ["TERM": "dumb"]).contains("\u{1B}[1;31m"))
    // empty: unset
    #expect(try Self.onTerminal(Self.diff, environment: ["NO_COLOR": ""]).contains(red))
    let piped = try CLI.run(Self.diff)
    #expect(piped.stdout.contains("REGRESSED") && !piped.stdout.contains("\u{1B}["))
    let gate = try Self.onTerminal([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "paging@2", "--candidate",
      "paging@1", "Traces/pager-rotation.sctrace",
    ])
    #expect(gate.contains("\u{1B}[1;31mFAILED\u{1B}[0m"))
  }

  /// With --jobs 2 the bar moves over the whole run (it sat at 100 % per trace before), and a log
  /// never sees it.
  @Test(.enabled(if: script != nil, "needs util-linux's script for a pseudo-terminal"))
  func progressShowsTheWholeRun() throws {
    let directory = try CLI.temporaryDirectory()
    let shown = try Self.onTerminal([
      "replay", "Traces", "--engine", "plain", "--jobs", "2", "-o",
      directory.appendingPathComponent("r.txt").path,
    ])
    #expect(shown.contains("trace 3/3"))
    #expect(shown.contains(" 100% · trace 3/3"))
    let percents = shown.split(separator: "\r").compactMap { line -> Int? in
      guard let range = line.range(of: #"[0-9]+%"#, options: .regularExpression) else { return nil }
      return Int(line[range].dropLast())
    }
    #expect(percents.count >= 3 && percents == percents.sorted() && percents.first ?? 100 < 100)
    let piped = try CLI.run(["replay", "Traces", "--engine", "plain", "--jobs", "2"])
    #expect(!piped.stderr.contains("trace 1/3"))
  }

  @Test func theBarsTextAndTimeLeft() {
    #expect(
      ProgressBar.line(fraction: 0.5, elapsed: 10, trace: 1, count: 4, path: "a.sctrace")
        == "████████████············ 50% · trace 2/4 · 0:10 left · a.sctrace")
    #expect(
      !ProgressBar.line(fraction: 0.5, elapsed: 0.5, trace: 0, count: 1, path: "a").contains("left")
    )  // too early to tell
    #expect(
      !ProgressBar.line(fraction: 0.01, elapsed: 5, trace: 0, count: 1, path: "a").contains("left"))
    #expect(ProgressBar.clockText(3725) == "1:02:05")
    #expect(ProgressBar.clockText(59.2) == "1:00")
    #expect(
      ProgressBar.line(fraction: .nan, elapsed: 3, trace: 0, count: 1, path: "a").hasPrefix(
        "························ 0%"))
  }

  /// One error prefix everywhere: argument-parser's usage errors read like every other error.
  @Test func oneErrorPrefix() throws {
    for arguments in [
      ["replay", "--spring-stop", "x", "Traces/pager-rotation.sctrace"], ["bogus"],
      ["replay", "--jobs", "0", "Traces"],
      ["replay", "missing.sctrace"], ["gate", "--budget", "missing.json", "a.json"],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.hasPrefix("scrolltrace: error: "), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("Error: "), "\(arguments): \(run.stderr)")
    }
  }
}
