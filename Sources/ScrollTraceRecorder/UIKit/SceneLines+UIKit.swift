// scrolltrace — a table view or a flow-layout collection view as a scene.

#if canImport(UIKit)
public import Foundation
public import TraceCore
public import UIKit

extension SceneLines {
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
    var cells: [Cell] = []
    if let header = tableView.tableHeaderView {
      cells.append(Cell(frame: Rect(header.frame), reuseIdentifier: "tableHeader"))
    }
    if let footer = tableView.tableFooterView {
      cells.append(Cell(frame: Rect(footer.frame), reuseIdentifier: "tableFooter"))
    }
    for section in 0..<tableView.numberOfSections {
      cells.append(
        Cell(frame: Rect(tableView.rectForHeader(inSection: section)), reuseIdentifier: "header"))
      for row in 0..<tableView.numberOfRows(inSection: section) {
        let indexPath = IndexPath(row: row, section: section)
        cells.append(
          Cell(
            frame: Rect(tableView.rectForRow(at: indexPath)),
            reuseIdentifier: reuseIdentifier(indexPath)))
      }
      cells.append(
        Cell(frame: Rect(tableView.rectForFooter(inSection: section)), reuseIdentifier: "footer"))
    }
    return scene(
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
    let layout = collectionView.collectionViewLayout
    let isHorizontal =
      (layout as? UICollectionViewFlowLayout)?.scrollDirection == .horizontal
    var cells: [Cell] = []
    let supplementary = [
      (UICollectionView.elementKindSectionHeader, "header"),
      (UICollectionView.elementKindSectionFooter, "footer"),
    ]
    for section in 0..<collectionView.numberOfSections {
      for (kind, identifier) in supplementary {
        // A section without one (a reference size of 0: "no header is added", documented,
        // https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/headerreferencesize)
        // gives no attributes or a frame of no extent, which the scene leaves out.
        if let attributes = layout.layoutAttributesForSupplementaryView(
          ofKind: kind, at: IndexPath(item: 0, section: section))
        {
          cells.append(Cell(frame: Rect(attributes.frame), reuseIdentifier: identifier))
        }
      }
      for item in 0..<collectionView.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        guard let attributes = layout.layoutAttributesForItem(at: indexPath) else { continue }
        cells.append(
          Cell(frame: Rect(attributes.frame), reuseIdentifier: reuseIdentifier(indexPath)))
      }
    }
    let contentSize = layout.collectionViewContentSize
    return scene(
      of: cells, axis: isHorizontal ? .horizontal : .vertical,
      contentLength: Double(isHorizontal ? contentSize.width : contentSize.height))
  }
}
#endif
