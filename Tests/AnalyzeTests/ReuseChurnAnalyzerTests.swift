// Reuse churn on hand-built timelines.

import Analyze
import Replay
import TestSupport
import Testing
import TraceIngest

@Suite struct ReuseChurnAnalyzerTests {
  @Test func followsEachViewsLifecycle() throws {
    var b = FrameBuilder()
    var analyzer = ReuseChurnAnalyzer(refreshRate: 60, eventLimit: 2)
    var analysis = TraceAnalysis(settings: AnalysisSettings(eventLimit: 2), refreshRate: 60)
    func frame(_ steps: [(ViewEvent.Kind, Int)]) {
      let next = b.next { e in
        for (kind, view) in steps { e.record(ViewEvent(kind, view: view, identifier: "cell")) }
      }
      analyzer.consume(next)
      analysis.consume(next)
    }
    frame([(.created, 1), (.configured, 1), (.created, 2), (.configured, 2)])
    frame([(.enqueued, 1), (.preparedForReuse, 1), (.reused, 1), (.configured, 1)])  // by the book
    // no prepareForReuse: stale state shows
    frame([(.enqueued, 2), (.reused, 2), (.configured, 2)])
    frame([(.enqueued, 1), (.enqueued, 1)])  // enqueued twice: handed out twice later
    // used after removal; unknown view
    frame([(.removed, 2), (.configured, 2), (.reused, 2), (.removed, 9)])
    let lifecycle = analyzer.summary.lifecycle
    #expect(lifecycle.created == 2 && lifecycle.configured == 5 && lifecycle.preparedForReuse == 1)
    #expect(lifecycle.reused == 3 && lifecycle.enqueued == 4 && lifecycle.removed == 2)
    #expect(lifecycle.reusedWithoutPreparing == 1)
    #expect(lifecycle.violations.count == 4)
    #expect(
      // capped at 2
      lifecycle.violations.events.map(\.problem) == [.enqueuedTwice, .configuredWhileNotInUse])
    #expect(lifecycle.violations.events.first?.frame == 3)
    // The counts the events stand for.
    #expect(
      analyzer.summary.dequeuesCreated == 2 && analyzer.summary.dequeuesReused == 3
        && analyzer.summary.enqueues == 4)
    let metric = try #require(Metric.named("reuse.lifecycleViolations"))
    #expect(metric.value(in: analysis.summary) == 4)
    #expect(Metric.named("reuse.reusedWithoutPreparing")?.value(in: analysis.summary) == 1)
  }

  @Test func countsDequeuesHitRatePeaksAndCreationRate() throws {
    var b = FrameBuilder()
    var analyzer = ReuseChurnAnalyzer(refreshRate: 60)
    // Frame 0, at rest: 4 cells created for the first screen.
    b.viewsCreated = 4
    analyzer.consume(
      b.next { e in
        e.dequeuesCreated = 4
        e.liveViews = 4
        e.poolSizes = [.init(identifier: "row", count: 0, created: 4)]
      })
    // Frames 1 and 2, scrolling: one cell created, three reused, two enqueued.
    b.phase = .dragging
    b.isTracking = true
    b.viewsCreated = 5
    analyzer.consume(
      b.next { e in
        e.dequeuesCreated = 1
        e.dequeuesReused = 1
        e.enqueues = 2
        e.liveViews = 6
        e.poolSizes = [
          .init(identifier: "photo", count: 1, created: 1, enqueued: 1),
          .init(identifier: "row", count: 2, reused: 1, enqueued: 1),
        ]
      })
    analyzer.consume(
      b.next { e in
        e.dequeuesReused = 2
        e.liveViews = 5
        e.poolSizes = [
          .init(identifier: "photo", count: 0, reused: 1),
          .init(identifier: "row", count: 1, reused: 1),
        ]
      })
    let summary = analyzer.summary
    #expect(summary.dequeuesCreated == 5)
    #expect(summary.dequeuesReused == 3)
    #expect(summary.enqueues == 2)
    #expect(summary.hitRate == 3.0 / 8.0)
    #expect(summary.viewsCreated == 5)
    #expect(summary.viewsCreatedWhileScrolling == 1)
    #expect(summary.peakLiveViews == 6)
    #expect(summary.peakLiveViewsFrame == 1)
    #expect(summary.peakPoolSize == 3)
    // Scrolling: frame 1 to 2, and frame 2 as one refresh interval.
    #expect(summary.scrollingTime == (33_333_333 - 16_666_667) + 16_666_667)
    #expect(abs(summary.viewsCreatedPerScrollingSecond - 1 / 0.033333333) < 1e-6)
    let photo = try #require(summary.identifiers.first)
    #expect(photo.identifier == "photo")
    #expect(
      photo.dequeuesCreated == 1 && photo.dequeuesReused == 1 && photo.enqueues == 1
        && photo.peakPoolSize == 1)
    #expect(photo.hitRate == 0.5)
    let row = try #require(summary.identifiers.last)
    #expect(row.dequeuesCreated == 4 && row.dequeuesReused == 2 && row.peakPoolSize == 2)
  }

  @Test func noDequeuesHaveNoHitRate() {
    var b = FrameBuilder()
    var analyzer = ReuseChurnAnalyzer(refreshRate: 120)
    analyzer.consume(b.next())
    #expect(analyzer.summary.hitRate == nil)
    #expect(analyzer.summary.viewsCreatedPerScrollingSecond == 0)
  }

  @Test func totalsOverTracesAddUp() {
    var b = FrameBuilder()
    var a = ReuseChurnAnalyzer(refreshRate: 60)
    a.consume(
      b.next {
        $0.dequeuesCreated = 2
        $0.liveViews = 2
      })
    var c = ReuseChurnAnalyzer(refreshRate: 60)
    c.consume(
      b.next {
        $0.dequeuesReused = 3
        $0.liveViews = 7
      })
    a.merge(c)
    #expect(a.summary.dequeuesCreated == 2 && a.summary.dequeuesReused == 3)
    #expect(a.summary.peakLiveViews == 7)
    #expect(a.summary.peakLiveViewsFrame == nil)
  }
}
