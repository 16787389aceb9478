// scrolltrace — a collection view whose items size themselves, around a layout's decisions.

public import TraceCore

/// A vertical collection view whose items size themselves, in rows down one column
/// (``SelfSizingColumn``), replayed around a
/// layout's decisions about the offset (``SelfSizingPolicy``).
///
/// What the engine does around the layout, with UIKit's part sourced:
///
/// - an item is laid out at its estimate until it first enters the prepared rect (the visible rect
///   and ``UIKitBehavior/preparedMargin``), then at its actual length; within a layout pass items
///   are sized in index order, and each size the layout receives is answered at once: the policy's
///   ``SizeCompensation`` is added to `contentOffset`, as UIKit adds an invalidation context's
///   `contentOffsetAdjustment` (documented: `UICollectionViewLayoutInvalidationContext`), and the
///   prepared rect is found again after each;
/// - the offset moved by the layout carries into the motion in progress: a drag goes on from it,
///   a deceleration goes on from it with its velocity (the model's rule for any offset an engine
///   sets, ``ScrollView/contentOffset``);
/// - a batch update, an insert or a delete applies at once, and the offset after it is the
///   layout's (``SelfSizingPolicy/targetContentOffset(after:from:to:_:)``, from what
///   ``SelfSizingPolicy/record(before:in:_:)`` kept as the update found the list; by default its
///   anchor, found by the anchor item's identity) — documented: the
///   collection view asks the layout's `targetContentOffset(forProposedContentOffset:)` "during
///   layout updates"; the items the update inserted or reloaded are sized in the next layout
///   pass, at whose end the update is over for the layout
///   (``SelfSizingPolicy/layoutPassDidEnd()``); without a target
///   the offset stays, clamped to the new content, so an insert above pushes the content down
///   (reported: MagazineLayout's `verticalLayoutDirection` documentation, #114, "items inserted
///   at the top push content down");
/// - `reloadData` forgets every measured size (reported: MagazineLayout #56, the content moving at
///   a `reloadData`), and so does a change of width for a layout that does
///   (``SelfSizingPolicy/forgetsSizesOnWidthChange``), which keeps the layout's anchor (reported: MagazineLayout #11, "on rotation, we
///   discard calculated layout information");
/// - cells are dequeued from a keyed reuse pool for the visible items, each configured once; an
///   update moves the cells of the items that stay on screen with them, and gives a reloaded item
///   a new cell (`reloadItems(at:)`), every item at a `reloadData`.
///
/// Each visible item is reported with its identity (``EngineFrame/VisibleItem/id``), and the items
/// a viewport either side of them (``EngineFrame/nearbyItems``), so the analysis follows the
/// content across inserts.
public struct SelfSizingEngine<Policy: SelfSizingPolicy>: ScrollEngine {
  /// The layout's decisions.
  public var policy: Policy
  var column = SelfSizingColumn()
  var shown = ShownRows()
  var pool = ReusePool(strategy: .keyed)
  var work = WorkCounters()
  var laidOutWidth: Double?
  /// What the last frame reported, and the item ranges of the last layout pass and report, kept
  /// while they stay (``ReportedItems``, ``RowRangeMemo``).
  var reported = ReportedItems()
  var visibleRows = RowRangeMemo()
  var nearbyRows = RowRangeMemo()
  var preparedRows = RowRangeMemo()
  /// Items a layout pass found every one of sized, and the column's generation then.
  var sizedItems: (generation: Int, items: Range<Int>)?

  /// An engine replaying `policy`'s layout, under the scroll view's
  /// ``ScrollViewConfiguration/uikit`` (today's iOS unless a replay chooses another).
  public init(policy: Policy) {
    self.policy = policy
  }

  /// The policy's.
  public var descriptor: EngineDescriptor { policy.descriptor }

  /// Lists only.
  public var supportedScenes: Set<SceneContent.Kind> { [.list] }

  /// The frames of the items laid out so far; changes only in callbacks.
  public var reportsAlikeAtRest: Bool { true }

