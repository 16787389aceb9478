// scrolltrace — MagazineLayout's published story, told by the content-shift analysis.

import Analyze
import Foundation
import Replay
import Testing
import TraceCore
import TraceIngest

/// The four `magazine` versions over the scripts in `Traces/scripts/magazine-*.json`: what each
/// published version of airbnb/MagazineLayout did to content that changed under the finger.
@Suite struct ContentShiftStoryTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `script` (a file of `Traces/scripts`) synthesized to a temporary trace, whose path `body`
  /// gets.
  static func withTrace<T>(_ script: String, _ body: (String) throws -> T) throws -> T {
    let json = try Data(contentsOf: root.appendingPathComponent("Traces/scripts/\(script).json"))
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json)))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(script)-\(UUID().uuidString).sctrace").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = try TraceWriter(path: path, header: synthesizer.header)
    try synthesizer.synthesize { try writer.append($0) }
    try writer.close()
    return try body(path)
  }

  /// The content-shift summary of `script` (a file of `Traces/scripts`) replayed on `engine`.
  static func shifts(_ script: String, _ engine: String) throws -> ContentShiftSummary {
    try withTrace(script) { path in try shifts(path: path, engine) }
  }

  static func shifts(
    path: String, _ engine: String, uikit: UIKitBehavior = .current
  ) throws -> ContentShiftSummary {
    let entry = try #require(EngineRegistry.builtIn.entry(named: engine))
    var overrides = ScrollViewOverrides()
    overrides.uikit = uikit
    let outcome = try IdleFrameRunTests.replay(path, entry, skipping: true, overrides: overrides)
    #expect(outcome.error == nil)
    return try #require(outcome.summary.contentShift)
  }

  /// Scrolling up into cards never sized: the content moves under the finger on @1 (no
  /// compensation, #9) and @3 (the anchor is the card being sized, #137), not on @2 (#11) or @4.
  @Test func scrollingUpIntoUnsizedCards() throws {
    for engine in ["magazine@1", "magazine@3"] {
      let summary = try Self.shifts("magazine-scroll-up", engine)
      #expect(summary.whileTracking >= 10, "\(engine)")
      #expect(summary.largest >= 80, "\(engine)")
      #expect(summary.byCause.map(\.cause) == [.sizeResolved], "\(engine)")
    }
    for engine in ["magazine@2", "magazine@4"] {
      #expect(try Self.shifts("magazine-scroll-up", engine).count == 0, "\(engine)")
    }
  }

  /// UIKit's own self-sizing table compensates nothing and anchors nothing: on every script of the
  /// story it shifts exactly as MagazineLayout 1.0.0 did.
  @Test func theStockTableIsWhereMagazineLayoutStarted() throws {
    for script in [
      "magazine-scroll-up", "magazine-rotation", "magazine-prepend", "magazine-programmatic",
    ] {
      try Self.withTrace(script) { path in
        let table = try Self.shifts(path: path, "table@1")
        #expect(table.count > 0, "\(script)")
        #expect(table == (try Self.shifts(path: path, "magazine@1")), "\(script)")
      }
    }
  }

  /// The same scroll up in a grid of whole, half and third-width cards (MagazineLayout's rows, each
  /// as tall as its tallest card): @1 and @3 shift under the finger; @2's rule for a second item of
  /// the same row (ddbcffc) and @4's anchor keep the content still.
  @Test func scrollingUpIntoUnsizedRowsOfHalvesAndThirds() throws {
    for engine in ["magazine@1", "magazine@3"] {
      let summary = try Self.shifts("magazine-grid", engine)
      #expect(summary.whileTracking >= 10, "\(engine)")
      #expect(summary.byCause.map(\.cause) == [.sizeResolved], "\(engine)")
    }
    for engine in ["magazine@2", "magazine@4"] {
      #expect(try Self.shifts("magazine-grid", engine).count == 0, "\(engine)")
    }
  }

  /// Without a finger, @2's compensation (only while dragging or decelerating) does nothing.
  @Test func scrollingInCode() throws {
    for engine in ["magazine@1", "magazine@2", "magazine@3"] {
      let summary = try Self.shifts("magazine-programmatic", engine)
      #expect(summary.count > 0 && summary.whileTracking == 0, "\(engine)")
    }
    #expect(try Self.shifts("magazine-programmatic", "magazine@4").count == 0)
  }

  /// Five cards prepended while reading mid-feed: @3 and @4 keep the reading position (the
  /// batch update's anchor), @1 and @2 let UIKit keep the offset, and the content is pushed away
  /// by what was inserted.
  @Test func aPrependMidFeed() throws {
    for engine in ["magazine@1", "magazine@2"] {
      let summary = try Self.shifts("magazine-prepend", engine)
      #expect(summary.count == 1, "\(engine)")
      #expect(summary.largest >= 5 * 120, "\(engine)")
      #expect(summary.byCause.map(\.cause) == [.batchUpdate], "\(engine)")
    }
    for engine in ["magazine@3", "magazine@4"] {
      #expect(try Self.shifts("magazine-prepend", engine).count == 0, "\(engine)")
    }
  }

  /// Five cards prepended while the feed decelerates: @3 and @4 keep the reading position, but on
  /// iOS 15.1 UIKit ignored the layout's target offset while the user scrolled (ChatLayout
  /// d0edb6f, FB9727104), so the same layouts push the content away as @1 and @2 do everywhere.
  @Test func aPrependMidFlingOnIOS15_1() throws {
    try Self.withTrace("magazine-prepend-fling") { path in
      for engine in ["magazine@1", "magazine@2"] {
        for uikit in UIKitBehavior.profiles {
          let summary = try Self.shifts(path: path, engine, uikit: uikit)
          #expect(summary.count == 1 && summary.largest >= 5 * 120, "\(engine) \(uikit.name)")
        }
      }
      for engine in ["magazine@3", "magazine@4"] {
        #expect(try Self.shifts(path: path, engine).count == 0, "\(engine)")
        let summary = try Self.shifts(path: path, engine, uikit: .iOS15Point1)
        #expect(summary.count == 1, "\(engine)")
        #expect(summary.largest >= 5 * 120, "\(engine)")
        #expect(summary.byCause.map(\.cause) == [.batchUpdate], "\(engine)")
        #expect(summary.updatesMidFling == 1, "\(engine)")
      }
    }
  }

  /// #9: after a rotation throws every size away, scrolling up jumps on @1; @2 fixed it (#11), @3
  /// broke it again (#137), @4 fixed it again and keeps the reading position across the rotation.
  @Test func aRotationThenScrollingUp() throws {
    func tracked(_ engine: String) throws -> Int {
      try Self.shifts("magazine-rotation", engine).whileTracking
    }
    #expect(try tracked("magazine@1") > 0)
    #expect(try tracked("magazine@2") == 0)
    #expect(try tracked("magazine@3") > 0)
    #expect(try Self.shifts("magazine-rotation", "magazine@4").count == 0)
  }

  /// A self-sizing engine's frames at rest are alike (`reportsAlikeAtRest`): taken in runs, the
  /// replay and its analysis are those of every frame stepped, sizes resolving included.
  @Test func framesAtRestInRunsAreTheSteppedOnes() throws {
    let engines = try ["magazine@1", "magazine@2", "magazine@3", "magazine@4", "magazine-chat@4"]
      .map { try #require(EngineRegistry.builtIn.entry(named: $0)) }
    for script in ["magazine-scroll-up", "magazine-prepend", "magazine-rotation"] {
      _ = try Self.withTrace(script) { path in
        try IdleFrameRunTests.expectAlike(path, engines: engines)
      }
    }
  }

  /// Engines without item identities have no content-shift figure: their reports stay as they
  /// were.
  @Test func otherEnginesHaveNone() throws {
    let path = Self.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace").path
    let entry = try #require(EngineRegistry.builtIn.entry(named: "cardfeed@2"))
    #expect(try IdleFrameRunTests.replay(path, entry, skipping: true).summary.contentShift == nil)
  }

  /// A built-in engine that declares no identities (`ScrollEngine.reportsItemIdentities`) reports
  /// none on any sample trace it lays out; and an analysis told so looks at no frame, so even a
  /// self-sizing table's frames, which carry identities, give it no figure.
  @Test func anEngineThatDeclaresNoIdentitiesReportsNone() throws {
    let declining = EngineRegistry.builtIn.entries.filter { !$0.reportsItemIdentities }
    #expect(
      Set(declining.map(\.descriptor.name)) == ["plain", "paging", "cardfeed", "nested"])
    var checked = 0
    for entry in declining {
      for trace in ["pager-rotation", "cardfeed-mixed", "nested-container"] {
        let path = Self.root.appendingPathComponent("Traces/\(trace).sctrace").path
        let outcome = try IdleFrameRunTests.replay(path, entry, skipping: true)
        guard outcome.error == nil else { continue }
        let identified = outcome.frames.contains { frame in
          (frame.engine.visibleItems + frame.engine.nearbyItems).contains { $0.id != nil }
        }
        #expect(!identified, "\(entry.descriptor) on \(trace)")
        checked += 1
      }
    }
    // Each engine lays out at least the trace made for it.
    #expect(checked >= declining.count)
    try Self.withTrace("magazine-scroll-up") { path in
      let entry = try #require(EngineRegistry.builtIn.entry(named: "table@1"))
      #expect(entry.reportsItemIdentities)
      let outcome = try IdleFrameRunTests.replay(path, entry, skipping: false)
      #expect(outcome.summary.contentShift != nil)
      var declined = TraceAnalysis(
        settings: AnalysisSettings(), refreshRate: 120, itemIdentities: false)
      for frame in outcome.frames { declined.consume(frame) }
      #expect(declined.summary.contentShift == nil)
      #expect(declined.frames == outcome.frames.count)
    }
  }
}
