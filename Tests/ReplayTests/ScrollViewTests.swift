// The scroll-view model: geometry, pan, release, paging, bounce, animation, resizes and hooks.

import Foundation
import Replay
import Testing
import TraceIngest

/// A delegate that records which hooks ran, and can redirect the resting offset.
struct HookLog: ScrollViewDelegate {
  var calls: [String] = []
  var redirect: ((Point) -> Point)?
  var releaseVelocity: Point?
  var proposedTarget: Point?

  mutating func scrollViewDidScroll(_ scrollView: inout ScrollView) {
    if calls.last != "didScroll" { calls.append("didScroll") }
  }
  mutating func scrollViewWillBeginDragging(_ scrollView: inout ScrollView) {
    calls.append("willBeginDragging")
  }
  mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point
  ) {
    calls.append("willEndDragging")
    releaseVelocity = velocity
    proposedTarget = targetContentOffset
    if let redirect { targetContentOffset = redirect(targetContentOffset) }
  }
  mutating func scrollViewDidEndDragging(_ scrollView: inout ScrollView, willDecelerate: Bool) {
    calls.append("didEndDragging(\(willDecelerate))")
  }
  mutating func scrollViewWillBeginDecelerating(_ scrollView: inout ScrollView) {
    calls.append("willBeginDecelerating")
  }
  mutating func scrollViewDidEndDecelerating(_ scrollView: inout ScrollView) {
    calls.append("didEndDecelerating")
  }
  mutating func scrollViewDidEndScrollingAnimation(_ scrollView: inout ScrollView) {
    calls.append("didEndScrollingAnimation")
  }
  mutating func layoutSubviews(_ scrollView: inout ScrollView) { calls.append("layout") }
}

/// Drives a scroll view with touches and frames at 120 Hz.
struct Driver {
  var view: ScrollView
  var log = HookLog()
  var time: Int64 = 0
  static let frame: Int64 = 8_333_333

  init(_ view: ScrollView) { self.view = view }

  mutating func touch(_ phase: TouchSample.Phase, _ x: Double, _ y: Double, id: UInt32 = 1) {
    view.handle(
      TouchSample(touchID: id, phase: phase, location: Point(x: x, y: y)), at: time, delegate: &log)
  }

  mutating func frames(_ count: Int) {
    for _ in 0..<count {
      time += Self.frame
      view.advance(to: time, delegate: &log)
    }
  }

  /// A straight drag by (dx, dy) in `steps` samples, one per frame, optionally lifted at the end.
  mutating func drag(from start: Point, by dx: Double, _ dy: Double, steps: Int, lift: Bool = true)
  {
    touch(.began, start.x, start.y)
    for i in 1...steps {
      frames(1)
      let f = Double(i) / Double(steps)
      touch(.moved, start.x + dx * f, start.y + dy * f)
    }
    if lift { touch(.ended, start.x + dx, start.y + dy) }
  }

  /// Frames until the view is idle (at most 20 s).
  mutating func settle() {
    var n = 0
    repeat {
      frames(1)
      n += 1
    } while view.phase != .idle && n < 2400
  }
}

@Suite struct ScrollViewTests {
  static func listView(length: Double = 5000, bounds: Size = Size(width: 400, height: 800))
    -> ScrollView
  {
    var view = ScrollView(
      geometry: ScrollGeometry(
        boundsSize: bounds, contentSize: Size(width: bounds.width, height: length)))
    view.markScrolled()
    return view
  }

