// scrolltrace — scroll views inside a scroll view: OLEContainerScrollView (Ole Begemann, "Scroll Views
// Inside Scroll Views", 2014).

public import TraceCore

/// A vertical container of plain views and child lists (table views), in three versions.
///
/// The versions:
///
/// - **nested@1**, the naive container: every child list is sized to its whole content, so every
///   row of every list is materialised and cell reuse never happens.
/// - **nested@2**, OLEContainerScrollView's algorithm as published (`ole/OLEContainerScrollView`
///   @ bba54228): each child list is at most as tall as the
///   visible part of the screen and scrolls its own content, so only the rows on screen have cells,
///   reused through each list's queue. Its quirks are reproduced: the child's content inset is
///   reserved but shows as a blank gap after the child (quirk 1); a hidden last view leaves one
///   trailing spacing (quirk 2); the minimum content height uses `contentInset`, not the adjusted
///   inset (quirk 5).
/// - **nested@3**, OLE with those quirks fixed: the child's insets show where they belong (its
///   content starts at `−contentInset.top`), spacing goes only between visible views, and the
///   minimum height uses the adjusted inset.
public struct NestedContainerEngine: ScrollEngine {
  /// 1 (naive), 2 (OLE as published) or 3 (OLE fixed).
  public let version: Int
  /// The engine's identity.
  public var descriptor: EngineDescriptor {
    switch version {
    case 1:
      EngineDescriptor(
        name: "nested", version: 1,
        summary:
          "Naive container: every child list sized to its content, so every row is materialised.",
        source: "Ole Begemann, \"Scroll Views Inside Scroll Views\" (2014), the problem statement")
    case 2:
      EngineDescriptor(
        name: "nested", version: 2,
        summary:
          "OLEContainerScrollView as published: viewport-clipped children, working reuse; inset gap and trailing-spacing quirks.",
        source: "ole/OLEContainerScrollView @ bba54228, layoutSubviews")
    default:
      EngineDescriptor(
        name: "nested", version: 3,
        summary:
          "OLEContainerScrollView with its quirks fixed: child insets shown in place, spacing only between visible views.",
        source:
          "ole/OLEContainerScrollView @ bba54228 with its inset-gap, trailing-spacing and minimum-height quirks fixed"
      )
    }
  }

  // The state below is internal, not private: the layout pass (NestedContainerLayout.swift)
  // reads and writes it.
  var spacing = 0.0
  var children: [ContainerChild] = []
  /// Each child as the layout pass and the report read it (``ChildShape``), beside ``children``.
  var shapes: [ChildShape] = []
  var rowStarts: [[Double]] = []
  /// Each list's row lengths and ends (start + length), beside ``rowStarts``: what finding the rows
  /// in view reads, without the scene's items.
  var rowLengths: [[Double]] = []
  var rowEnds: [[Double]] = []
  /// Each list's rows' reuse identifiers, beside ``rowStarts``: what a row that arrives dequeues.
  var rowIdentifiers: [[String]] = []
  /// Each list child's total row length (0 for views), summed once per scene change.
  var listLengths: [Double] = []
  var pools: [ReusePool] = []
  /// Each child list's rows with views (none for plain views).
  var shownRows: [ShownRows] = []
  /// Row views in use across every list: the sum of ``shownRows``' counts.
  var rowViewsInUse = 0
  var plainViews = 0
  /// Plain views created since the engine began: never falls when a scene with fewer arrives.
  var plainViewsCreated = 0
  var laidOutWidth: Double?
  /// Each child's frame after the last layout pass, in the container's content coordinates.
  public internal(set) var frames: [Rect] = []
  /// Each child list's content offset after the last layout pass (0 for plain views), in points.
  public internal(set) var childOffsets: [Double] = []
  var work = WorkCounters()

  /// A container of the given version (1, 2 or 3).
  public init(version: Int) {
    self.version = version
  }

  /// Containers only.
  public var supportedScenes: Set<SceneContent.Kind> { [.container] }

