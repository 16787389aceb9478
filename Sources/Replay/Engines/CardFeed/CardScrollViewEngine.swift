// scrolltrace — cardfeed@1: Soapbox's CardScrollView as published, flaws included.

public import TraceCore

/// CardScrollView (Distillery's Soapbox feed, "Vertical Paging Without Limitations"; source
/// `NikolaySohryakov/CardScrollView` @ 017e6132), reproduced with every listed behaviour.
///
/// It is the baseline users diff against, so each behaviour is kept:
///
/// - minimum card height `bounds.height + separator` (vh + 1); scroll threshold 150 pt;
///   deceleration `.fast`; directional lock on; content width 0;
/// - `layoutCards()` on **every** offset change, re-entrant (offset setter → layout → recycle →
///   collapse → offset setter), the outer pass overwriting the visible set of the inner one;
/// - visible range by a linear scan; a FIFO reuse pool searched linearly per dequeue;
/// - snapping in `scrollViewWillEndDragging` from the drag-start offset, velocity ignored, and the
///   `adjust()` path after a drag without deceleration or after deceleration, with its edges swapped;
/// - **card 0 is never recycled, expanded or collapsed** (bug 1);
/// - **collapse-on-hide**: a recycled card shrinks to the minimum height, long cards included
///   (bug 0); the offset moves by the height change even when the card is below the viewport
///   (bug 3, the offset jump), and the content size is not updated (bug 2, stale contentSize);
/// - a layout while three cards are visible would hit `fatalError` in `willEndDragging` (bug 6):
///   here it is counted in the `fatalErrors` value and the target is left alone;
/// - a frame change recomputes every height (expansions are lost) and scrolls, animated, to the
///   top of a visible card (bug 7; the lowest visible index is taken where the original takes an
///   arbitrary `Set` element).
public struct CardScrollViewEngine: ScrollEngine {
  /// `cardfeed@1`.
  public let descriptor = EngineDescriptor(
    name: "cardfeed", version: 1,
    summary:
      "Soapbox's CardScrollView as published: collapse-on-hide, stale contentSize, offset jumps, linear-scan reuse.",
    source:
      "Distillery, \"Vertical Paging Without Limitations\"; NikolaySohryakov/CardScrollView @ 017e6132"
  )

  /// The drag distance past which a swipe moves to the next card, in points.
  public static let scrollThreshold = 150.0
  /// Whether recycled cards collapse to the minimum height (`collapsecardsWhenHidden`, default true).
  public var collapseCardsWhenHidden = true
  /// Re-entrant layout deeper than this is cut off (a guard against hostile input; the original
  /// has none).
  public static let maximumLayoutDepth = 16

  private var items: [SceneItem] = []
  private var starts: [Double] = []
  private var heights: [Double] = []
  private var cached: [Int?] = []
  /// The indexes that have a card view (`cached[i] != nil`), kept so a frame report does not scan
  /// every card.
  private var attached: Set<Int> = []
  private var visible: Set<Int> = []
  private var pool = ReusePool(strategy: .linearScan)
  private var lastOffset = 0.0
  private var movingDown = false
  private var lastBounds: Size?
  private var contentHeight = 0.0
  private var layoutDepth = 0
  private var fatalErrors = 0
  private var work = WorkCounters()

  /// Creates the engine.
  public init() {}

  /// Lists of cards only.
  public var supportedScenes: Set<SceneContent.Kind> { [.list] }

  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    CardFeedLayout.configure(&scrollView)
  }

  /// `setUpHeights()`: every card at least the minimum height; width 0.
  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    CardFeedLayout.contentSize(of: scene, in: geometry)
  }

  /// `reloadData()`: recycle the visible cards (card 0 excepted), set up the heights, lay out.
  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {
    let newItems = CardFeedLayout.items(of: scene, in: scrollView.geometry)
    // A card's height from the feed's data; one the device measured is the same to the feed.
    if let (index, length) = edit?.itemLength, newItems.count == items.count {
      items = newItems
      setHeight(index, length, scrollView: &scrollView)  // expand(i, h) / collapse(i)
      return
    }
    for index in visible.sorted() { recycle(index, scrollView: &scrollView) }
    items = newItems
    cached = Array(repeating: nil, count: items.count)
    attached = []  // Card 0's old view leaks, as in the original (bug 1).
    visible = []
    setUpHeights(scrollView: &scrollView)
    layoutCards(scrollView: &scrollView)
  }

  public mutating func scrollViewDidScroll(_ scrollView: inout ScrollView) {
    layoutCards(scrollView: &scrollView)
  }

  public mutating func scrollViewWillBeginDragging(_ scrollView: inout ScrollView) {
    lastOffset = scrollView.contentOffset.y
  }

  public mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point
  ) {
    let delta = targetContentOffset.y - lastOffset
    movingDown = delta > 0
    guard visible.count > 1 else { return }
    guard visible.count == 2, let f = visible.min(), let s = visible.max() else {
      fatalErrors += 1  // The original traps here.
      return
    }
    let vh = scrollView.geometry.boundsSize.height
    if abs(delta) > Self.scrollThreshold {
      targetContentOffset.y = movingDown ? starts[s] : starts[f] + abs(heights[f] - vh)
    } else {
      targetContentOffset.y = movingDown ? starts[f] + abs(heights[f] - vh) : starts[s]
    }
  }

  public mutating func scrollViewDidEndDragging(
    _ scrollView: inout ScrollView, willDecelerate: Bool
  ) {
    if !willDecelerate { adjust(scrollView: &scrollView) }
  }

  public mutating func scrollViewDidEndDecelerating(_ scrollView: inout ScrollView) {
    lastOffset = scrollView.contentOffset.y
    adjust(scrollView: &scrollView)
  }

  /// On a frame change: heights set up again, layout, and an animated scroll to a visible card.
  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    let bounds = scrollView.geometry.boundsSize
    guard bounds != lastBounds else { return }
    lastBounds = bounds
    guard let anchor = visible.min() else {
      setUpHeights(scrollView: &scrollView)
      return
    }
    setUpHeights(scrollView: &scrollView)
    layoutCards(scrollView: &scrollView)
    scrollToCard(anchor, bottom: false, scrollView: &scrollView)
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
    report.liveViews = attached.count
    let y = scrollView.contentOffset.y
    let vh = scrollView.geometry.boundsSize.height
    let width = scrollView.geometry.boundsSize.width
    report.visibleItems.reserveCapacity(attached.count)
    for index in attached.sorted()
    where starts[index] < y + vh && starts[index] + heights[index] > y {
      report.visibleItems.append(
        EngineFrame.VisibleItem(
          section: 0, index: index,
          frame: Rect(x: 0, y: starts[index], width: width, height: heights[index])))
    }
    report.values.append(
      EngineFrame.NamedValue(
        "contentHeightDeficit", contentHeight - (starts.last.map { $0 + (heights.last ?? 0) } ?? 0))
    )
    report.values.append(EngineFrame.NamedValue("fatalErrors", Double(fatalErrors)))
  }
}

