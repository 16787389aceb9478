// scrolltrace — a tab pager: Vimeo's player screen (Van Nguyen, "UIScrollView with Vimeo's latest
// player screen", Vimeo Engineering Blog, 2021).

public import TraceCore

/// A horizontal pager of N tabs, one page view per tab laid out in a stack (every page view exists
/// for the pager's life), with a tab indicator.
///
/// - **paging@1** is the pager built the legacy way: on a resize the offset is kept (UIKit's
///   default), so after a rotation the seam between two tabs is in view; the tab indicator is set
///   from the page index only when scrolling ends.
/// - **paging@2** is the Vimeo article's fix: in `viewWillTransition(to:with:)` the pager scrolls to
///   the current page's offset for the *future* size (the article lets the content area grow to
///   infinity with `contentInset = .greatestFiniteMagnitude` so that offset is reachable; the model
///   takes the offset directly), so the page index survives the resize; and the tab indicator's
///   scroll fraction, `contentOffset.x / contentSize.width`, flows one way from
///   `scrollViewDidScroll`, reported every frame.
///
/// Per-frame values: `page` (the offset in pages), `selectedTab` (the indicator's tab), and for
/// version 2 `scrollFraction`.
public struct PagingEngine: ScrollEngine, Hashable {
  /// 1 (legacy) or 2 (Vimeo's fix).
  public let version: Int
  /// The engine's identity.
  public var descriptor: EngineDescriptor {
    version == 1
      ? EngineDescriptor(
        name: "paging", version: 1,
        summary:
          "Tab pager built the legacy way: a rotation keeps the offset and shows the seam between two tabs.",
        source:
          "Vimeo Engineering, \"UIScrollView with Vimeo's latest player screen\" (2021), Resizing")
      : EngineDescriptor(
        name: "paging", version: 2,
        summary:
          "Tab pager with Vimeo's fix: the page index survives a resize; one-way scroll fraction to the tab indicator.",
        source:
          "Vimeo Engineering (2021): viewWillTransition to the future size; scrollViewDidScroll drives the indicator"
      )
  }

  private var pageCount = 0
  private var pages = PageViews()
  /// The tab the indicator shows.
  private var selectedTab = 0
  private var scrollFraction = 0.0
  private var laidOutSize: Size?
  private var work = WorkCounters()

  /// A pager of the given version (1 or 2).
  public init(version: Int) {
    self.version = version
  }

  /// Pages only.
  public var supportedScenes: Set<SceneContent.Kind> { [.pages] }

