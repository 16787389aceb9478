// Boundary glitches on hand-built timelines: pagers off the grid, card feeds with two cards.

import Analyze
import Replay
import TestSupport
import Testing
import TraceIngest

@Suite struct BoundaryGlitchAnalyzerTests {
  func analyze(_ frames: [ReplayFrame]) -> BoundaryGlitchSummary {
    var analyzer = BoundaryGlitchAnalyzer(tolerance: 0.5, refreshRate: 60, eventLimit: 100)
    for frame in frames { analyzer.consume(frame) }
    return analyzer.summary
  }

  func pager() -> FrameBuilder {
    var b = FrameBuilder()
    b.rule = .pageGrid
    b.contentSize = Size(width: 1200, height: 800)
    b.items = (0..<3).map {
      .init(section: 0, index: $0, frame: Rect(x: Double($0) * 400, y: 0, width: 400, height: 800))
    }
    return b
  }

  @Test func aPagerRestingBetweenPagesIsAGlitchTimedUntilTheFingerLands() throws {
    var b = pager()
    b.offset.x = 200
    var frames = (0..<3).map { _ in b.next() }
    b.isTracking = true
    b.phase = .tracking
    frames.append(b.next())
    let summary = analyze(frames)
    #expect(summary.count == 1)
    #expect(summary.rests == 1)
    #expect(summary.worstMisalignment == 200)
    let glitch = try #require(summary.glitches.first)
    #expect(glitch.items == [.init(section: 0, index: 0), .init(section: 0, index: 1)])
    #expect(glitch.restingTime == 50_000_000)  // three frames at 60 Hz
    #expect(summary.restingTime == 50_000_000)
  }

  @Test func aPagerOnThePageGridOrInMotionIsNotAGlitch() {
    var b = pager()
    b.offset.x = 400
    var frames = [b.next(), b.next()]
    b.phase = .decelerating
    b.offset.x = 250
    frames.append(b.next())
    let summary = analyze(frames)
    #expect(summary.count == 0)
    #expect(summary.rests == 1)
  }

  @Test func eachNewRestingPositionIsJudgedAgain() {
    var b = pager()
    b.offset.x = 100
    var frames = [b.next()]
    b.phase = .decelerating
    frames.append(b.next())
    b.phase = .idle
    b.offset.x = 700
    frames.append(b.next())
    b.offset.x = 800
    frames.append(b.next())
    let summary = analyze(frames)
    #expect(summary.rests == 3)
    #expect(summary.count == 2)
    #expect(summary.worstMisalignment == 100)
    #expect(summary.glitches.map(\.misalignment) == [100, 100])
  }

  /// During a rotation the presented offset and width must stay on the grid; keeping the offset
  /// while the width grows shows a seam.
  @Test func seamsDuringAResizeAnimation() {
    var b = pager()
    b.bounds = Size(width: 500, height: 800)
    b.contentSize = Size(width: 1500, height: 800)
    b.offset.x = 500
    let frames = [
      b.next(transition: (0.2, Size(width: 420, height: 800), Point(x: 420, y: 0))),  // on the grid
      b.next(transition: (0.5, Size(width: 450, height: 800), Point(x: 400, y: 0))),  // 50 pt off
      b.next(transition: (0.8, Size(width: 480, height: 800), Point(x: 400, y: 0))),  // 80 pt off
      b.next(),
    ]
    let summary = analyze(frames)
    #expect(summary.transitionSeams == 1)
    #expect(summary.worstTransitionSeam == 80)
    let shown: Int64 = (33_333_333 - 16_666_667) + 16_666_667  // frame 1 to 2, then one interval
    #expect(summary.seams.first?.duration == shown)
    #expect(summary.count == 0)
  }

  /// An engine's own snapping: the distance to the offset it reports it would rest at.
  @Test func aSnapOffsetRuleMeasuresTheDistanceToTheEnginesRestingOffset() throws {
    var b = FrameBuilder()
    b.rule = .snapOffset
    b.contentSize = Size(width: 4000, height: 800)  // scrolls horizontally only
    b.offset = Point(x: 652, y: 0)
    let onCard = b.next { $0.restingOffset = Point(x: 652, y: 0) }
    b.offset = Point(x: 694, y: 0)
    let between = b.next { $0.restingOffset = Point(x: 652, y: 0) }
    b.offset = Point(x: 700, y: 0)
    let noOpinion = b.next()
    let summary = analyze([onCard, between, noOpinion])
    #expect(summary.rests == 3)
    #expect(summary.count == 1)
    let glitch = try #require(summary.glitches.first)
    #expect(glitch.misalignment == 42)
    #expect(glitch.rule == .snapOffset)
    #expect(summary.rules == [.snapOffset])
  }

  func feed(_ heights: [Double]) -> FrameBuilder {
    var b = FrameBuilder()
    b.rule = .singleItem
    var y = 0.0
    b.items = heights.enumerated().map { index, height in
      defer { y += height }
      return .init(section: 0, index: index, frame: Rect(x: 0, y: y, width: 400, height: height))
    }
    b.contentSize = Size(width: 400, height: y)
    return b
  }

  /// Two cards in view: the misalignment is the smaller move to one card's edge.
  @Test func aCardFeedWithTwoCardsInViewIsAGlitch() throws {
    var b = feed([900, 900, 900])
    b.offset.y = 150  // view 150..950: card 0's bottom is 50 pt above the viewport's
    let summary = analyze([b.next()])
    #expect(summary.count == 1)
    let glitch = try #require(summary.glitches.first)
    #expect(glitch.misalignment == 50)
    #expect(glitch.rule == .singleItem)
    #expect(glitch.items.map(\.index) == [0, 1])
  }

  @Test func aCardCoveringTheContentAreaIsNotAGlitchButAGapIs() {
    var b = feed([900, 900])
    b.inset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
    b.offset.y = -50  // under the bar: the content area is 0..750, covered by card 0
    #expect(analyze([b.next()]).count == 0)
    var end = feed([900, 900])
    end.contentSize.height = 2100  // stale content size: blank space after the last card
    end.offset.y = 1300
    end.items = [end.items[1]]
    let summary = analyze([end.next()])
    #expect(summary.count == 1)
    #expect(summary.worstMisalignment == 300)
  }
}
