// `scrolltrace replay` as a user runs it: timelines, determinism, errors and exit codes.

import Foundation
import TestSupport
import Testing
import TraceIngest

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
      #expect(run.stdout.contains("scrolltrace replay — plain@1") && run.stdout.contains(trace))
      texts.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(texts[0] == texts[1], "two runs of \(trace) differ")
    let lines = String(decoding: texts[0], as: UTF8.self).split(separator: "\n")
    #expect(lines.count > 100)
    var previous: Int64 = .min
    let phases: Set<String> = [
      "idle", "tracking", "dragging", "decelerating", "bouncing", "animating",
    ]
    for (index, line) in lines.enumerated() {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
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
    let last = try #require(
      try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
    #expect(last["phase"] as? String == "idle")
  }

  /// UIKit's default keeps the offset through the rotation: the pager shows the seam.
  @Test func pagerRotationShowsTheSeamUnderUIKitsDefault() throws {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("pager.jsonl").path
    #expect(
      try CLI.run([
        "replay", "--engine", "plain", "Traces/pager-rotation.sctrace", "--timeline", path,
      ]).status == 0)
    let frames = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let landscape = try #require(
      frames.first { ($0["boundsSize"] as? [Double])?.first == 852 && $0["transition"] == nil })
    let x = try #require((landscape["contentOffset"] as? [Double])?.first)
    #expect(x == 393)  // page 1 of a 393 pt pager, now 852 wide: not a page multiple
    let pages = try CLI.run([
      "replay", "--engine", "plain", "Traces/pager-rotation.sctrace", "--resize-policy",
      "keepPageIndex", "--timeline",
      path,
    ])
    #expect(pages.status == 0, "\(pages.stderr)")
    let fixed = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let after = try #require(
      fixed.first { ($0["boundsSize"] as? [Double])?.first == 852 && $0["transition"] == nil })
    #expect((after["contentOffset"] as? [Double])?.first == 852)
  }

  @Test func usageErrorsExitTwo() throws {
    let engine = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--engine", "warp"])
    #expect(engine.status == 2)
    #expect(engine.stderr.contains("unknown engine 'warp'"))
    let two = try CLI.run([
      "replay", "--engine", "plain", "Traces/pager-rotation.sctrace",
      "Traces/cardfeed-mixed.sctrace", "--timeline",
      "/tmp/x.jsonl",
    ])
    #expect(two.status == 2)
    #expect(two.stderr.contains("--timeline takes one trace"))
    let rate = try CLI.run([
      "replay", "--engine", "plain", "Traces/pager-rotation.sctrace", "--deceleration-rate", "1.5",
    ])
    #expect(rate.status == 2)
    #expect(rate.stderr.contains("--deceleration-rate"))
  }

  @Test func missingTraceExitsTwoAndLeavesNoTimeline() throws {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("t.jsonl").path
    let run = try CLI.run([
      "replay", "--engine", "plain", "Traces/nope.sctrace", "--timeline", path,
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("Traces/nope.sctrace"))
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  /// An edit naming an item the scene does not have: one error line naming the file and the time.
  @Test func impossibleEditExitsTwoNamingFileAndTime() throws {
    let header = TraceHeader(
      device: DeviceInfo(
        name: "t", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 60,
        touchSampleRate: 120))
    let events = [
      TraceEvent(
        timestamp: 0,
        .scene(
          Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")])))),
      TraceEvent(timestamp: 250_000_000, .sceneEdit(.delete(section: 0, index: 3, count: 1))),
    ]
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("bad-edit.sctrace")
    try Data(try TraceWriter.encode(header: header, events: events)).write(to: trace)
    let timeline = directory.appendingPathComponent("t.jsonl").path
    let run = try CLI.run(["replay", "--engine", "plain", trace.path, "--timeline", timeline])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "bad-edit.sctrace: event at 0.250000000 s: delete of 1 items at section 0 index 3"),
      "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: timeline))
  }

  static let engines = [
    "plain@1", "paging@1", "paging@2", "cardfeed@1", "cardfeed@2", "nested@1", "nested@2",
    "nested@3", "table@1", "magazine@1", "magazine@2", "magazine@3", "magazine@4",
    "magazine-chat@3",
    "magazine-chat@4",
    "chat@1",
    "chat@2",
    "chat@3",
  ]

  /// The frames of a timeline written by `replay --engine ENGINE --timeline`.
  static func timeline(_ trace: String, engine: String, extra: [String] = []) throws -> [[String:
    Any]]
  {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("t.jsonl").path
    let run = try CLI.run(["replay", trace, "--engine", engine, "--timeline", path] + extra)
    #expect(run.status == 0, "\(engine) on \(trace): \(run.stderr)")
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// The samples each engine lays out (plain takes every kind; the self-sizing engines take the
  /// list of cards, whose items have no estimate).
  static func samples(for engine: String) -> [String] {
    switch engine.split(separator: "@").first {
    case "paging": ["Traces/pager-rotation.sctrace"]
    case "cardfeed", "table", "magazine", "magazine-chat", "chat": ["Traces/cardfeed-mixed.sctrace"]
    case "nested": ["Traces/nested-container.sctrace"]
    default: traces
    }
  }

  @Test(arguments: engines)
  func everyEngineReplaysItsSamplesTheSameWayTwice(_ engine: String) throws {
    for trace in Self.samples(for: engine) {
      let directory = try CLI.temporaryDirectory()
      var texts: [Data] = []
      for name in ["a.jsonl", "b.jsonl"] {
        let path = directory.appendingPathComponent(name).path
        let run = try CLI.run(["replay", trace, "--engine", engine, "--timeline", path])
        #expect(run.status == 0, "\(engine) on \(trace): \(run.stderr)")
        texts.append(try Data(contentsOf: URL(fileURLWithPath: path)))
      }
      #expect(texts[0] == texts[1], "\(engine) on \(trace) differs between runs")
      let first = try #require(
        String(decoding: texts[0], as: UTF8.self).split(separator: "\n").first)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
      for key in ["visible", "pool", "work"] {
        #expect(object[key] != nil, "\(key) missing for \(engine)")
      }
    }
  }

  @Test func enginesVerbListsEveryEngineWithItsSource() throws {
    let run = try CLI.run(["engines", "--json"])
    #expect(run.status == 0)
    let names = try run.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])[
        "id"] as? String
    }
    #expect(names == Self.engines)
    let text = try CLI.run(["engines"])
    #expect(text.stdout.contains("cardfeed@1  Soapbox's CardScrollView as published"))
    #expect(text.stdout.contains("source: ole/OLEContainerScrollView"))
  }

  /// At rest after the rotation, paging@1 shows the seam (an offset off the page grid) and
  /// paging@2 a page; paging@2 reports the scroll fraction every frame.
  @Test func pagingSeamInVersionOneOnly() throws {
    for (engine, expectSeam) in [("paging@1", true), ("paging@2", false)] {
      let frames = try Self.timeline("Traces/pager-rotation.sctrace", engine: engine)
      var seams = 0
      for frame in frames
      where frame["phase"] as? String == "idle" && frame["transition"] == nil
        && frame["tracking"] as? Bool == false
      {
        let x = try #require((frame["contentOffset"] as? [Double])?.first)
        let width = try #require((frame["boundsSize"] as? [Double])?.first)
        if abs(x / width - (x / width).rounded()) > 0.001 { seams += 1 }
      }
      #expect((seams > 0) == expectSeam, "\(engine): \(seams) resting frames off the page grid")
      if engine == "paging@2" {
        for frame in frames {
          let values = try #require(frame["values"] as? [String: Double])
          let x = try #require((frame["contentOffset"] as? [Double])?.first)
          let width = try #require((frame["contentSize"] as? [Double])?.first)
          #expect(abs((values["scrollFraction"] ?? -1) - x / width) < 1e-5)
        }
      }
    }
  }

  /// cardfeed@1's collapse-on-hide makes the offset jump and leaves the content size stale;
  /// cardfeed@2 does neither.
  @Test func cardfeedJumpInVersionOneOnly() throws {
    for (engine, expectJump) in [("cardfeed@1", true), ("cardfeed@2", false)] {
      let frames = try Self.timeline("Traces/cardfeed-mixed.sctrace", engine: engine)
      var jumps = 0
      for (previous, frame) in zip(frames, frames.dropFirst()) {
        let a = try #require((previous["contentOffset"] as? [Double])?.last)
        let b = try #require((frame["contentOffset"] as? [Double])?.last)
        if abs(b - a) > 300 { jumps += 1 }
      }
      #expect((jumps > 0) == expectJump, "\(engine): \(jumps) jumps")
    }
  }

  /// nested@1 materialises every row; nested@2 only those on screen plus a few.
  @Test func nestedLiveViews() throws {
    var peaks: [String: Int] = [:]
    for engine in ["nested@1", "nested@2", "nested@3"] {
      let frames = try Self.timeline("Traces/nested-container.sctrace", engine: engine)
      peaks[engine] = frames.compactMap { ($0["pool"] as? [String: Any])?["live"] as? Int }.max()
      let visible = frames.map { ($0["visible"] as? [Any])?.count ?? 0 }.max() ?? 0
      if engine != "nested@1" { #expect((peaks[engine] ?? 0) <= visible + 4, "\(engine)") }
    }
    #expect(peaks["nested@1"] == 400 + 150 + 2)
  }
}