  /// Five horizontal tabs, the shape of Vimeo's pager.
  public func stockScene(for screen: Size) -> Scene {
    Scene(axis: .horizontal, layout: .pages(count: 5))
  }

  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    scrollView.configuration.isPagingEnabled = true
    scrollView.configuration.resizePolicy = .uikitDefault
  }

  /// Pages side by side, each one bounds wide; as tall as the bounds minus the vertical insets.
  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    SceneContent(Scene(axis: .horizontal, layout: .pages(count: Self.pageCount(of: scene))))
      .contentSize(in: geometry)
  }

  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {
    pageCount = Self.pageCount(of: scene)
    pages.resize(to: pageCount, work: &work)
    selectedTab = min(selectedTab, max(pageCount - 1, 0))
    laidOutSize = nil
  }

  public mutating func scrollViewDidScroll(_ scrollView: inout ScrollView) {
    guard version >= 2 else { return }
    let width = scrollView.geometry.contentSize.width
    scrollFraction = width > 0 ? scrollView.contentOffset.x / width : 0
  }

  public mutating func scrollViewDidEndDecelerating(_ scrollView: inout ScrollView) {
    settle(scrollView)
  }
  public mutating func scrollViewDidEndScrollingAnimation(_ scrollView: inout ScrollView) {
    settle(scrollView)
  }
  public mutating func scrollViewDidEndDragging(
    _ scrollView: inout ScrollView, willDecelerate: Bool
  ) {
    if !willDecelerate { settle(scrollView) }
  }

  /// Version 2: the page the pager rests on survives the resize (the future-size scroll).
  public mutating func scrollViewWillTransition(
    _ scrollView: inout ScrollView, to geometry: ScrollGeometry, targetContentOffset: inout Point
  ) {
    guard version >= 2, geometry.boundsSize.width != scrollView.geometry.boundsSize.width else {
      return
    }
    targetContentOffset.x = Double(selectedTab) * geometry.boundsSize.width
  }

  /// The stack view lays its pages out again only when the bounds size changed.
  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    if laidOutSize != scrollView.geometry.boundsSize {
      laidOutSize = scrollView.geometry.boundsSize
      work.framesSet += pageCount
    }
  }

  /// `true`: the component changes only in scroll-view callbacks and scene changes, never on a
  /// frame of its own, so frames at rest advance in bulk (``FrameRun``).
  public var reportsAlikeAtRest: Bool { true }

  /// `false`: its items are followed by section and index, never by identity.
  public var reportsItemIdentities: Bool { false }

  public mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame {
    newFrameReport(scrollView)
  }

  public mutating func frameReport(into report: inout EngineFrame, for scrollView: ScrollView) {
    report.removeAll()
    pages.report(into: &report, work: &work)
    let geometry = scrollView.geometry
    let width = geometry.boundsSize.width
    let height = geometry.contentSize.height
    let viewport = Rect(
      x: scrollView.contentOffset.x, y: scrollView.contentOffset.y, width: width,
      height: geometry.boundsSize.height)
    if width > 0, pageCount > 0 {
      report.visibleItems.reserveCapacity(3)  // At most one allocation, not one per page shown.
      let first = Self.page((viewport.minX / width).rounded(.down), count: pageCount + 1)
      for index in first..<min(pageCount, first + 3) {
        let frame = Rect(x: Double(index) * width, y: 0, width: width, height: height)
        if frame.intersects(viewport) {
          report.visibleItems.append(
            EngineFrame.VisibleItem(section: 0, index: index, frame: frame))
        }
      }
    }
    // Reserved whole, so that version 2's third value does not grow the list a second time.
    report.values.reserveCapacity(3)
    report.values.append(
      EngineFrame.NamedValue("page", width > 0 ? scrollView.contentOffset.x / width : 0))
    report.values.append(EngineFrame.NamedValue("selectedTab", Double(selectedTab)))
    if version >= 2 {
      report.values.append(EngineFrame.NamedValue("scrollFraction", scrollFraction))
    }
  }

  /// Scrolling ended: the indicator takes the page in view.
  private mutating func settle(_ scrollView: ScrollView) {
    let width = scrollView.geometry.boundsSize.width
    guard width > 0, pageCount > 0 else { return }
    selectedTab = Self.page((scrollView.contentOffset.x / width).rounded(), count: pageCount)
  }

  /// `value` as a page index in `0..<count` (0 when it is not finite).
  static func page(_ value: Double, count: Int) -> Int {
    guard value.isFinite, count > 0 else { return 0 }
    return Int(min(max(value, 0), Double(count - 1)))
  }

  /// The number of pages of a page scene.
  static func pageCount(of scene: SceneContent) -> Int {
    if case .pages(let count) = scene.scene.layout { return max(count, 0) }
    return 0
  }
}

/// The page views of a pager: created once per page and kept (a stack view's arranged subviews).
struct PageViews: Hashable, Sendable {
  private(set) var count = 0
  private var created = 0
  private var createdSinceReport = 0

  /// Makes or removes page views to have `count`.
  mutating func resize(to newCount: Int, work: inout WorkCounters) {
    if newCount > count {
      created += newCount - count
      createdSinceReport += newCount - count
      work.itemsConfigured += newCount - count
    }
    count = newCount
  }

  /// Sets the views and the work in `report`, starting new counts.
  mutating func report(into report: inout EngineFrame, work: inout WorkCounters) {
    report.dequeuesCreated = createdSinceReport
    report.liveViews = count
    report.viewsCreated = created
    report.work = work
    createdSinceReport = 0
    work = WorkCounters()
  }
}
