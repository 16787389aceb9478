// scrolltrace — the self-sizing engine's remembered ranges and reports answer as the column does.

import Foundation
import Testing
import TraceCore
import TraceIngest

@testable import Replay

/// What `SelfSizingEngine` keeps from frame to frame — the item ranges of the viewport
/// (`RowRangeMemo`), the items a pass found sized and the lists it reported (`ReportedItems`) —
/// gives what finding them again would.
@Suite struct RowRangeMemoTests {
  /// A column of `count` random items: lengths in tenths of a point (sums that round), some of no
  /// length, some sharing rows, some with estimates.
  static func column(_ count: Int, _ random: inout SeededGenerator) -> SelfSizingColumn {
    SelfSizingColumn(
      (0..<count).map { _ in
        let length = Double(Int.random(in: 0...3000, using: &random)) / 10
        return SceneItem(
          length: Int.random(in: 0..<20, using: &random) == 0 ? 0 : length,
          reuseIdentifier: "row",
          estimatedLength: Bool.random(using: &random) ? 44.1 : nil,
          widthDivisor: [1, 1, 1, 2, 3].randomElement(using: &random) ?? 1)
      })
  }

  /// Intervals that move a little at a time, as a scroll's do, with jumps, ends on and beside the
  /// rows' edges, and sizes and edits of the column between: the memo's answer is the column's.
  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func theMemoAnswersAsTheColumnDoes(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var column = Self.column(Int.random(in: 1...300, using: &random), &random)
    var memo = RowRangeMemo()
    var top = 0.0
    var height = Double(Int.random(in: 1...900, using: &random))
    for _ in 0..<5000 {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<70:
        top += Double.random(in: -30...30, using: &random)
      case 70..<80:
        // An end exactly on a row's edge, or a hair beside it.
        let row = Int.random(in: 0...column.rowCount, using: &random)
        let edge = column.lengths.sum(before: row)
        top = edge + ([0, 1e-9, -1e-9, 1e-4, -1e-4].randomElement(using: &random) ?? 0)
      case 80..<85:
        top = Double.random(in: -1000...(column.contentLength + 1000), using: &random)
      case 85..<90:
        height = Double(Int.random(in: 0...2000, using: &random)) / 2
      case 90..<95:
        let unsized = column.entries.indices.filter { !column.entries[$0].isSized }
        if let index = unsized.randomElement(using: &random) { column.size(index) }
      default:
        let at = Int.random(in: 0...column.count, using: &random)
        let items = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          SceneItem(length: 50.3, reuseIdentifier: "row", widthDivisor: 2)
        }
        try column.apply(.insert(section: 0, index: at, items: items))
      }
      let lower = top - height
      let upper = top + 2 * height
      #expect(
        memo.indexes(in: column, intersecting: lower, upper)
          == column.indexes(intersecting: lower, upper))
    }
  }

  /// A column that replaces another (a scene prepared again) answers from itself, not from what
  /// was remembered of the column it replaced.
  @Test func aReplacedColumnIsNotAnsweredFromMemory() {
    var engine = SelfSizingEngine(policy: MagazineLayoutPolicy(version: 4))
    let short = Scene(
      axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "row")]))
    let long = Scene(
      axis: .vertical,
      layout: .list(Array(repeating: SceneItem(length: 10, reuseIdentifier: "row"), count: 50)))
    engine.rebuild(from: SceneContent(short))
    _ = engine.visibleRows.indexes(in: engine.column, intersecting: 0, 100)
    engine.rebuild(from: SceneContent(long))
    #expect(engine.visibleRows.indexes(in: engine.column, intersecting: 0, 100) == 0..<10)
  }

  /// Every frame of the bundled self-sizing scripts on the engines that size, anchor and update:
  /// the lists a frame reported are those a report built afresh gives, and every item a pass
  /// remembered as sized is.
  @Test(arguments: [
    ("magazine-scroll-up", 1), ("magazine-rotation", 4), ("magazine-prepend-fling", 3),
    ("magazine-grid", 4), ("chat-prepend", 3), ("chat-keyboard", 1), ("chat-stream", 2),
    ("chat-shrink", 1),
  ])
  func framesReportWhatAFreshReportWould(script: String, version: Int) throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let json = try Data(contentsOf: root.appendingPathComponent("Traces/scripts/\(script).json"))
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json)))
    if script.hasPrefix("chat") {
      try check(synthesizer, SelfSizingEngine(policy: ChatLayoutPolicy(version: version)))
    } else {
      try check(synthesizer, SelfSizingEngine(policy: MagazineLayoutPolicy(version: version)))
    }
  }

  private func check<Policy: SelfSizingPolicy>(
    _ synthesizer: Synthesizer, _ engine: SelfSizingEngine<Policy>
  ) throws {
    let header = synthesizer.header
    var session = ReplaySession(header: header, engine: engine)
    var schedule = FrameSchedule(
      events: try synthesizer.events().makeIterator(), refreshRate: header.device.refreshRate,
      trailingFrames: 2)
    var frames = 0
    while let step = schedule.next() {
      guard let frame = try session.step(step) else { continue }
      frames += 1
      var fresh = session.engine
      fresh.reported = ReportedItems()
      fresh.nearbyRows = RowRangeMemo()
      var report = EngineFrame()
      fresh.frameReport(into: &report, for: session.scrollView)
      #expect(frame.engine.visibleItems == report.visibleItems)
      #expect(frame.engine.nearbyItems == report.nearbyItems)
      if let sized = session.engine.sizedItems, sized.generation == session.engine.column.generation
      {
        let entries = session.engine.column.entries[sized.items]
        #expect(entries.allSatisfy { $0.isSized })
      }
    }
    #expect(frames > 100, "\(frames) frames")
  }
}
