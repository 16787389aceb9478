// scrolltrace — cardfeed@2: the card feed the Soapbox article set out to build, without the bugs.

public import TraceCore

/// The four goals of Distillery's "Vertical Paging Without Limitations" — snap to the next or previous
/// card, one card at a time even when it is short, long cards that scroll freely, card-like motion —
/// with none of CardScrollView's bugs.
///
/// What it does instead:
///
/// - cards keep their height (no collapse-on-hide); card 0 is recycled like any other;
/// - the content size always equals the sum of the card heights;
/// - a reuse pool keyed by identifier, O(1) per dequeue; the visible range by binary search,
///   O(log n);
/// - layout is not re-entrant: it computes the visible range, then recycles and dequeues;
/// - snapping is velocity-aware and moves one card per swipe: inside a long card the content
///   decelerates freely and stops at the card's edge; from a card edge, a swipe faster than
///   ``snapVelocity`` or longer than half the viewport moves to the neighbouring card, anything
///   less returns to the edge;
/// - a resize keeps the card in view at the same position within it (expansions survive).
public struct CardFeedEngine: ScrollEngine {
  /// `cardfeed@2`.
  public let descriptor = EngineDescriptor(
    name: "cardfeed", version: 2,
    summary:
      "The card feed without the bugs: heights kept, exact contentSize, velocity-aware one-card snapping, O(1) reuse.",
    source:
      "Distillery, \"Vertical Paging Without Limitations\" (the four goals), without the CardScrollView bugs cardfeed@1 reproduces"
  )

  /// The speed past which a release at a card edge moves to the next card, in points per second
  /// (a design parameter of this engine).
  public var snapVelocity = 300.0

  private var items: [SceneItem] = []
  private var starts: [Double] = []
  private var heights: [Double] = []
  /// The cards with views: always one range (layout gives views to exactly the visible cards),
  /// from `firstShown`, with their views in card order.
  private var firstShown = 0
  private var shownViews: [Int] = []
  private var pool = ReusePool(strategy: .keyed)
  private var dragStart = 0.0
  private var laidOutBounds: Size?
  private var work = WorkCounters()

  /// Creates the engine.
  public init() {}

