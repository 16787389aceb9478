// Observed frames (format 1.2) through the verbs a user runs: synth writes them from a scripted
// device, info, dump, convert and export show them, and stored chunks convert both ways.

import Foundation
import TestSupport
import Testing

@Suite struct ObservedFrameCLITests {
  @Test func synthObservesADeviceAndEveryVerbShowsIt() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("observed.sctrace").path
    let run = try CLI.run([
      "synth", "Traces/scripts/pager-rotation.json", "--observe", "paging@2", "--drop-frames", "3",
      "4", "-o", trace,
    ])
    #expect(run.status == 0, "\(run.stderr)")

    let info = try CLI.run(["info", trace]).stdout
    #expect(info.contains("format       1.3"))
    let count = try #require(
      info.split(separator: " ").firstIndex(of: "observedFrame").map { index in
        Int(info.split(separator: " ")[index + 1].filter(\.isNumber))
      } ?? nil)
    // The replay of pager-rotation on paging@2 presents 912 frames; two were dropped.
    #expect(count == 910)
    #expect(!info.contains("frameTick"), "the observations replace the script's ticks")

    let dump = try CLI.run(["dump", trace, "--kind", "observedFrame"]).stdout
    let lines = dump.split(separator: "\n").dropFirst()
    #expect(lines.count == 910)
    #expect(lines.first?.contains(#""kind":"observedFrame","target_time_ns":8333000"#) == true)
    #expect(lines.allSatisfy { $0.contains(#""contentOffset":["#) })

    // Stored chunks (as the recorder writes), through the reference decoder, and back.
    let stored = directory.appendingPathComponent("stored.sctrace").path
    #expect(try CLI.run(["convert", trace, "--stored", "-o", stored]).status == 0)
    let raw = try #require(CLI.shell("zstd -dc '\(stored)' | wc -c"))
    #expect(info.contains("raw \(raw.trimmingCharacters(in: .whitespacesAndNewlines)) bytes"))
    let back = directory.appendingPathComponent("back.sctrace").path
    #expect(try CLI.run(["convert", stored, "-o", back]).status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: back))
        == Data(contentsOf: URL(fileURLWithPath: trace)))

    // The replay presents a frame at each observation, and export draws the device's offset.
    let chrome = directory.appendingPathComponent("trace.json").path
    let export = try CLI.run(["export", "--chrome", chrome, trace, "--engine", "paging@2"])
    #expect(export.status == 0, "\(export.stderr)")
    let json = try String(contentsOfFile: chrome, encoding: .utf8)
    #expect(json.components(separatedBy: #""device contentOffset (pt)""#).count - 1 == 910)
  }

  @Test func dropFramesNeedsADevice() throws {
    let run = try CLI.run([
      "synth", "Traces/scripts/pager-rotation.json", "--drop-frames", "3", "-o", "/dev/null",
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--drop-frames needs --observe"))
  }
}