extension ReplayCLITests {
  /// Hostile timestamps (a gap of centuries, extremes of Int64) give one error line, not a hang or
  /// a crash.
  @Test func hugeTimeGapsAreRefused() throws {
    let header = TraceHeader(
      device: DeviceInfo(
        name: "t", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
        touchSampleRate: 120))
    let directory = try CLI.temporaryDirectory()
    for (index, times)
      in ([
        [-4_000_000_000_000_000_000, 4_000_000_000_000_000_000], [0, 4_000_000_000_000_000_000],
      ] as [[Int64]]).enumerated()
    {
      let events = [
        TraceEvent(
          timestamp: times[0],
          .scene(
            Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")])))),
        TraceEvent(timestamp: times[1], .marker("far away")),
      ]
      let trace = directory.appendingPathComponent("gap\(index).sctrace")
      try Data(try TraceWriter.encode(header: header, events: events)).write(to: trace)
      let run = try CLI.run(["replay", trace.path, "--engine", "cardfeed@1"])
      #expect(run.status == 2, "\(run.stderr)")
      #expect(run.stderr.contains("more than 24 hours apart"))
    }
  }
}

extension ReplayCLITests {
  /// A scene an engine does not lay out: one clear line, exit 2, no timeline.
  @Test func sceneTheEngineDoesNotUnderstandIsRefused() throws {
    let directory = try CLI.temporaryDirectory()
    let timeline = directory.appendingPathComponent("t.jsonl").path
    for (trace, engine, kind) in [
      (
        "Traces/cardfeed-mixed.sctrace", "paging",
        "paging@2 lays out pages scenes; this trace has a list scene"
      ),
      (
        "Traces/pager-rotation.sctrace", "cardfeed@1",
        "cardfeed@1 lays out list scenes; this trace has a pages scene"
      ),
      (
        "Traces/cardfeed-mixed.sctrace", "nested@2",
        "nested@2 lays out container scenes; this trace has a list scene"
      ),
    ] {
      let run = try CLI.run(["replay", trace, "--engine", engine, "--timeline", timeline])
      #expect(run.status == 2)
      #expect(run.stderr.contains("\(trace): event at "), "\(run.stderr)")
      #expect(run.stderr.contains(kind), "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: timeline))
    }
  }
}

extension ReplayCLITests {
  /// Explicit model flags win over the engine's own settings: paging@1 with Vimeo's resize policy
  /// no longer rests on the seam, and cardfeed@2 at the normal rate (its component uses `.fast`)
  /// travels further.
  @Test func explicitModelFlagsOverrideTheEngine() throws {
    let fixed = try Self.timeline(
      "Traces/pager-rotation.sctrace", engine: "paging@1",
      extra: ["--resize-policy", "keepPageIndex"])
    for frame in fixed
    where frame["phase"] as? String == "idle" && frame["transition"] == nil
      && frame["tracking"] as? Bool == false
    {
      let x = try #require((frame["contentOffset"] as? [Double])?.first)
      let width = try #require((frame["boundsSize"] as? [Double])?.first)
      #expect(
        abs(x / width - (x / width).rounded()) < 0.001,
        "paging@1 --resize-policy keepPageIndex rests off the page grid")
    }
    func travel(_ extra: [String]) throws -> Double {
      let frames = try Self.timeline(
        "Traces/cardfeed-mixed.sctrace", engine: "cardfeed@2", extra: extra)
      let ys = frames.compactMap { ($0["contentOffset"] as? [Double])?.last }
      return zip(ys, ys.dropFirst()).reduce(0) { $0 + abs($1.1 - $1.0) }
    }
    let engineDefault = try travel([])
    #expect(try travel(["--deceleration-rate", "fast"]) == engineDefault)
    #expect(try travel(["--deceleration-rate", "normal"]) != engineDefault)
  }
}
