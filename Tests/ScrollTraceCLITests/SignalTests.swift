// Signals: every one that ends the tool removes its temporaries first and ends it with the
// signal's own status; a reader that goes away ends it quietly.

import Foundation
import TestSupport
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct SignalTests {
  @Test func signalsLeaveNoTemporaryFiles() throws {
    let directory = try CLI.temporaryDirectory()
    let timeline = directory.appendingPathComponent("frames.jsonl").path
    for signal in ["INT", "TERM", "HUP"] {
      // `set -m`: a job of its own, so that SIGINT is not ignored as in a plain background job.
      let command =
        "set -m; timeout 60 '\(CLI.binary.path)' replay '\(HostileFiles.path("far-apart.sctrace"))' --engine plain --max-frames 100000000 --timeline '\(timeline)' & pid=$!; sleep 1; kill -\(signal) $pid; wait $pid; echo status $?"
      let output =
        CLI.shell("bash -c \"\(command.replacingOccurrences(of: "$", with: "\\$"))\"") ?? ""
      #expect(output.contains("status"), "\(signal): \(output)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "\(signal)")
    }
  }

  /// Every signal that ends the process removes the temporaries first (SIGINT, SIGTERM and SIGHUP
  /// did before; SIGPIPE, SIGUSR1, SIGALRM and SIGQUIT left them, and SIGQUIT did not end it).
  @Test(arguments: ["PIPE", "USR1", "ALRM", "QUIT", "TERM", "HUP", "XCPU"])
  func signalsLeaveNothingBehind(_ signal: String) throws {
    let directory = try CLI.temporaryDirectory()
    let output =
      CLI.shell(
        """
        cd '\(directory.path)'; set -m
        '\(CLI.binary.path)' replay '\(HostileFiles.path("far-apart.sctrace"))' --engine plain \
          --max-frames 100000000 --timeline t.jsonl -o r.json 2>/dev/null & pid=$!
        sleep 1; kill -\(signal) $pid; wait $pid; echo status $?
        """) ?? ""
    #expect(output.hasPrefix("status 1"), "\(signal): \(output)")  // 128 + the signal's number
    #expect(try HostileFiles.leftovers(directory).isEmpty, "\(signal)")
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.json").path))
  }

  /// A reader that goes away (`| head`) ends the tool without leaving the other output's temporary.
  @Test func aClosedPipeLeavesNothingBehind() throws {
    let directory = try CLI.temporaryDirectory()
    _ = CLI.shell(
      "cd '\(directory.path)' && '\(CLI.binary.path)' replay '\(HostileFiles.path("far-apart.sctrace"))' --engine plain --max-frames 100000000 --timeline /dev/stdout -o r.json 2>/dev/null | head -c 100 > /dev/null"
    )
    #expect(try HostileFiles.leftovers(directory).isEmpty)
  }

  // MARK: - Inputs read once
}
