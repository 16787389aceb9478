// scrolltrace — a table view or a flow-layout collection view as a scene.

#if canImport(UIKit)
public import Foundation
public import TraceCore
public import UIKit

extension SceneLines {
  /// What a cell of a table or collection view is: the key of a ``Layout`` made from one.
  public enum CellKey: Hashable, Sendable {
    /// A row or an item.
    case item(IndexPath)
    /// A section's header.
    case header(section: Int)
    /// A section's footer.
    case footer(section: Int)
    /// A table view's header view.
    case tableHeader
    /// A table view's footer view.
    case tableFooter
  }

  /// The scene of `tableView`: its header and footer views, rows, section headers and footers,
  /// from their frames, to the end of its content.
  ///
  /// - Parameters:
  ///   - tableView: the table view, laid out.
  ///   - reuseIdentifier: the identifier the row at an index path is dequeued with.
  /// - Returns: a vertical list scene, one item per row, header and footer with a height.
  @MainActor
  public static func scene(
    of tableView: UITableView, reuseIdentifier: (IndexPath) -> String
  ) -> Scene {
    layout(of: tableView, reuseIdentifier: reuseIdentifier).scene
  }

  /// The scene of `tableView` with the item each row went into, for the sizes its self-sizing
  /// rows resolve (``Layout/resolveSize(of:length:)``).
  ///
  /// A row of a self-sizing table that the table has not displayed yet is laid out at its
  /// estimate, so the scene holds the estimate as its length too, until its size is recorded.
  ///
  /// - Parameters:
  ///   - tableView: the table view, laid out.
  ///   - reuseIdentifier: the identifier the row at an index path is dequeued with.
  ///   - estimatedHeight: the height the table assumes for a row until it sizes it, in points, or
  ///     nil for a row of a known height (the delegate's
  ///     `tableView(_:estimatedHeightForRowAt:)`, where the app implements it). By default,
  ///     `estimatedRowHeight` for every row when `rowHeight` is `automaticDimension` and
  ///     `estimatedRowHeight` is positive (self-sizing rows: Apple,
  ///     https://developer.apple.com/documentation/uikit/uitableview/estimatedrowheight), none
  ///     otherwise.
  /// - Returns: a vertical list scene, one item per row, header and footer with a height, and the
  ///   line of each.
  @MainActor
  public static func layout(
    of tableView: UITableView, reuseIdentifier: (IndexPath) -> String,
    estimatedHeight: ((IndexPath) -> Double?)? = nil
  ) -> Layout<CellKey> {
    let selfSizing =
      tableView.rowHeight == UITableView.automaticDimension && tableView.estimatedRowHeight > 0
    let defaultEstimate = selfSizing ? Double(tableView.estimatedRowHeight) : nil
    var cells: [(key: CellKey, cell: Cell)] = []
    if let header = tableView.tableHeaderView {
      cells.append((.tableHeader, Cell(frame: Rect(header.frame), reuseIdentifier: "tableHeader")))
    }
    if let footer = tableView.tableFooterView {
      cells.append((.tableFooter, Cell(frame: Rect(footer.frame), reuseIdentifier: "tableFooter")))
    }
    for section in 0..<tableView.numberOfSections {
      cells.append(
        (
          .header(section: section),
          Cell(frame: Rect(tableView.rectForHeader(inSection: section)), reuseIdentifier: "header")
        ))
      for row in 0..<tableView.numberOfRows(inSection: section) {
        let indexPath = IndexPath(row: row, section: section)
        cells.append(
          (
            .item(indexPath),
            Cell(
              frame: Rect(tableView.rectForRow(at: indexPath)),
              reuseIdentifier: reuseIdentifier(indexPath),
              estimatedLength: estimatedHeight.map { $0(indexPath) } ?? defaultEstimate)
          ))
      }
      cells.append(
        (
          .footer(section: section),
          Cell(frame: Rect(tableView.rectForFooter(inSection: section)), reuseIdentifier: "footer")
        ))
    }
    return layout(
      of: cells, axis: .vertical, contentLength: Double(tableView.contentSize.height))
  }

  /// The scene of `collectionView` with a flow layout: one item per line of cells, section header
  /// or section footer, along the layout's scroll direction, section insets and spacing included,
  /// to the end of its content.
  ///
  /// - Parameters:
  ///   - collectionView: the collection view, laid out.
  ///   - reuseIdentifier: the identifier the cell at an index path is dequeued with.
  /// - Returns: a list scene along the scroll direction, one item per line of cells.
  @MainActor
  public static func scene(
    of collectionView: UICollectionView, reuseIdentifier: (IndexPath) -> String
  ) -> Scene {
    layout(of: collectionView, reuseIdentifier: reuseIdentifier).scene
  }

  /// The scene of `collectionView` with a flow layout, with the item (the line) each cell went
  /// into, for the sizes its self-sizing cells resolve (``Layout/resolveSize(of:length:)``).
  ///
  /// - Parameters:
  ///   - collectionView: the collection view, laid out.
  ///   - reuseIdentifier: the identifier the cell at an index path is dequeued with.
  ///   - estimatedLength: the length along the scroll direction the layout assumes for a cell
  ///     until it sizes it, in points, or nil for a cell of a known size. By default, the flow
  ///     layout's `estimatedItemSize` when it is neither zero (no self-sizing) nor
  ///     `automaticSize`, whose estimate UIKit does not make known (Apple,
  ///     https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/estimateditemsize).
  /// - Returns: a list scene along the scroll direction, one item per line of cells, and the line
  ///   of each cell.
  @MainActor
  public static func layout(
    of collectionView: UICollectionView, reuseIdentifier: (IndexPath) -> String,
    estimatedLength: ((IndexPath) -> Double?)? = nil
  ) -> Layout<CellKey> {
    let layout = collectionView.collectionViewLayout
    let flow = layout as? UICollectionViewFlowLayout
    let isHorizontal = flow?.scrollDirection == .horizontal
    var defaultEstimate: Double?
    if let estimate = flow?.estimatedItemSize, estimate != .zero,
      estimate != UICollectionViewFlowLayout.automaticSize
    {
      defaultEstimate = Double(isHorizontal ? estimate.width : estimate.height)
    }
    var cells: [(key: CellKey, cell: Cell)] = []
    for section in 0..<collectionView.numberOfSections {
      let supplementary: [(String, String, CellKey)] = [
        (UICollectionView.elementKindSectionHeader, "header", .header(section: section)),
        (UICollectionView.elementKindSectionFooter, "footer", .footer(section: section)),
      ]
      for (kind, identifier, element) in supplementary {
        // A section without one (a reference size of 0: "no header is added", documented,
        // https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/headerreferencesize)
        // gives no attributes or a frame of no extent, which the scene leaves out.
        if let attributes = layout.layoutAttributesForSupplementaryView(
          ofKind: kind, at: IndexPath(item: 0, section: section))
        {
          cells.append((element, Cell(frame: Rect(attributes.frame), reuseIdentifier: identifier)))
        }
      }
      for item in 0..<collectionView.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        guard let attributes = layout.layoutAttributesForItem(at: indexPath) else { continue }
        cells.append(
          (
            .item(indexPath),
            Cell(
              frame: Rect(attributes.frame), reuseIdentifier: reuseIdentifier(indexPath),
              estimatedLength: estimatedLength.map { $0(indexPath) } ?? defaultEstimate)
          ))
      }
    }
    let contentSize = layout.collectionViewContentSize
    return self.layout(
      of: cells, axis: isHorizontal ? .horizontal : .vertical,
      contentLength: Double(isHorizontal ? contentSize.width : contentSize.height))
  }
}
#endif
