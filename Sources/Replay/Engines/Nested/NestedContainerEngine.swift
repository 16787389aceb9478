// scrolltrace — scroll views inside a scroll view: OLEContainerScrollView (Ole Begemann, "Scroll Views
// Inside Scroll Views", 2014).

public import TraceFormat

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

  private var spacing = 0.0
  private var children: [ContainerChild] = []
  private var rowStarts: [[Double]] = []
  /// Each list's row lengths and ends (start + length), beside ``rowStarts``: what finding the rows
  /// in view reads, without the scene's items.
  private var rowLengths: [[Double]] = []
  private var rowEnds: [[Double]] = []
  /// Each list child's total row length (0 for views), summed once per scene change.
  private var listLengths: [Double] = []
  private var pools: [ReusePool] = []
  /// Each child list's rows with views (none for plain views).
  private var shownRows: [ShownRows] = []
  /// Row views in use across every list: the sum of ``shownRows``' counts.
  private var rowViewsInUse = 0
  private var plainViews = 0
  /// Plain views created since the engine began: never falls when a scene with fewer arrives.
  private var plainViewsCreated = 0
  private var laidOutWidth: Double?
  /// Each child's frame after the last layout pass, in the container's content coordinates.
  public private(set) var frames: [Rect] = []
  /// Each child list's content offset after the last layout pass (0 for plain views), in points.
  public private(set) var childOffsets: [Double] = []
  private var work = WorkCounters()

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
    for section in children.indices where section < frames.count && !children[section].isHidden {
      if case .view = children[section].content {
        if frames[section].intersects(viewport) {
          report.visibleItems.append(
            EngineFrame.VisibleItem(section: section, index: 0, frame: frames[section]))
        }
      } else {
        let childTop = frames[section].minY
        let childOffset = childOffsets[section]
        let top = viewport.minY - childTop + childOffset
        let starts = rowStarts[section]
        let lengths = rowLengths[section]
        for row in rows(of: section, from: top, to: top + viewport.size.height).clamped(
          to: shownRows[section].rows)
        {
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

// MARK: - Layout

extension NestedContainerEngine {
  /// The rows of list `index` that intersect `lower..<upper` (child content coordinates, points): a binary
  /// search for the first, then a walk to the last.
  ///
  /// O(log n + rows shown). A plain view has no rows.
  private func rows(of index: Int, from lower: Double, to upper: Double) -> Range<Int> {
    // `lower < upper` is false for NaN too: non-finite geometry (hostile input) shows no rows.
    guard lower < upper else { return 0..<0 }
    let starts = rowStarts[index]
    let ends = rowEnds[index]
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] <= lower { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < starts.count, starts[end] < upper { end += 1 }
    return low..<end
  }
}

extension NestedContainerEngine {
  /// A container scene's children and spacing (none for other kinds, which the engine refuses).
  static func children(of scene: SceneContent) -> (spacing: Double, children: [ContainerChild]) {
    if case .container(let spacing, let children) = scene.scene.layout {
      return (spacing, children)
    }
    return (0, [])
  }

  /// The content height the container gives itself (OLE's `Y`, at least the minimum).
  private func contentHeight(
    _ children: [ContainerChild], spacing: Double, geometry: ScrollGeometry
  ) -> Double {
    var y = 0.0
    var previousVisible = false
    for (index, child) in children.enumerated() {
      if child.isHidden { continue }
      if version != 2, previousVisible { y += spacing }
      y += Self.reservedLength(of: child, listLength: nil)
      if version == 2, index < children.count - 1 { y += spacing }
      previousVisible = true
    }
    let inset = version == 3 ? geometry.adjustedContentInset : geometry.contentInset
    let minimum = version == 1 ? 0 : geometry.boundsSize.height - (inset.top + inset.bottom)
    return max(y, minimum)
  }

  /// A child's reserved length: a view's length, or a list's rows (`listLength` if already summed)
  /// plus its inset.
  private static func reservedLength(of child: ContainerChild, listLength: Double?) -> Double {
    switch child.content {
    case .view(let length): length
    case .list(let items, let inset):
      (listLength ?? items.reduce(0) { $0 + $1.length }) + inset.top + inset.bottom
    }
  }

  /// One layout pass: child frames and offsets, then the rows each child list shows.
  private mutating func layout(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    let geometry = scrollView.geometry
    let width = geometry.boundsSize.width
    // Nothing moves.
    if version == 1 && laidOutWidth == width && frames.count == children.count { return }
    laidOutWidth = width
    let y = scrollView.contentOffset.y
    let height = geometry.boundsSize.height
    // Every child's frame and offset is written below: the arrays are reused, not rebuilt, when
    // the children are the same in number (every scroll's pass).
    if frames.count != children.count {
      frames = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: children.count)
      childOffsets = Array(repeating: 0, count: children.count)
    }
    var position = 0.0
    var previousVisible = false
    for (index, child) in children.enumerated() {
      if child.isHidden {
        frames[index] = Rect(x: 0, y: position, width: width, height: 0)
        childOffsets[index] = 0
        work.framesSet += 1
        show(rows: nil, of: index)
        continue
      }
      if version != 2, previousVisible { position += spacing }
      previousVisible = true
      switch child.content {
      case .view(let length):
        frames[index] = Rect(x: 0, y: position, width: width, height: length)
        childOffsets[index] = 0
        work.framesSet += 1
      case .list(_, let inset):
        let content = listLengths[index]
        let frame: Rect
        let offset: Double
        switch version {
        case 1:
          offset = -inset.top
          frame = Rect(x: 0, y: position, width: width, height: content + inset.top + inset.bottom)
        case 2:
          offset = y < position ? 0 : y - position
          let top = y < position ? position : y
          frame = Rect(
            x: 0, y: top, width: width,
            height: min(max(y + height - top, 0), max(content - offset, 0)))
        default:
          offset = (y < position ? 0 : y - position) - inset.top
          let top = y < position ? position : y
          frame = Rect(
            x: 0, y: top, width: width,
            height: min(max(y + height - top, 0), max(content + inset.bottom - offset, 0)))
        }
        frames[index] = frame
        childOffsets[index] = offset
        work.framesSet += 1
        show(rows: (offset, offset + frame.size.height), of: index)
      }
      position += Self.reservedLength(of: child, listLength: listLengths[index])
      if version == 2, index < children.count - 1 { position += spacing }
    }
    let inset = version == 3 ? geometry.adjustedContentInset : geometry.contentInset
    let minimum = version == 1 ? 0 : height - (inset.top + inset.bottom)
    scrollView.setContentSize(Size(width: width, height: max(position, minimum)))
  }

  /// Gives views to the rows of list `index` inside `range` (child content coordinates, points) and
  /// takes them back from the others; `nil` shows none.
  ///
  /// Version 1 shows every row.
  private mutating func show(rows range: (lower: Double, upper: Double)?, of index: Int) {
    guard case .list(let items, _) = children[index].content else { return }
    var wanted: Range<Int> = 0..<0
    if version == 1, range != nil {
      wanted = 0..<rowStarts[index].count
    } else if let range {
      wanted = rows(of: index, from: range.lower, to: range.upper)
    }
    rowViewsInUse -= shownRows[index].count
    shownRows[index].show(
      wanted,
      enqueue: { pools[index].enqueue($0) },
      dequeue: { row in
        let view = pools[index].dequeue(items[row].reuseIdentifier).view
        pools[index].configure(view)
        return view
      })
    rowViewsInUse += wanted.count
    work.framesSet += wanted.count  // Each row shown gets its frame set.
  }
}
