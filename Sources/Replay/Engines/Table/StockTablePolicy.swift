// scrolltrace — table@1: UIKit's own self-sizing table, the screen most apps ship.

/// A `UITableView` whose rows size themselves (`rowHeight = automaticDimension`, an estimated row
/// height), with nothing on top: what UIKit itself does to the offset, the baseline a custom layout
/// is measured against.
///
/// - Rows are laid out at the estimate until displayed: estimation "allows you to defer some of
///   the cost of geometry calculation from load time to scrolling time" (documented:
///   `UITableView.estimatedRowHeight`).
/// - A row sized above the viewport moves nothing, so scrolling up into rows whose estimate was
///   wrong pushes the content (reported: openradar #11121, "self sizing table view cells jump when
///   scrolling up"; the usual workaround caches measured heights in
///   `tableView(_:estimatedHeightForRowAt:)`, Stack Overflow #28244475, "scrolling up becomes
///   jumpy" after `reloadData`).
/// - An update keeps the offset: rows inserted or deleted above the visible area move the content
///   (reported: A. Wang, "Solved: UITableView Jumps On Cell Deletion", Compass, 2019 — "the system
///   was not doing this automatically").
/// - `reloadData` forgets every measured height (the same Stack Overflow report); so does a change
///   of width, since a self-sizing row's height is measured at a width (an assumption of the model,
///   ``SelfSizingPolicy/forgetsSizesOnWidthChange``: no source says how the table keeps heights).
public struct StockTablePolicy: SelfSizingPolicy {
  /// The stock table.
  public init() {}

  /// `table@1`.
  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      name: "table", version: 1,
      summary:
        "UITableView with self-sizing rows: rows sized above the viewport and updates above it move the content.",
      source: "UIKit: UITableView.estimatedRowHeight (documented); openradar #11121 (reported)")
  }

  /// Nothing: the offset stays.
  public mutating func compensation(
    resizing index: Int, to length: Double, in column: SelfSizingColumn,
    _ viewport: SelfSizingViewport
  ) -> SizeCompensation { .none }

  /// None: UIKit keeps the offset across an update.
  public func anchor(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> TargetContentOffsetAnchor?
  { nil }

  /// Nothing to forget: the table keeps no record of its own.
  public mutating func forgetSizing() {}
}
