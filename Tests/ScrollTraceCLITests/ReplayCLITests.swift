// `scrolltrace replay` as a user runs it: timelines, determinism, errors and exit codes.

import Foundation
import Testing
import TraceFormat

@Suite(.serialized) struct ReplayCLITests {
  static let traces = CLITests.scripts.map { "Traces/\($0).sctrace" }

  @Test(arguments: traces)
  func plainTimelineOfEverySampleIsCompleteAndReproducible(_ trace: String) throws {
    let directory = try CLI.temporaryDirectory()
    var texts: [Data] = []
    for name in ["a.jsonl", "b.jsonl"] {
      let path = directory.appendingPathComponent(name).path
      let run = try CLI.run(["replay", trace, "--engine", "plain", "--timeline", path])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("\(trace) — plain@1"))
      texts.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(texts[0] == texts[1], "two runs of \(trace) differ")
    let lines = String(decoding: texts[0], as: UTF8.self).split(separator: "\n")
    #expect(lines.count > 100)
    var previous: Int64 = .min
    let phases: Set<String> = ["idle", "tracking", "dragging", "decelerating", "bouncing", "animating"]
    for (index, line) in lines.enumerated() {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["frame"] as? Int == index)
      let time = try #require((object["time_ns"] as? NSNumber)?.int64Value)
      #expect(time > previous)
      previous = time
      #expect(phases.contains(object["phase"] as? String ?? ""))
      for key in ["contentOffset", "velocity", "boundsSize", "contentSize"] {
        #expect((object[key] as? [Double])?.count == 2, "\(key) in line \(index)")
      }
      let inset = try #require(object["adjustedContentInset"] as? [String: Double])
      #expect(Set(inset.keys) == ["top", "left", "bottom", "right"])
    }
    // The replay ends at rest.
    let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
    #expect(last["phase"] as? String == "idle")
  }

  /// UIKit's default keeps the offset through the rotation: the pager shows the seam.
  @Test func pagerRotationShowsTheSeamUnderUIKitsDefault() throws {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("pager.jsonl").path
    #expect(try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--timeline", path]).status == 0)
    let frames = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let landscape = try #require(frames.first { ($0["boundsSize"] as? [Double])?.first == 852 && $0["transition"] == nil })
    let x = try #require((landscape["contentOffset"] as? [Double])?.first)
    #expect(x == 393)  // page 1 of a 393 pt pager, now 852 wide: not a page multiple
    let pages = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--resize-policy", "keepPageIndex", "--timeline", path])
    #expect(pages.status == 0, "\(pages.stderr)")
    let fixed = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let after = try #require(fixed.first { ($0["boundsSize"] as? [Double])?.first == 852 && $0["transition"] == nil })
    #expect((after["contentOffset"] as? [Double])?.first == 852)
  }

  @Test func usageErrorsExitTwo() throws {
    let engine = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--engine", "warp"])
    #expect(engine.status == 2)
    #expect(engine.stderr.contains("unknown engine 'warp'"))
    let two = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "Traces/cardfeed-mixed.sctrace", "--timeline", "/tmp/x.jsonl"])
    #expect(two.status == 2)
    #expect(two.stderr.contains("--timeline takes one trace"))
    let rate = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--deceleration-rate", "1.5"])
    #expect(rate.status == 2)
    #expect(rate.stderr.contains("--deceleration-rate"))
  }

  @Test func missingTraceExitsTwoAndLeavesNoTimeline() throws {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("t.jsonl").path
    let run = try CLI.run(["replay", "Traces/nope.sctrace", "--timeline", path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("Traces/nope.sctrace"))
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  /// An edit naming an item the scene does not have: one error line naming the file and the time.
  @Test func impossibleEditExitsTwoNamingFileAndTime() throws {
    let header = TraceHeader(device: DeviceInfo(name: "t", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 60, touchSampleRate: 120))
    let events = [
      TraceEvent(timestamp: 0, .scene(Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")])))),
      TraceEvent(timestamp: 250_000_000, .sceneEdit(.delete(section: 0, index: 3, count: 1))),
    ]
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("bad-edit.sctrace")
    try Data(try TraceWriter.encode(header: header, events: events)).write(to: trace)
    let timeline = directory.appendingPathComponent("t.jsonl").path
    let run = try CLI.run(["replay", trace.path, "--timeline", timeline])
    #expect(run.status == 2)
    #expect(run.stderr.contains("bad-edit.sctrace: event at 0.250000000 s: delete of 1 items at section 0 index 3"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: timeline))
  }
}
