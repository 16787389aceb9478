// Frames at rest advanced in bulk (FrameRun) give exactly what stepping every frame gives: the same
// frames and the same analysis, for every built-in engine, on the sample traces, a field-like
// trace and random traces with gaps of every length.

import Analyze
import Foundation
import Replay
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct IdleFrameRunTests {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// What one replay gave: every frame, the analysis, and how many frames came in runs of more than one.
  struct Outcome {
    var frames: [ReplayFrame] = []
    var summary: AnalysisSummary
    var framesInRuns: Int64 = 0
    var error: String?
  }

  /// Replays `path` through `entry`: in runs, the analysis taking each run at once; or stepping
  /// every frame, the analysis taking each frame.
  static func replay(
    _ path: String, _ entry: EngineRegistry.Entry, skipping: Bool,
    limits: ReplayLimits = ReplayLimits(), overrides: ScrollViewOverrides = ScrollViewOverrides()
  ) throws -> Outcome {
    let reader = try TraceReader(path: path)
    var analysis = TraceAnalysis(
      settings: AnalysisSettings(), refreshRate: reader.header.device.refreshRate)
    var frames: [ReplayFrame] = []
    var inRuns: Int64 = 0
    var failure: String?
    do {
      try entry.replayRuns(
        reader, overrides: overrides, settleLimit: 10, limits: limits,
        skippingIdleFrames: skipping
      ) {
        run, _ in
        if run.count > 1 { inRuns += run.count }
        frames.append(contentsOf: run.frames)
        if skipping {
          analysis.consume(run)
        } else {
          #expect(run.count == 1)
          analysis.consume(run.first)
        }
      }
    } catch {
      failure = (error as? ReplayError).map { "\($0.code.rawValue): \($0)" } ?? "\(error)"
    }
    return Outcome(frames: frames, summary: analysis.summary, framesInRuns: inRuns, error: failure)
  }

  /// Checks that both ways agree on `path` for every engine that lays out its scene; returns the
  /// frames that came in runs.
  @discardableResult
  static func expectAlike(
    _ path: String, engines: [EngineRegistry.Entry] = EngineRegistry.builtIn.entries,
    limits: ReplayLimits = ReplayLimits()
  ) throws -> Int64 {
    var inRuns: Int64 = 0
    for entry in engines {
      let stepped = try replay(path, entry, skipping: false, limits: limits)
      let skipped = try replay(path, entry, skipping: true, limits: limits)
      #expect(stepped.error == skipped.error, "\(path) on \(entry.descriptor)")
      #expect(stepped.frames.count == skipped.frames.count, "\(path) on \(entry.descriptor)")
      if let index = zip(stepped.frames, skipped.frames).enumerated().first(where: {
        $0.element.0 != $0.element.1
      })?.offset {
        Issue.record("\(path) on \(entry.descriptor): frame \(index) differs")
      }
      #expect(stepped.summary == skipped.summary, "\(path) on \(entry.descriptor)")
      try expectReportsReusedAlike(path, entry, limits: limits)
      inRuns += skipped.framesInRuns
    }
    return inRuns
  }

  /// Replays `path` with a consumer that keeps no frame, so that each report goes back to the
  /// engine and the next is written over it in its storage (``ScrollEngine/frameReport(into:for:)``),
  /// and checks every frame against the frames a session gives when pulled step by step
  /// (`FrameSchedule`), which hands no report back: each of those is written into a new one.
  static func expectReportsReusedAlike(
    _ path: String, _ entry: EngineRegistry.Entry, limits: ReplayLimits
  ) throws {
    let pulling = try TraceReader(path: path)
    var session = entry.makeSession(header: pulling.header)
    let rate = pulling.header.device.refreshRate
    var schedule = FrameSchedule(
      events: ReaderEvents(pulling), refreshRate: rate, trailingFrames: Int(rate * 10))
    var expected: [ReplayFrame] = []
    do {
      while let step = schedule.next() {
        if let frame = try session.step(step) { expected.append(frame) }
      }
    } catch {}
    let reader = try TraceReader(path: path)
    var index = 0
    var firstDifference: Int?
    _ = try? entry.replayRuns(reader, settleLimit: 10, limits: limits, skippingIdleFrames: false) {
      run, _ in
      if firstDifference == nil, index >= expected.count || run.first != expected[index] {
        firstDifference = index
      }
      index += 1
    }
    #expect(index > 0 || expected.isEmpty, "\(path) on \(entry.descriptor)")
    #expect(
      firstDifference == nil,
      "\(path) on \(entry.descriptor): frame \(firstDifference ?? 0) differs with reports reused")
  }

  @Test(arguments: ["pager-rotation", "cardfeed-mixed", "nested-container"])
  func sampleTraces(_ name: String) throws {
    try Self.expectAlike(Self.root.appendingPathComponent("Traces/\(name).sctrace").path)
  }

  @Test func realRecordings() throws {
    let folder = Self.root.appendingPathComponent("Traces/real")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".sctrace")
    }.sorted()
    #expect(!names.isEmpty)
    for name in names {
      try Self.expectAlike(
        folder.appendingPathComponent(name).path, engines: [EngineRegistry.builtIn.entries[0]])
    }
  }

  /// A few minutes of a card feed at rest between gestures: most frames come in runs, and the
  /// analysis is the same.
  @Test func fieldLikeTrace() throws {
    let json = """
      {
        "device": { "screen": [393, 852], "scale": 3, "refreshRate": 120, "touchRate": 240 },
        "seed": 9, "jitter": { "position": 0.3, "timing": 0.0003 },
        "viewport": { "size": [393, 852], "safeArea": { "top": 59, "bottom": 34 } },
        "scene": { "list": [{ "length": 700, "reuse": "text", "repeat": 30 }, { "length": 1300, "reuse": "photo", "repeat": 10 }], "axis": "vertical" },
        "steps": [
          { "wait": 20 }, { "fling": { "from": [190, 640], "velocity": [0, -2400], "duration": 0.08 } },
          { "wait": 30 }, { "drag": { "from": [200, 300], "by": [0, 260], "duration": 0.4 } },
          { "wait": 25 }, { "resizeItem": { "index": 3, "length": 1500 } }, { "wait": 10 },
          { "rotate": { "duration": 0.3 } }, { "wait": 15 }
        ]
      }
      """
    let path = try Self.write(json: json)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let inRuns = try Self.expectAlike(path)
    // 85 s at 120 Hz before the last wait (the replay stops once at rest after the last event),
    // for each of the three engines that lay out lists: 30,600 frames, nearly all in runs.
    #expect(inRuns > 28_000)
  }

  /// Random gestures, resizes, edits and markers with gaps from a frame to minutes apart.
  @Test func randomTraces() throws {
    var random = SeededGenerator(seed: 2026)  // The synthesizer's own SplitMix64.
    for _ in 0..<12 {
      var steps: [String] = []
      for _ in 0..<Int.random(in: 2...8, using: &random) {
        let wait = [0.004, 0.02, 0.3, 2, 45][Int.random(in: 0...4, using: &random)]
        steps.append(#"{ "wait": \#(wait) }"#)
        let dy = Int.random(in: -900...900, using: &random)
        switch Int.random(in: 0...6, using: &random) {
        case 0:
          steps.append(
            #"{ "fling": { "from": [190, 400], "velocity": [0, \#(dy * 4)], "duration": 0.07 } }"#)
        case 1:
          steps.append(#"{ "drag": { "from": [200, 400], "by": [0, \#(dy)], "duration": 0.3 } }"#)
        case 2: steps.append(#"{ "hold": { "at": [200, 400], "duration": \#(wait) } }"#)
        case 3:
          steps.append(
            #"{ "resize": { "size": [\#(Int.random(in: 300...900, using: &random)), 700], "duration": 0.25 } }"#
          )
        case 4:
          steps.append(
            #"{ "resizeItem": { "index": \#(Int.random(in: 0...5, using: &random)), "length": \#(Int.random(in: 50...1500, using: &random)) } }"#
          )
        case 5: steps.append(#"{ "scrollTo": { "offset": [0, \#(abs(dy) * 3)] } }"#)
        default: steps.append(#"{ "marker": "m" }"#)
        }
      }
      let json = """
        {
          "device": { "screen": [393, 852], "scale": 3, "refreshRate": \([60, 120][Int.random(in: 0...1, using: &random)]), "touchRate": 240 },
          "seed": \(Int.random(in: 0...1000, using: &random)),
          "viewport": { "size": [393, 852] },
          "scene": { "list": [{ "length": 400, "reuse": "row", "repeat": 40 }], "axis": "vertical" },
          "steps": [\(steps.joined(separator: ", "))]
        }
        """
      let path = try Self.write(json: json)
      defer { try? FileManager.default.removeItem(atPath: path) }
      try Self.expectAlike(path)
    }
  }

  /// A trace whose frames the clock drives until frame ticks take over, halfway through a rest:
  /// the clock frames before the first tick are not presented (ticks win), in runs as stepped.
  @Test func ticksTakingOverMidRest() throws {
    let json = """
      {
        "device": { "screen": [393, 852], "scale": 3, "refreshRate": 120, "touchRate": 240 },
        "seed": 4, "viewport": { "size": [393, 852] },
        "scene": { "list": [{ "length": 400, "reuse": "row", "repeat": 40 }], "axis": "vertical" },
        "steps": [
          { "wait": 1 }, { "fling": { "from": [190, 640], "velocity": [0, -2400], "duration": 0.08 } },
          { "wait": 6 }, { "drag": { "from": [200, 300], "by": [0, 260], "duration": 0.4 } }, { "wait": 6 }
        ]
      }
      """
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json.utf8)))
    var events = try synthesizer.events()
    // Ticks every 1/60 s from 4.5 s on (mid-rest after the fling), merged in time order.
    let start: Int64 = 4_500_000_000
    let end = (events.last?.timestamp ?? 0) + 2_000_000_000
    let ticks = stride(from: start, through: end, by: 16_667_000).map {
      TraceEvent(timestamp: $0, .frameTick)
    }
    events = (events + ticks).enumerated().sorted {
      ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
    }.map(\.element)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "idle-ticks-\(UUID().uuidString).sctrace"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = try TraceWriter(path: path, header: synthesizer.header)
    for event in events { try writer.append(event) }
    try writer.close()
    try Self.expectAlike(path)
  }

  /// Limits that stop a replay in the middle of a rest stop it at the same frame, with the same
  /// error, whether the rest is stepped or taken in runs: a run is cut where the frames or the
  /// items they report would cross the limit.
  @Test func limitsBindingMidRest() throws {
    let path = try Self.write(
      json: """
        {
          "device": { "screen": [393, 852], "scale": 3, "refreshRate": 120, "touchRate": 240 },
          "seed": 5, "viewport": { "size": [393, 852] },
          "scene": { "container": [{ "list": [{ "length": 44, "reuse": "row", "repeat": 400 }] }], "axis": "vertical" },
          "steps": [
            { "wait": 1 }, { "fling": { "from": [190, 640], "velocity": [0, -2400], "duration": 0.08 } },
            { "wait": 30 }, { "drag": { "from": [200, 300], "by": [0, 260], "duration": 0.4 } }, { "wait": 1 }
          ]
        }
        """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let nested = EngineRegistry.builtIn.entries.filter { $0.descriptor.name == "nested" }
    // About 24 items a frame at rest: 50 000 items last some 2 000 frames, inside the 30 s (3 600-frame) rest.
    let items = ReplayLimits(itemAllowance: 50_000, itemsPerEvent: 0)
    let frames = ReplayLimits(frameAllowance: 3_000, framesPerEvent: 0)
    for (limits, flag) in [(items, "itemLimit"), (frames, "frameLimit")] {
      try Self.expectAlike(path, engines: nested, limits: limits)
      for entry in nested {
        let outcome = try Self.replay(path, entry, skipping: true, limits: limits)
        #expect(
          outcome.error?.contains(flag) == true,
          "\(entry.descriptor): \(outcome.error ?? "no error") after \(outcome.frames.count) frames, \(outcome.frames.reduce(Int64(0)) { $0 + $1.engine.reportedItems }) items"
        )
        #expect(outcome.framesInRuns > 1_000, "\(entry.descriptor): the rest came in runs")
      }
    }
  }

  /// An engine that does not promise alike reports at rest is stepped frame by frame.
  @Test func enginesOptIn() throws {
    struct Counting: ScrollEngine {
      let descriptor = EngineDescriptor(
        name: "counting", version: 1, summary: "test", source: "test")
      var reports = 0
      mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame {
        reports += 1
        return EngineFrame()
      }
    }
    let path = Self.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace").path
    let outcome = try Self.replay(path, EngineRegistry.Entry { Counting() }, skipping: true)
    #expect(outcome.framesInRuns == 0)
    #expect(!outcome.frames.isEmpty)
  }

  /// Writes the trace `json` (a synth script) synthesizes to a temporary file.
  static func write(json: String) throws -> String {
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json.utf8)))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "idle-\(UUID().uuidString).sctrace"
    ).path
    let writer = try TraceWriter(path: path, header: synthesizer.header)
    for event in try synthesizer.events() { try writer.append(event) }
    try writer.close()
    return path
  }
}