  /// Vimeo's Figure 2 ("UIScrollView with Vimeo's latest player screen"): screen 400×660, top safe area
  /// 20, contentInset.top 40, three pages.
  @Test func vimeoFigure2() throws {
    let scene = SceneContent(Scene(axis: .horizontal, layout: .pages(count: 3)))
    var geometry = ScrollGeometry(
      boundsSize: Size(width: 400, height: 660), contentInset: EdgeInsets(top: 40),
      safeAreaInsets: EdgeInsets(top: 20))
    geometry.contentSize = scene.contentSize(in: geometry)
    #expect(geometry.contentSize == Size(width: 1200, height: 600))
    #expect(geometry.contentArea == Size(width: 1200, height: 660))
    #expect(geometry.adjustedContentInset == EdgeInsets(top: 60))
    #expect(geometry.minimumContentOffset == Point(x: 0, y: -60))
    #expect(geometry.maximumContentOffset == Point(x: 800, y: -60))
    let view = ScrollView(geometry: geometry)
    let second = try #require(scene.span(section: 0, index: 1, in: geometry))
    #expect(
      view.contentOffset(
        showing: second.start, length: second.length, along: .horizontal, at: .start)
        == Point(x: 400, y: -60))
  }

  /// A session on a 400 × 660 pt screen whose scene is three horizontal pages.
  static func threePages(named name: String) throws -> ReplaySession<PlainEngine> {
    let header = TraceHeader(
      device: DeviceInfo(
        name: name, screenSize: Size(width: 400, height: 660), scale: 2, refreshRate: 60,
        touchSampleRate: 60))
    var session = ReplaySession(header: header, engine: PlainEngine())
    try session.apply(
      TraceEvent(timestamp: 0, .scene(Scene(axis: .horizontal, layout: .pages(count: 3)))))
    return session
  }

  /// The same figure through a replay session: scene, content inset, viewport, scroll to page 2.
  @Test func vimeoFigure2ThroughASession() throws {
    var session = try Self.threePages(named: "fig2")
    try session.apply(
      TraceEvent(
        timestamp: 0,
        .content(ContentGeometry(contentSize: .zero, contentInset: EdgeInsets(top: 40)))))
    try session.apply(
      TraceEvent(
        timestamp: 0,
        .viewport(
          ViewportChange(size: Size(width: 400, height: 660), safeAreaInsets: EdgeInsets(top: 20))))
    )
    try session.apply(
      TraceEvent(
        timestamp: 1,
        .programmaticScroll(
          ProgrammaticScroll(
            target: .item(section: 0, index: 1, position: .start), isAnimated: false))))
    let frame = session.frame(index: 0, at: 16_666_667)
    #expect(frame.contentSize == Size(width: 1200, height: 600))
    #expect(frame.contentOffset == Point(x: 400, y: -60))
    #expect(frame.adjustedContentInset == EdgeInsets(top: 60))
  }

  /// A recorded adjusted inset (format 1.8) is what UIKit added on the device: the replay takes
  /// that addition in place of its model of the behaviour (here `.never`, which would add nothing:
  /// a navigation bar the app's hierarchy adds), keeps it when the content inset changes, and a
  /// content event without one returns to the model.
  @Test func aRecordedAdjustedInsetIsTheDevices() throws {
    var session = try Self.threePages(named: "nav")
    try session.apply(
      TraceEvent(
        timestamp: 0,
        .viewport(
          ViewportChange(size: Size(width: 400, height: 660), safeAreaInsets: EdgeInsets(top: 47)))
      ))
    try session.apply(
      TraceEvent(
        timestamp: 0,
        .content(
          ContentGeometry(
            contentSize: .zero, contentInset: EdgeInsets(top: 10), adjustmentBehavior: .never,
            adjustedContentInset: EdgeInsets(top: 101, bottom: 34)))))
    let frame = session.frame(index: 0, at: 16_666_667)
    #expect(frame.adjustedContentInset == EdgeInsets(top: 101, bottom: 34))
    #expect(frame.contentOffset == Point(x: 0, y: -101))
    // The app moves its own inset (a keyboard): UIKit's addition stays.
    try session.apply(
      TraceEvent(
        timestamp: 20_000_000,
        .content(
          ContentGeometry(
            contentSize: .zero, contentInset: EdgeInsets(top: 10, bottom: 300),
            adjustmentBehavior: .never, adjustedContentInset: EdgeInsets(top: 101, bottom: 334)))))
    var geometry = ScrollGeometry(boundsSize: Size(width: 400, height: 660))
    geometry.contentInset = EdgeInsets(top: 10)
    geometry.recordedInsetAdjustment = EdgeInsets(top: 91, bottom: 34)
    geometry.contentInset.bottom = 300
    #expect(geometry.adjustedContentInset == EdgeInsets(top: 101, bottom: 334))
    // Without it, the behaviour's model again: `.never` adds nothing.
    try session.apply(
      TraceEvent(
        timestamp: 40_000_000,
        .content(
          ContentGeometry(
            contentSize: .zero, contentInset: EdgeInsets(top: 10), adjustmentBehavior: .never))))
    #expect(session.frame(index: 1, at: 50_000_000).adjustedContentInset == EdgeInsets(top: 10))
  }

  /// A finger that lands outside the scroll view's recorded frame in the window is another view's.
  ///
  /// One on a tab bar below the pager stays the tab bar's for its whole life, even as it slides
  /// over the pager; one that lands inside scrolls it. Without a recorded frame, every touch is the
  /// scroll view's.
  @Test func touchesThatBeginOutsideTheFrameAreAnotherViews() throws {
    func swipe(from y: Double, frame: Rect?) throws -> Double {
      var session = try Self.threePages(named: "tabs")
      try session.apply(
        TraceEvent(
          timestamp: 0,
          .viewport(ViewportChange(size: Size(width: 400, height: 560), frameInWindow: frame))))
      let steps = [(0, TouchSample.Phase.began)] + (1...8).map { ($0, .moved) } + [(9, .ended)]
      for (step, phase) in steps {
        try session.apply(
          TouchSample(
            touchID: 1, phase: phase,
            location: Point(x: 350 - Double(step) * 30, y: y - Double(step) * 20)),
          at: Int64(step) * 8_000_000)
      }
      return session.frame(index: 0, at: 80_000_000).contentOffset.x
    }
    let frame = Rect(x: 0, y: 44, width: 400, height: 560)
    #expect(try swipe(from: 300, frame: frame) > 100, "a touch inside scrolls")
    #expect(try swipe(from: 630, frame: frame) == 0, "one on the tab bar does not, even over it")
    #expect(try swipe(from: 630, frame: nil) > 100, "without a frame, every touch scrolls")
  }

  @Test func adjustmentBehaviours() {
    var g = ScrollGeometry(
      boundsSize: Size(width: 400, height: 800), contentSize: Size(width: 400, height: 600),
      contentInset: EdgeInsets(top: 10),
      safeAreaInsets: EdgeInsets(top: 50, left: 20, bottom: 30, right: 20))
    g.adjustmentBehavior = .never
    #expect(g.adjustedContentInset == EdgeInsets(top: 10))
    g.adjustmentBehavior = .always
    #expect(g.adjustedContentInset == EdgeInsets(top: 60, left: 20, bottom: 30, right: 20))
    g.adjustmentBehavior = .scrollableAxes
    #expect(g.adjustedContentInset == EdgeInsets(top: 10))  // content fits: no axis scrolls
    g.contentSize.height = 2000
    #expect(g.adjustedContentInset == EdgeInsets(top: 60, bottom: 30))
    g.adjustmentBehavior = .automatic
    g.contentSize.height = 100
    #expect(g.adjustedContentInset == EdgeInsets(top: 60, bottom: 30))  // vertical always
    #expect(g.maximumContentOffset.y == g.minimumContentOffset.y)
  }

  /// KRScrollView's K-1: frame 50×50, content 100×100, offset (10, 10), content becomes 1000×1000.
  @Test func krScrollViewK1() {
    let old = ScrollGeometry(
      boundsSize: Size(width: 50, height: 50), contentSize: Size(width: 100, height: 100))
    var new = old
    new.contentSize = Size(width: 1000, height: 1000)
    #expect(
      ResizePolicy.keepCenterRatio.contentOffset(after: old, Point(x: 10, y: 10), becoming: new)
        == Point(x: 325, y: 325))
    // Through the model, as a content-size change.
    var configuration = ScrollViewConfiguration()
    configuration.resizePolicy = .keepCenterRatio
    var view = ScrollView(geometry: old, configuration: configuration)
    var log = HookLog()
    view.setContentOffset(Point(x: 10, y: 10), animated: false, at: 0, delegate: &log)
    view.setGeometry(new, at: 1, delegate: &log)
    #expect(view.contentOffset == Point(x: 325, y: 325))
  }

  /// KRScrollView's `contentOffsetRatio` starts at (0.5, 0.5): rotated before any scroll, the
  /// content's centre comes under the viewport's; once scrolled, the ratio follows the offset.
  @Test func krScrollViewStartsCentred() {
    let portrait = ScrollGeometry(
      boundsSize: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 2000))
    var landscape = portrait
    landscape.boundsSize = Size(width: 800, height: 400)
    var configuration = ScrollViewConfiguration()
    configuration.resizePolicy = .keepCenterRatio
    var view = ScrollView(geometry: portrait, configuration: configuration)
    var log = HookLog()
    view.setGeometry(landscape, at: 1, delegate: &log)
    #expect(view.contentOffset == Point(x: 600, y: 800))  // 0.5 · 2000 − 800/2, 0.5 · 2000 − 400/2
    #expect(ResizePolicy.centeredOffset(in: landscape) == Point(x: 600, y: 800))
    // A content-size change before any scroll is not a rotation: the view stays at its minimum.
    var fresh = ScrollView(geometry: portrait, configuration: configuration)
    var taller = portrait
    taller.contentSize.height = 4000
    fresh.setGeometry(taller, at: 1, delegate: &log)
    #expect(fresh.contentOffset == .zero)
    // UIKit's default keeps (0, 0).
    var uikit = ScrollView(geometry: portrait)
    uikit.setGeometry(landscape, at: 1, delegate: &log)
    #expect(uikit.contentOffset == .zero)
  }

  @Test func keepOffsetAdjustments() {
    let old = ScrollGeometry(
      boundsSize: Size(width: 400, height: 800), contentSize: Size(width: 400, height: 3000))
    var new = old
    new.contentSize.height = 1000  // maximum becomes 200
    let offset = Point(x: 0, y: 1500)
    #expect(
      ResizePolicy.keepOffset(adjustment: .none).contentOffset(after: old, offset, becoming: new)
        == offset)
    #expect(
      ResizePolicy.keepOffset(adjustment: .clampToRange).contentOffset(
        after: old, offset, becoming: new) == Point(x: 0, y: 200))
    #expect(
      ResizePolicy.keepOffset(adjustment: .resetToZero).contentOffset(
        after: old, offset, becoming: new) == .zero)
    #expect(
      ResizePolicy.uikitDefault.contentOffset(after: old, Point(x: 0, y: 100), becoming: new)
        == Point(x: 0, y: 100))
  }

  /// Vimeo's seam: a pager on page 1 rotated keeps offset 393 under UIKit's default (the seam
  /// between pages 0 and 1 in view); keeping the page index moves to 852.
  @Test func rotationSeamAndPageIndex() {
    let portrait = ScrollGeometry(
      boundsSize: Size(width: 393, height: 852), contentSize: Size(width: 1179, height: 852))
    let landscape = ScrollGeometry(
      boundsSize: Size(width: 852, height: 393), contentSize: Size(width: 2556, height: 393))
    let page1 = Point(x: 393, y: 0)
    #expect(
      ResizePolicy.uikitDefault.contentOffset(after: portrait, page1, becoming: landscape) == page1)
    #expect(
      ResizePolicy.keepPageIndex.contentOffset(after: portrait, page1, becoming: landscape)
        == Point(x: 852, y: 0))
  }

  @Test func touchSlopThenOneToOne() {
    var d = Driver(Self.listView())
    d.view.setContentOffset(Point(x: 0, y: 1000), animated: false, at: 0, delegate: &d.log)
    d.touch(.began, 200, 600)
    d.frames(1)
    d.touch(.moved, 200, 591)  // 9 pt: inside the 10 pt slop
    #expect(d.view.phase == .tracking)
    #expect(d.view.contentOffset.y == 1000)
    d.touch(.moved, 200, 590)  // 10 pt: the pan begins, from here
    #expect(d.view.phase == .dragging)
    #expect(d.view.contentOffset.y == 1000)
    d.touch(.moved, 200, 540)
    #expect(d.view.contentOffset.y == 1050)
    #expect(d.log.calls.contains("willBeginDragging"))
  }

  @Test func rubberBandPastTheTop() {
    var d = Driver(Self.listView())
    // 20 steps of 20.5 pt: the first crosses the slop, and the pan counts from there.
    d.drag(from: Point(x: 200, y: 100), by: 0, 410, steps: 20, lift: false)
    let expected = -RubberBand().overscroll(forDistance: 410 - 20.5, dimension: 800)
    #expect(abs(d.view.contentOffset.y - expected) < 1e-9)
    #expect(abs(d.view.overscroll.y - expected) < 1e-9)
    // Released far past the edge: it springs back to exactly the edge.
    d.touch(.ended, 200, 510)
    d.settle()
    #expect(d.view.contentOffset.y == 0)
    #expect(d.log.calls.contains("didEndDecelerating"))
  }

  @Test func twoFingersFollowTheirCentroid() {
    var d = Driver(Self.listView())
    d.view.setContentOffset(Point(x: 0, y: 1000), animated: false, at: 0, delegate: &d.log)
    d.touch(.began, 100, 600, id: 1)
    d.frames(1)
    d.touch(.moved, 100, 580, id: 1)  // past the slop
    d.touch(.began, 300, 700, id: 2)  // a second finger lands: no jump
    #expect(d.view.contentOffset.y == 1000)
    d.touch(.moved, 300, 660, id: 2)  // one of two fingers moves 40 pt: the centroid moves 20
    #expect(d.view.contentOffset.y == 1020)
    d.touch(.ended, 300, 660, id: 2)  // it lifts: no jump
    #expect(d.view.contentOffset.y == 1020)
    d.touch(.moved, 100, 570, id: 1)
    #expect(d.view.contentOffset.y == 1030)
  }

  @Test func directionalLock() {
    var configuration = ScrollViewConfiguration()
    configuration.isDirectionalLockEnabled = true
    var view = ScrollView(
      geometry: ScrollGeometry(
        boundsSize: Size(width: 400, height: 800), contentSize: Size(width: 4000, height: 4000)),
      configuration: configuration)
    view.markScrolled()
    var d = Driver(view)
    d.view.setContentOffset(Point(x: 1000, y: 1000), animated: false, at: 0, delegate: &d.log)
    d.drag(from: Point(x: 200, y: 400), by: 0, -100, steps: 10, lift: false)
    d.touch(.moved, 260, 300)
    #expect(d.view.contentOffset.x == 1000)  // locked vertical: the sideways motion is ignored
    // Unlocked, the same drag moves both axes.
    var free = Driver(Self.listView())
    free.view = ScrollView(geometry: view.geometry)
    free.view.markScrolled()
    free.view.setContentOffset(Point(x: 1000, y: 1000), animated: false, at: 0, delegate: &free.log)
    free.drag(from: Point(x: 200, y: 400), by: 0, -100, steps: 10, lift: false)
    free.touch(.moved, 260, 300)
    #expect(free.view.contentOffset.x == 940)
  }

  @Test func flingHooksAndRest() {
    var d = Driver(Self.listView(length: 20000))
    d.drag(from: Point(x: 200, y: 700), by: 0, -200, steps: 8)
    let release = d.view.contentOffset.y
    let velocity = try! #require(d.log.releaseVelocity).y
    #expect(velocity > 2000)
    #expect(d.view.phase == .decelerating)
    d.settle()
    let destination = release + DecelerationRate.normal.decayDistance(velocity: velocity)
    #expect(abs(d.log.proposedTarget!.y - destination) < 1e-9)
    // Left unchanged, the target offered is where UIKit ends: exactly, not the stop rule's 0.5 pt short.
    #expect(d.view.contentOffset.y == d.log.proposedTarget!.y)
    let order = d.log.calls.filter { $0 != "didScroll" && $0 != "layout" }
    #expect(
      order == [
        "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
        "didEndDecelerating",
      ])
  }

  @Test func changedTargetIsReachedExactly() {
    var d = Driver(Self.listView(length: 20000))
    d.log.redirect = { p in Point(x: p.x, y: (p.y / 500).rounded() * 500) }
    d.drag(from: Point(x: 200, y: 700), by: 0, -200, steps: 8)
    d.settle()
    #expect(d.view.contentOffset.y.truncatingRemainder(dividingBy: 500) == 0)
    #expect(d.view.contentOffset.y == (d.log.proposedTarget!.y / 500).rounded() * 500)
  }

  @Test func flingIntoTheEndBouncesBack() {
    var d = Driver(Self.listView(length: 1200))  // maximum 400
    d.drag(from: Point(x: 200, y: 700), by: 0, -150, steps: 5)
    var sawBounce = false
    var peak = 0.0
    for _ in 0..<600 {
      d.frames(1)
      if d.view.phase == .bouncing { sawBounce = true }
      peak = max(peak, d.view.contentOffset.y)
      if d.view.phase == .idle { break }
    }
    #expect(sawBounce)
    #expect(peak > 400)
    #expect(d.view.contentOffset.y == 400)
  }

  @Test func pagingRestsExactlyOnAPage() {
    var configuration = ScrollViewConfiguration()
    configuration.isPagingEnabled = true
    var view = ScrollView(
      geometry: ScrollGeometry(
        boundsSize: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 800)),
      configuration: configuration)
    view.markScrolled()
    var d = Driver(view)
    d.drag(from: Point(x: 300, y: 400), by: -120, 0, steps: 6)  // a quick flick left: next page
    d.settle()
    #expect(d.view.contentOffset == Point(x: 400, y: 0))
    // slow, released before half way
    d.drag(from: Point(x: 300, y: 400), by: -150, 0, steps: 30, lift: false)
    d.frames(20)  // hold still: no velocity at release
    d.touch(.ended, 150, 400)
    d.settle()
    #expect(d.view.contentOffset == Point(x: 400, y: 0))
    d.drag(from: Point(x: 300, y: 400), by: -260, 0, steps: 30, lift: false)  // slow, past half way
    d.frames(20)
    d.touch(.ended, 40, 400)
    d.settle()
    #expect(d.view.contentOffset == Point(x: 800, y: 0))
  }

  @Test func animatedSetContentOffset() {
    var d = Driver(Self.listView())
    d.view.setContentOffset(Point(x: 0, y: 900), animated: true, at: 0, delegate: &d.log)
    #expect(d.view.phase == .animating)
    d.frames(18)  // 150 ms: half way along a symmetric curve
    #expect(abs(d.view.contentOffset.y - 450) < 2)
    d.frames(19)  // 36 frames of 8.333333 ms end just short of 300 ms
    #expect(d.view.contentOffset.y == 900)
    #expect(d.view.phase == .idle)
    #expect(d.log.calls.contains("didEndScrollingAnimation"))
  }

  @Test func touchCatchesAFling() {
    var d = Driver(Self.listView(length: 20000))
    d.drag(from: Point(x: 200, y: 700), by: 0, -200, steps: 8)
    d.frames(10)
    let caught = d.view.contentOffset.y
    d.touch(.began, 200, 400)
    #expect(d.view.phase == .tracking)
    d.frames(30)
    #expect(d.view.contentOffset.y == caught)
    d.touch(.ended, 200, 400)
    d.frames(5)
    #expect(d.view.contentOffset.y == caught)
    #expect(d.view.phase == .idle)
  }

  @Test func layoutOncePerFrameWhenSomethingChanged() {
    var d = Driver(Self.listView())
    d.frames(1)
    d.log.calls.removeAll()
    d.frames(3)
    #expect(!d.log.calls.contains("layout"))
    d.view.setContentOffset(Point(x: 0, y: 10), animated: false, at: d.time, delegate: &d.log)
    d.view.setContentOffset(Point(x: 0, y: 20), animated: false, at: d.time, delegate: &d.log)
    d.frames(1)
    #expect(d.log.calls.filter { $0 == "layout" }.count == 1)
  }

  @Test func resizeTransitionIsPresented() {
    var d = Driver(Self.listView())
    var geometry = d.view.geometry
    geometry.boundsSize = Size(width: 800, height: 400)
    d.view.setGeometry(geometry, transitionDuration: 400_000_000, at: 0, delegate: &d.log)
    let transition = try! #require(d.view.transition)
    #expect(transition.presentation(at: 0).size == Size(width: 400, height: 800))
    #expect(transition.presentation(at: 200_000_000).size == Size(width: 600, height: 600))
    d.frames(60)
    #expect(d.view.transition == nil)
  }
}