  /// The `nested-container` sample's stack (Traces/scripts/nested-container.json): a 240 pt
  /// header, a table of 400 rows of 44 pt, a collection of 150 photos of 88 pt, a 320 pt footer.
  public func stockScene(for screen: Size) -> Scene {
    Scene(
      axis: .vertical,
      layout: .container(
        spacing: 8,
        children: [
          ContainerChild(.view(length: 240)),
          ContainerChild(
            .list(
              items: Array(repeating: SceneItem(length: 44, reuseIdentifier: "row"), count: 400),
              contentInset: EdgeInsets())),
          ContainerChild(
            .list(
              items: Array(repeating: SceneItem(length: 88, reuseIdentifier: "photo"), count: 150),
              contentInset: EdgeInsets(top: 8, left: 0, bottom: 8, right: 0))),
          ContainerChild(.view(length: 320)),
        ]))
  }

  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    scrollView.configuration.isPagingEnabled = false
    scrollView.configuration.alwaysBounceVertical = true
  }

  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    let (spacing, children) = Self.children(of: scene)
    return Size(
      width: geometry.boundsSize.width,
      height: contentHeight(children, spacing: spacing, geometry: geometry))
  }

  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {
    for index in shownRows.indices {
      for view in shownRows[index].viewsInCreationOrder { pools[index].enqueue(view) }
    }
    (spacing, children) = Self.children(of: scene)
    shapes = children.map(ChildShape.init)
    rowStarts = children.map { child in
      guard case .list(let items, _) = child.content else { return [] }
      var start = 0.0
      return items.map { item in
        defer { start += item.length }
        return start
      }
    }
    rowLengths = children.map { child in
      guard case .list(let items, _) = child.content else { return [] }
      return items.map(\.length)
    }
    rowIdentifiers = children.map { child in
      guard case .list(let items, _) = child.content else { return [] }
      return items.map(\.reuseIdentifier)
    }
    rowEnds = zip(rowStarts, rowLengths).map { starts, lengths in
      zip(starts, lengths).map { $0 + $1 }
    }
    listLengths = children.map { child in
      guard case .list(let items, _) = child.content else { return 0 }
      return items.reduce(0) { $0 + $1.length }
    }
    // Each child's pool numbers its views from its own 2³² block.
    while pools.count < children.count {
      pools.append(ReusePool(strategy: .keyed, firstView: pools.count << 32))
    }
    shownRows = Array(repeating: ShownRows(), count: children.count)
    rowViewsInUse = 0
    let plain = children.filter { if case .view = $0.content { true } else { false } }.count
    if plain > plainViews {
      plainViewsCreated += plain - plainViews
      work.itemsConfigured += plain - plainViews
    }
    plainViews = plain
    laidOutWidth = nil
    layout(&scrollView)
  }

  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    layout(&scrollView)
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
    report.work = work
    work = WorkCounters()
    for index in pools.indices { report.take(from: &pools[index]) }
    // Plain views are created once, not dequeued: they count as views created (work), never as
    // dequeues, so the reuse hit rate is the cells'.
    report.viewsCreated += plainViewsCreated
    report.liveViews = plainViews + rowViewsInUse
    let geometry = scrollView.geometry
    let viewport = Rect(
      x: scrollView.contentOffset.x, y: scrollView.contentOffset.y,
      width: geometry.boundsSize.width, height: geometry.boundsSize.height)
    for section in shapes.indices where section < frames.count {
      switch shapes[section] {
      case .hidden:
        continue
      case .view:
        if frames[section].intersects(viewport) {
          report.visibleItems.append(
            EngineFrame.VisibleItem(section: section, index: 0, frame: frames[section]))
        }
      case .list:
        let childTop = frames[section].minY
        let childOffset = childOffsets[section]
        let top = viewport.minY - childTop + childOffset
        let starts = rowStarts[section]
        let lengths = rowLengths[section]
        // The rows in view are found from the rows shown, which layout clipped to nearly them
        // (version 1 shows every row: searched).
        let shown = shownRows[section].rows
        // Rows without views are never in view: a list off screen is not searched.
        if shown.isEmpty { continue }
        let inView =
          version == 1
          ? rows(of: section, from: top, to: top + viewport.size.height)
          : rows(of: section, from: top, to: top + viewport.size.height, near: shown)
        for row in inView.clamped(to: shown) {
          let frame = Rect(
            x: 0, y: childTop + starts[row] - childOffset, width: geometry.boundsSize.width,
            height: lengths[row])
          if frame.intersects(viewport) {
            report.visibleItems.append(
              EngineFrame.VisibleItem(section: section, index: row, frame: frame))
          }
        }
      }
    }
  }
}