// MARK: - The published algorithms

extension CardScrollViewEngine {
  private mutating func setUpHeights(scrollView: inout ScrollView) {
    let minimum = scrollView.geometry.boundsSize.height + CardFeedLayout.separatorHeight
    var start = 0.0
    starts = []
    heights = []
    for item in items {
      let height = max(item.length, minimum)
      starts.append(start)
      heights.append(height)
      start += height
    }
    if cached.count != items.count {
      cached = Array(repeating: nil, count: items.count)
      attached = []
    }
    contentHeight = start
    scrollView.setContentSize(Size(width: 0, height: start))
  }

  /// The first card whose range contains `y`, by a linear scan.
  private func cardIndex(_ y: Double) -> Int? {
    guard !starts.isEmpty else { return nil }
    for index in starts.indices where y < starts[index] { return max(index - 1, 0) }
    return starts.count - 1
  }

  private mutating func layoutCards(scrollView: inout ScrollView) {
    guard layoutDepth < Self.maximumLayoutDepth else { return }
    layoutDepth += 1
    defer { layoutDepth -= 1 }
    let y = scrollView.contentOffset.y
    let vh = scrollView.geometry.boundsSize.height
    guard var index = cardIndex(y) else { return }
    var now: Set<Int> = []
    repeat {
      if cached[index] == nil {
        // `dequeueСard` calls `prepareForReuse(willCollapse:)` on a queued card, never on a new one.
        let view = pool.dequeue(items[index].reuseIdentifier).view
        pool.configure(view)
        cached[index] = view
        attached.insert(index)
      }
      now.insert(index)
      work.framesSet += 1
      index += 1
    } while starts[index - 1] + heights[index - 1] < y + vh && index < items.count
    visible.subtract(now)
    for old in visible.sorted() { recycle(old, scrollView: &scrollView) }
    visible = now
  }

  private mutating func recycle(_ index: Int, scrollView: inout ScrollView) {
    // Bug 1: card 0 stays.
    guard index > 0, index < cached.count, let view = cached[index] else { return }
    pool.enqueue(view)
    cached[index] = nil
    attached.remove(index)
    if collapseCardsWhenHidden {
      setHeight(
        index, scrollView.geometry.boundsSize.height + CardFeedLayout.separatorHeight,
        scrollView: &scrollView)
    }
  }

  /// `setHeight(i, h, animated: false)`: the source of bugs 2 and 3.
  private mutating func setHeight(_ index: Int, _ height: Double, scrollView: inout ScrollView) {
    guard index > 0, index < heights.count, height.isFinite else { return }
    let delta = height - heights[index]
    guard delta != 0 else { return }
    heights[index] = height
    for later in (index + 1)..<heights.count { starts[later] += delta }
    let newHeight = contentHeight + delta
    if delta < 0, scrollView.contentOffset.y != 0 {
      // Bug 3: also for cards below.
      setOffset(scrollView.contentOffset.y + delta, scrollView: &scrollView)
    }
    if cached[index] != nil {
      work.framesSet += 1
      setOffset(starts[index], scrollView: &scrollView)
      contentHeight = newHeight
      scrollView.setContentSize(Size(width: 0, height: newHeight))
    }
    // Not cached (always so for collapse-on-hide): the content size stays stale (bug 2).
  }

  /// `contentOffset = y`: the setter runs `layoutCards()` again.
  private mutating func setOffset(_ y: Double, scrollView: inout ScrollView) {
    scrollView.contentOffset.y = y
    layoutCards(scrollView: &scrollView)
  }

  private mutating func adjust(scrollView: inout ScrollView) {
    guard visible.count > 1, let f = visible.min(), let s = visible.max() else { return }
    let distance = abs(scrollView.contentOffset.y - lastOffset)
    if distance > Self.scrollThreshold {
      scrollToCard(movingDown ? s : f, bottom: movingDown, scrollView: &scrollView)
    } else {
      scrollToCard(movingDown ? f : s, bottom: movingDown, scrollView: &scrollView)
    }
  }

  private mutating func scrollToCard(_ index: Int, bottom: Bool, scrollView: inout ScrollView) {
    guard starts.indices.contains(index) else { return }
    let vh = scrollView.geometry.boundsSize.height
    let y = starts[index] + (bottom ? abs(heights[index] - vh) : 0)
    scrollView.setContentOffset(Point(x: scrollView.contentOffset.x, y: y), animated: true)
  }
}