extension ScrollViewTests {
  /// A finger that catches a bounce and lifts without panning: the bounce resumes, and no
  /// dragging hooks are called for a drag that never happened.
  @Test func tapDuringABounceResumesItWithoutDragHooks() {
    var d = Driver(Self.listView())
    d.drag(from: Point(x: 200, y: 100), by: 0, 300, steps: 10)
    d.frames(3)
    #expect(d.view.contentOffset.y < 0)
    d.log.calls.removeAll()
    d.touch(.began, 200, 400)
    d.frames(5)
    d.touch(.ended, 200, 400)
    d.settle()
    #expect(d.view.contentOffset.y == 0)
    #expect(!d.log.calls.contains { $0.contains("Dragging") })
    #expect(d.log.calls.contains("didEndDecelerating"))
  }
}

extension ScrollViewTests {
  /// An animation the app starts while a finger rests on the view (a tap that never pans) goes on
  /// when the finger lifts: the content is animating, not at rest, until it ends where it was sent.
  @Test func anAnimationStartedUnderAFingerOutlivesTheTouch() {
    var d = Driver(Self.listView())
    d.touch(.began, 200, 400)
    d.frames(2)
    d.view.setContentOffset(Point(x: 0, y: 900), animated: true, at: d.time, delegate: &d.log)
    d.frames(6)
    d.touch(.ended, 200, 400)
    #expect(d.view.phase == .animating)
    d.frames(4)
    #expect(d.view.phase == .animating)
    #expect(d.view.contentOffset.y > 0 && d.view.contentOffset.y < 900)
    d.settle()
    #expect(d.view.contentOffset.y == 900)
    #expect(d.log.calls.contains("didEndScrollingAnimation"))
  }
}