  /// Starts a new column of the scene's items, none of them sized.
  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    shown.hideAll { pool.enqueue($0) }
    rebuild(from: scene)
    policy.forgetSizing()
    laidOutWidth = nil
  }

  /// The column's length at its items' laid-out lengths; the width of the bounds.
  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    Size(width: geometry.boundsSize.width, height: column.contentLength)
  }

  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {
    guard var edit else {
      layOut(&scrollView)
      return
    }
    if case .batchUpdate(let update) = edit, !update.isAnimated,
      scrollView.configuration.uikit.reloadsOnNonAnimatedUpdate
    {
      // Before iOS 15 a non-animated diffable apply was a reloadData after the change.
      do { try column.apply(edit) } catch { rebuild(from: scene) }
      edit = .reloadData(section: update.section)
    }
    if let (index, length) = edit.itemLength, index < column.count {
      if case .sizeResolved = edit, !column.entries[index].isSized {
        // A size the device resolved before the replay displayed the item: it is sized at it when
        // it is.
        try? column.apply(edit)
      } else {
        // A cell that changes its height goes through the layout's self-sizing path.
        resize(index, to: length, &scrollView) { column in try? column.apply(edit) }
      }
      layOut(&scrollView)
      return
    }
    // An insert or delete is a layout update too: the collection view asks the layout for its
    // target offset "during layout updates" (targetContentOffset(forProposedContentOffset:)).
    var isUpdate = false
    switch edit {
    case .batchUpdate, .insert, .delete: isUpdate = true
    default: break
    }
    if isUpdate, scrollView.needsLayout {
      // A layout pass still pending (an earlier update of the same frame) runs first, as the
      // collection view lays out before it applies an update (reported: opennetltd/Composed #10,
      // "performBatchUpdates triggering a layout before the indexes have updated").
      layoutSubviews(&scrollView)
    }
    // What the layout and the shown cells need of the list as the update found it; the update
    // then applies to the column in place.
    let record = isUpdate ? policy.record(before: edit, in: column, viewport(of: scrollView)) : nil
    let shownIDs = shown.rows.clamped(to: column.entries.indices).map { column.entries[$0].id }
    let countBefore = column.count
    do { try column.apply(edit) } catch { rebuild(from: scene) }
    switch edit {
    case .batchUpdate, .reloadData: policy.forgetSizing()
    default: break
    }
    keepViews(shownIDs, of: countBefore, except: edit)
    scrollView.setContentSize(Size(width: scrollView.geometry.boundsSize.width, height: length))
    let viewport = viewport(of: scrollView)
    var offset = scrollView.contentOffset
    let target = record.flatMap {
      policy.targetContentOffset(after: edit, from: $0, to: column, viewport)
    }
    if let target, !ignoresTarget(scrollView) {
      offset.y = target
    } else if scrollView.phase != .dragging {
      // UIKit keeps the offset, within the content that is left.
      offset.y = min(offset.y, viewport.maximumOffset(contentLength: column.contentLength))
    }
    if offset != scrollView.contentOffset { scrollView.contentOffset = offset }
    layOut(&scrollView)
    // The update's layout pass, in which the items it brought on screen are sized (reported:
    // composed-swift/composed #34, "after the updates have been applied the collection will
    // layout, dequeuing views as necessary").
    scrollView.setNeedsLayout()
  }

  /// Whether UIKit ignores the target offset the layout proposes for an update now: iOS 15.1 while
  /// the user scrolls, unless the layout sets the offset itself.
  private func ignoresTarget(_ scrollView: ScrollView) -> Bool {
    scrollView.configuration.uikit.ignoresTargetContentOffsetWhileScrolling
      && (scrollView.isDragging || scrollView.isDecelerating)
      && !policy.setsIgnoredTargetContentOffset
  }

  /// A change of width forgets every measured size, for a layout that does; the layout's anchor
  /// chooses the offset.
  public mutating func scrollViewWillTransition(
    _ scrollView: inout ScrollView, to geometry: ScrollGeometry, targetContentOffset: inout Point
  ) {
    guard geometry.boundsSize.width != scrollView.geometry.boundsSize.width else { return }
    let anchor = policy.anchor(in: column, viewport(of: scrollView))
    if policy.forgetsSizesOnWidthChange {
      column.forgetSizes()
      policy.forgetSizing()
    }
    laidOutWidth = geometry.boundsSize.width
    guard let anchor else { return }
    var after = viewport(of: scrollView)
    after.boundsHeight = geometry.boundsSize.height
    after.topInset = geometry.adjustedContentInset.top
    after.bottomInset = geometry.adjustedContentInset.bottom
    targetContentOffset.y = anchor.yOffset(in: column, after)
  }

  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    let width = scrollView.geometry.boundsSize.width
    if let laidOutWidth, laidOutWidth != width, policy.forgetsSizesOnWidthChange {
      // A width change the transition hook did not see (during a drag): sizes go, offset stays.
      column.forgetSizes()
      policy.forgetSizing()
    }
    laidOutWidth = width
    let leftOut = sizeItems(&scrollView)
    policy.layoutPassDidEnd()
    // What the layout left out of an update's pass is laid out, and sized, in the next.
    if leftOut { scrollView.setNeedsLayout() }
    if scrollView.geometry.contentSize.height != length {
      scrollView.setContentSize(Size(width: width, height: length))
    }
    layOut(&scrollView)
  }

  public mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame {
    newFrameReport(scrollView)
  }

  public mutating func frameReport(into report: inout EngineFrame, for scrollView: ScrollView) {
    // The lists are the engine's (``ReportedItems``): taken out of the report before it is
    // emptied, so that the engine's copy is the only one when it builds them again.
    report.visibleItems = []
    report.nearbyItems = []
    report.restart(taking: &work, from: &pool)
    report.liveViews = shown.count
    let width = scrollView.geometry.boundsSize.width
    let top = scrollView.contentOffset.y
    let height = scrollView.geometry.boundsSize.height
    // A viewport either side, the shown rows left out.
    let nearby = nearbyRows.indexes(in: column, intersecting: top - height, top + 2 * height)
    let key = ReportedItems.Key(
      generation: column.generation, width: width, shown: shown.rows, nearby: nearby)
    if reported.key != key {
      // The lists emptied in place when nothing else holds them (an analyzer may hold the
      // previous frame's), new ones otherwise.
      let above = nearby.lowerBound..<max(nearby.lowerBound, shown.rows.lowerBound)
      let below =
        min(max(shown.rows.upperBound, nearby.lowerBound), nearby.upperBound)..<nearby.upperBound
      reported.key = key
      reported.visible.removeAll(keepingCapacity: true)
      reported.visible.reserveCapacity(shown.count)
      Self.append(shown.rows, of: column, width: width, to: &reported.visible)
      reported.nearby.removeAll(keepingCapacity: true)
      reported.nearby.reserveCapacity(above.count + below.count)
      Self.append(above, of: column, width: width, to: &reported.nearby)
      Self.append(below, of: column, width: width, to: &reported.nearby)
    }
    report.visibleItems = reported.visible
    report.nearbyItems = reported.nearby
  }

  /// Appends the items of `rows` of `column` to `list`, in a column `width` points wide: where
  /// each row starts is looked up once per run of items, then added up.
  private static func append(
    _ rows: Range<Int>, of column: SelfSizingColumn, width: Double,
    to list: inout [EngineFrame.VisibleItem]
  ) {
    guard !rows.isEmpty else { return }
    var rowStart = column.start(of: rows.lowerBound)
    if column.hasOneItemPerRow {
      // Every item the whole width, as tall as its row: the common list, without the row walk.
      for index in rows {
        let length = column.lengths.values[index]
        list.append(
          EngineFrame.VisibleItem(
            section: 0, index: index,
            frame: Rect(x: 0, y: rowStart, width: width, height: length),
            id: column.entries[index].id))
        rowStart += length
      }
      return
    }
    for index in rows {
      list.append(
        EngineFrame.VisibleItem(
          section: 0, index: index,
          frame: column.frame(of: index, rowStart: rowStart, width: width),
          id: column.entries[index].id))
      if column.endsRow(index) { rowStart += column.rowLength(of: index) }
    }
  }

  /// A list of 1,000 rows estimated at 44 points (UITableView's default row height) whose actual
  /// heights run from 30 to 200 points, in a repeating pattern.
  public func stockScene(for screen: Size) -> Scene {
    let heights: [Double] = [44, 120, 30, 200, 64, 88, 150, 52]
    let items = (0..<1000).map {
      SceneItem(length: heights[$0 % heights.count], reuseIdentifier: "row", estimatedLength: 44)
    }
    return Scene(axis: .vertical, layout: .list(items))
  }
}
