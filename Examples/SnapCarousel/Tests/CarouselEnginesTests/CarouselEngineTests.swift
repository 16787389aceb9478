// The carousel's engines replayed on the example's trace, through scrolltrace's libraries.

import Analyze
import CarouselEngines
import Foundation
import Pipeline
import Replay
import Testing
import TraceIngest

@Suite struct CarouselEngineTests {
  /// The example's gesture script, synthesized into a trace in a temporary folder.
  static func trace() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let json = try Data(contentsOf: root.appendingPathComponent("Scripts/carousel-rotation.json"))
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json)))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "carousel-\(UUID().uuidString).sctrace"
    ).path
    let writer = try TraceWriter(path: path, header: synthesizer.header)
    for event in try synthesizer.events() { try writer.append(event) }
    try writer.close()
    return path
  }

  /// Replays the trace through `version` and analyses every frame, as `carousel-trace replay`
  /// does.
  static func analysis(version: Int) throws -> AnalysisSummary {
    let path = try trace()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let replay = try TraceReplay(
      TraceSource(path: path), engine: EngineRegistry.Entry { CarouselEngine(version: version) },
      settings: ReplaySettings())
    return replay.section.summary
  }

  @Test func version1RestsBetweenCardsAfterARotation() throws {
    let summary = try Self.analysis(version: 1)
    #expect(summary.boundaryGlitches.count >= 1)
    #expect(summary.boundaryGlitches.glitches.allSatisfy { $0.rule == .snapOffset })
  }

  @Test func version2KeepsTheCard() throws {
    let summary = try Self.analysis(version: 2)
    #expect(summary.boundaryGlitches.count == 0)
    #expect(summary.offsetJumps.count == 0)
  }

  @Test func cardsAreReusedAndPreparedForReuse() throws {
    let reuse = try Self.analysis(version: 2).reuse
    #expect(reuse.dequeuesReused > 0)
    #expect(reuse.lifecycle.reusedWithoutPreparing == 0)
    #expect(reuse.lifecycle.violations.count == 0)
    #expect(reuse.lifecycle.configured == reuse.dequeuesReused + reuse.dequeuesCreated)
  }
}
