// Another build run as a child (`--baseline-tool`): under a deadline, in a process group of its
// own that ends with the tool, its standard error bounded to its tail.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct BaselineToolChildCLITests {
  static let feed = "Traces/cardfeed-mixed.sctrace"

  /// An executable shell script `name` in `directory` with `body`.
  static func script(_ name: String, _ body: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    #expect(chmod(path, 0o755) == 0)
    return path
  }

  /// The number of processes whose command line holds `marker` (`[s]leep`, so that the shell
  /// asking is not one of them).
  static func running(_ marker: String) -> Int {
    Int(
      (CLI.shell("pgrep -fc -- '[\(marker.prefix(1))]\(marker.dropFirst())' || true") ?? "0")
        .filter(\.isNumber)) ?? 0
  }

  @Test func aBuildThatHangsIsEndedWithItsChildrenAtTheTimeout() throws {
    let directory = try CLI.temporaryDirectory()
    let marker = "sleep 7\(Int.random(in: 100...999))"
    let hang = try Self.script("hang.sh", "\(marker) &\n\(marker)", in: directory)
    let start = Date()
    let run = try CLI.run([
      "diff", "--baseline-tool", hang, "--baseline", "cardfeed@1", "--candidate", "cardfeed@2",
      Self.feed, "--repeat", "1", "--baseline-tool-timeout", "2",
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("ran past --baseline-tool-timeout (2 s)"), "\(run.stderr)")
    #expect(Date().timeIntervalSince(start) < 20)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(Self.running(marker) == 0)
  }

  @Test func aBuildThatFloodsStandardErrorCostsNoMemory() throws {
    let directory = try CLI.temporaryDirectory()
    let loud = try Self.script(
      "loud.sh",
      "head -c 200000000 /dev/zero | tr '\\0' x >&2\necho >&2\necho 'the last line' >&2\nexit 3",
      in: directory)
    let output =
      CLI.shell(
        "cd '\(CLI.root.path)' && /usr/bin/time -f 'peak %M' '\(CLI.binary.path)' diff --baseline-tool '\(loud)' --baseline cardfeed@1 --candidate cardfeed@2 \(Self.feed) --repeat 1 2>&1; true"
      ) ?? ""
    #expect(output.contains("exited 3: the last line"), "\(output.prefix(500))")
    let lines = output.split(separator: "\n")
    #expect(lines.allSatisfy { $0.utf8.count < 10_000 })
    let peak = Int(lines.last?.split(separator: " ").last ?? "") ?? .max
    #expect(peak < 150_000, "\(output.suffix(200))")
  }

  @Test func aSignalToTheToolEndsTheBuildItRuns() throws {
    let directory = try CLI.temporaryDirectory()
    let marker = "sleep 8\(Int.random(in: 100...999))"
    let hang = try Self.script("hang.sh", "\(marker) &\n\(marker)", in: directory)
    let output =
      CLI.shell(
        """
        cd '\(CLI.root.path)'
        set -m
        '\(CLI.binary.path)' diff --baseline-tool '\(hang)' --baseline cardfeed@1 --candidate cardfeed@2 \(Self.feed) --repeat 1 2>/dev/null &
        tool=$!
        sleep 1
        echo "before $(pgrep -fc -- '[\(marker.prefix(1))]\(marker.dropFirst())')"
        kill -TERM $tool
        wait $tool; echo "status $?"
        sleep 0.3
        echo "after $(pgrep -fc -- '[\(marker.prefix(1))]\(marker.dropFirst())' || true)"
        """) ?? ""
    #expect(output.contains("before 2"), "\(output)")
    #expect(output.contains("status 143"), "\(output)")
    #expect(output.contains("after 0"), "\(output)")
  }
}
