// Offset jumps on hand-built timelines: what the input explains, what an engine or a resize did.

import Analyze
import Replay
import TestSupport
import Testing
import TraceIngest

@Suite struct OffsetJumpAnalyzerTests {
  func analyze(_ frames: [ReplayFrame], threshold: Double = 1, limit: Int = 100)
    -> OffsetJumpSummary
  {
    var analyzer = OffsetJumpAnalyzer(threshold: threshold, eventLimit: limit)
    for frame in frames { analyzer.consume(frame) }
    return analyzer.summary
  }

  @Test func scrollingByTheInputIsNotAJump() {
    var b = FrameBuilder()
    b.list(height: 100, count: 80)
    var frames = [b.next()]
    for _ in 0..<20 {
      b.offset.y += 37
      b.list(height: 100, count: 80)
      frames.append(b.next(input: Point(x: 0, y: 37)))
    }
    #expect(analyze(frames).count == 0)
    // Without the input's share, the same frames are jumps.
    #expect(
      analyze(
        frames.map {
          var f = $0
          f.inputDisplacement = .zero
          return f
        }
      ).count == 20)
  }

  @Test func anEngineMovingTheOffsetIsAJump() throws {
    var b = FrameBuilder()
    b.list(height: 100, count: 80)
    let first = b.next()
    b.offset.y = 50
    b.list(height: 100, count: 80)
    let second = b.next()
    let summary = analyze([first, second])
    #expect(summary.count == 1)
    let jump = try #require(summary.jumps.first)
    #expect(jump.size == 50)
    #expect(jump.cause == .engineLayout)
    #expect(jump.offsetChange == Point(x: 0, y: 50))
    #expect(jump.contentMovement == Point(x: 0, y: -50))  // the content went up on screen
    #expect(jump.frame == 1)
    #expect(summary.largest == 50 && summary.totalDistance == 50)
  }

  /// A card above the viewport collapses by 100 pt and the offset follows: the content on screen
  /// does not move (CardScrollView's compensation for a card above).
  @Test func aCompensatedLayoutChangeIsNotAJump() {
    var b = FrameBuilder()
    b.offset.y = 1000
    b.list(height: 100, count: 80)
    let first = b.next()
    b.offset.y = 900
    b.items = b.items.map {
      .init(
        section: 0, index: $0.index,
        frame: Rect(x: 0, y: $0.frame.minY - 100, width: 400, height: 100))
    }
    let second = b.next()
    #expect(analyze([first, second]).count == 0)
  }

  /// A row inserted above shifts the content down on screen while the offset stays.
  @Test func anItemInsertedAboveIsAJumpCausedByTheEdit() throws {
    var b = FrameBuilder()
    b.offset.y = 1000
    b.list(height: 100, count: 80)
    let first = b.next()
    b.items = b.items.map {
      .init(
        section: 0, index: $0.index,
        frame: Rect(x: 0, y: $0.frame.minY + 44, width: 400, height: 100))
    }
    let second = b.next(events: .sceneEdit)
    let summary = analyze([first, second])
    let jump = try #require(summary.jumps.first)
    #expect(summary.count == 1)
    #expect(jump.size == 44)
    #expect(jump.cause == .sceneEdit)
    #expect(jump.offsetChange == .zero)
    #expect(jump.anchor?.index == 10)
  }

  @Test func theThresholdIsStrict() {
    var b = FrameBuilder()
    let first = b.next()
    b.offset.y = 1
    let second = b.next()
    #expect(analyze([first, second], threshold: 1).count == 0)
    #expect(analyze([first, second], threshold: 0.5).count == 1)
  }

  /// UIKit's default through a rotation keeps the top of a list: no jump, but the content under
  /// the centre drifts by half the change of height.
  @Test func aResizeKeepingTheTopIsNotAJumpButDrifts() throws {
    var b = FrameBuilder()
    b.offset.y = 1000
    b.list(height: 150, count: 60)
    let first = b.next()
    b.bounds = Size(width: 800, height: 400)
    b.list(height: 150, count: 60)
    b.items = b.items.map {
      .init(
        section: 0, index: $0.index, frame: Rect(x: 0, y: $0.frame.minY, width: 800, height: 150))
    }
    let second = b.next(events: .resize)
    let summary = analyze([first, second])
    #expect(summary.count == 0)
    #expect(summary.resizes == 1)
    let drift = try #require(summary.anchorDrifts.first)
    #expect(drift.drift == Point(x: 0, y: 200))
    #expect(drift.distance == 200)
    #expect(
      drift.from == Size(width: 400, height: 800) && drift.to == Size(width: 800, height: 400))
  }

  /// A size change that throws the offset back to zero loses the place: a jump caused by the resize.
  @Test func aResizeResettingTheOffsetIsAJump() throws {
    var b = FrameBuilder()
    b.offset.y = 1000
    b.list(height: 100, count: 80)
    let first = b.next()
    b.bounds = Size(width: 800, height: 400)
    b.offset.y = 0
    b.list(height: 100, count: 80)
    let second = b.next(events: [.resize, .touch])
    let summary = analyze([first, second])
    let jump = try #require(summary.jumps.first)
    #expect(jump.cause == .resize)
    #expect(jump.size == 1000)
    #expect(summary.worstAnchorDrift > 1000)
  }

  @Test func eventListsAreCappedButCounted() {
    var b = FrameBuilder()
    var frames = [b.next()]
    for i in 1...5 {
      b.offset.y = Double(i * 10)
      frames.append(b.next(events: .contentChange))
    }
    let summary = analyze(frames, limit: 2)
    #expect(summary.count == 5)
    #expect(summary.jumps.count == 2)
    #expect(summary.jumpsOmitted == 3)
    #expect(summary.jumps.allSatisfy { $0.cause == .contentChange })
  }
}