  /// Lists of cards only.
  public var supportedScenes: Set<SceneContent.Kind> { [.list] }

  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    CardFeedLayout.configure(&scrollView)
  }

  /// Every card at least the minimum height; width 0.
  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    CardFeedLayout.contentSize(of: scene, in: geometry)
  }

  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {
    for view in shownViews.sorted() { pool.enqueue(view) }
    shownViews.removeAll()
    items = CardFeedLayout.items(of: scene, in: scrollView.geometry)
    setUpHeights(in: scrollView.geometry)
    scrollView.setContentSize(Size(width: 0, height: contentHeight))
    layoutCards(scrollView)
  }

  public mutating func scrollViewDidScroll(_ scrollView: inout ScrollView) {
    layoutCards(scrollView)
  }

  public mutating func scrollViewWillBeginDragging(_ scrollView: inout ScrollView) {
    dragStart = scrollView.contentOffset.y
  }

  public mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point
  ) {
    guard let card = cardIndex(at: dragStart) else { return }
    let vh = scrollView.geometry.boundsSize.height
    let y = scrollView.contentOffset.y
    let v = velocity.y
    let top = starts[card]
    let bottom = starts[card] + heights[card] - vh
    var target = targetContentOffset.y
    if target > bottom {
      if y < bottom - 0.5 {
        target = bottom  // Still inside the card: stop at its bottom edge.
      } else if card + 1 < starts.count, v > snapVelocity || y - bottom > vh / 2 {
        target = starts[card + 1]
      } else {
        target = bottom
      }
    } else if target < top {
      if y > top + 0.5 {
        target = top  // Inside the card: stop at its top edge.
      } else if card > 0, v < -snapVelocity || top - y > vh / 2 {
        target = starts[card - 1] + heights[card - 1] - vh
      } else {
        target = top
      }
    }
    targetContentOffset.y = target
  }

  /// A resize keeps the card in view at the same position within it.
  public mutating func scrollViewWillTransition(
    _ scrollView: inout ScrollView, to geometry: ScrollGeometry, targetContentOffset: inout Point
  ) {
    guard geometry.boundsSize.height != scrollView.geometry.boundsSize.height,
      let card = cardIndex(at: scrollView.contentOffset.y)
    else { return }
    let within = scrollView.contentOffset.y - starts[card]
    setUpHeights(in: geometry)
    let room = max(heights[card] - geometry.boundsSize.height, 0)
    targetContentOffset.y = starts[card] + min(max(within, 0), room)
  }

  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    if laidOutBounds != scrollView.geometry.boundsSize {
      laidOutBounds = scrollView.geometry.boundsSize
      setUpHeights(in: scrollView.geometry)
      scrollView.setContentSize(Size(width: 0, height: contentHeight))
      layoutCards(scrollView)
    }
  }

  /// One card at a time: a card covers the viewport at rest (the feed's design in "Vertical
  /// Paging Without Limitations").
  public func restingRule(for scrollView: ScrollView) -> RestingRule { .singleItem }

  /// ``CardFeedLayout/stockCards``.
  public func stockScene(for screen: Size) -> Scene { CardFeedLayout.stockCards }

  /// `true`: the component changes only in scroll-view callbacks and scene changes, never on a
  /// frame of its own, so frames at rest advance in bulk (``FrameRun``).
  public var reportsAlikeAtRest: Bool { true }

  /// `false`: its items are followed by section and index, never by identity.
  public var reportsItemIdentities: Bool { false }

  public mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame {
    newFrameReport(scrollView)
  }

  public mutating func frameReport(into report: inout EngineFrame, for scrollView: ScrollView) {
    report.restart(taking: &work, from: &pool)
    report.liveViews = shownViews.count
    let width = scrollView.geometry.boundsSize.width
    report.visibleItems.reserveCapacity(shownViews.count)
    for index in firstShown..<(firstShown + shownViews.count) {
      report.visibleItems.append(
        EngineFrame.VisibleItem(
          section: 0, index: index,
          frame: Rect(x: 0, y: starts[index], width: width, height: heights[index])))
    }
  }

  private var contentHeight: Double { (starts.last ?? 0) + (heights.last ?? 0) }

  private mutating func setUpHeights(in geometry: ScrollGeometry) {
    let minimum = geometry.boundsSize.height + CardFeedLayout.separatorHeight
    starts = []
    heights = []
    var start = 0.0
    for item in items {
      let height = max(item.length, minimum)
      starts.append(start)
      heights.append(height)
      start += height
    }
  }

  /// The card containing `y`, by binary search over the starts.
  private func cardIndex(at y: Double) -> Int? {
    guard !starts.isEmpty else { return nil }
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= y { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Cards intersecting the viewport get views; the others give theirs back (in card order, then
  /// the new ones dequeued in card order).
  ///
  /// The cards with views are one range, so this touches only the cards that leave or arrive:
  /// the same dequeues, enqueues and work as a walk over every attached card, without the walk.
  private mutating func layoutCards(_ scrollView: ScrollView) {
    let y = scrollView.contentOffset.y
    let vh = scrollView.geometry.boundsSize.height
    guard let first = cardIndex(at: y) else { return }
    var last = first
    while last + 1 < starts.count, starts[last + 1] < y + vh { last += 1 }
    let old = firstShown..<(firstShown + shownViews.count)
    guard old != first..<(last + 1) else { return }
    for (offset, view) in shownViews.enumerated()
    where !(first...last).contains(old.lowerBound + offset) {
      pool.enqueue(view)
    }
    var views: [Int] = []
    views.reserveCapacity(last - first + 1)
    for index in first...last {
      if old.contains(index) {
        views.append(shownViews[index - old.lowerBound])
      } else {
        let view = pool.dequeue(items[index].reuseIdentifier).view
        pool.configure(view)
        views.append(view)
        work.framesSet += 1
      }
    }
    firstShown = first
    shownViews = views
  }
}
