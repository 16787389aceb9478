// scrolltrace — what an engine lays out.

/// The content an engine lays out: pages, a list of items, or the children of a container.
public struct Scene: Sendable, Hashable {
  /// The shape of the content.
  public enum Layout: Sendable, Hashable {
    /// A pager of `count` pages, each the size of the viewport (a tab pager).
    case pages(count: Int)
    /// A list of items (cards, rows) of given heights along the scene's axis.
    case list([SceneItem])
    /// A container that stacks its children along the scene's axis
    /// (OLEContainerScrollView), with `spacing` points between two children.
    case container(spacing: Double, children: [ContainerChild])
  }

  /// The axis the content scrolls along.
  public var axis: Axis
  /// The content.
  public var layout: Layout

  /// Creates a scene.
  public init(axis: Axis, layout: Layout) {
    self.axis = axis
    self.layout = layout
  }
}

extension Scene {
  /// The oldest format version that holds the scene: 1.6 when an item shares a row, 1.4 when an
  /// item has an estimate, 1.0 otherwise.
  public var formatVersion: FormatVersion {
    switch layout {
    case .pages: FormatVersion(major: 1, minor: 0)
    case .list(let items): items.formatVersion
    case .container(_, let children):
      children.reduce(FormatVersion(major: 1, minor: 0)) { version, child in
        guard case .list(let items, _) = child.content else { return version }
        return max(version, items.formatVersion)
      }
    }
  }
}

/// One item of a list: its length along the list's axis and the identifier its view is reused by.
public struct SceneItem: Sendable, Hashable {
  /// The item's length along the axis (a card's or row's height), in points.
  ///
  /// For a card feed
  /// this is the estimated height.
  public var length: Double
  /// The reuse identifier of the item's view (UIKit's `reuseIdentifier`).
  public var reuseIdentifier: String
  /// For a self-sizing item, the length the layout assumes until the item is displayed, in points
  /// (format 1.4); nil when the layout knows the length from the start.
  ///
  /// This is `estimatedItemSize` or `estimatedRowHeight`; ``length`` is then the length the item's
  /// view answers when sized (`preferredLayoutAttributesFitting(_:)`).
  public var estimatedLength: Double?
  /// The share of a row's width the item takes, as a divisor: 1 the whole width, 2 half, 3 a
  /// third (format 1.6; 1 before it).
  ///
  /// This is MagazineLayout's `MagazineLayoutItemWidthMode` (`fullWidth`, `halfWidth`,
  /// `thirdWidth`, `fractionalWidth(divisor:)`): consecutive items of the same divisor share a row,
  /// up to that many, and a row is as tall as its tallest item. A layout of one column (the plain
  /// model, the card feed) stacks every item whatever its divisor.
  public var widthDivisor: Int

  /// The largest ``widthDivisor`` a trace holds: 100 items a row.
  public static let maximumWidthDivisor = 100

  /// Creates an item.
  public init(
    length: Double, reuseIdentifier: String, estimatedLength: Double? = nil, widthDivisor: Int = 1
  ) {
    self.length = length
    self.reuseIdentifier = reuseIdentifier
    self.estimatedLength = estimatedLength
    self.widthDivisor = widthDivisor
  }

  /// Whether the item takes less than a row's width (format 1.6).
  public var sharesRow: Bool { widthDivisor != 1 }

  /// Whether the layout learns the item's length only when it displays it.
  public var isSelfSizing: Bool { estimatedLength != nil }

  /// The length the layout assumes before the item is sized, in points: the estimate, or the length
  /// for an item that is not self-sizing.
  public var initialLength: Double { estimatedLength ?? length }
}

/// One child of a container scene.
public struct ContainerChild: Sendable, Hashable {
  /// What the child is.
  public enum Content: Sendable, Hashable {
    /// A plain view of a fixed length along the axis, in points (a header, a footer).
    case view(length: Double)
    /// A scroll view listing `items` like a table view, with its own content inset.
    case list(items: [SceneItem], contentInset: EdgeInsets)
  }

  /// What the child is.
  public var content: Content
  /// Whether the child is hidden (OLEContainerScrollView collapses hidden children).
  public var isHidden: Bool

  /// Creates a container child.
  public init(_ content: Content, isHidden: Bool = false) {
    self.content = content
    self.isHidden = isHidden
  }
}

extension Scene {
  /// The number of pages, items or rows (a container's plain views count one each): what
  /// `DecodeLimits.maximumSceneItems` and the replay's scene limit bound.
  public var itemCount: Int {
    switch layout {
    case .pages(let count): max(count, 0)
    case .list(let items): items.count
    case .container(_, let children):
      children.reduce(0) { total, child in
        if case .list(let items, _) = child.content { return total + items.count }
        return total + 1
      }
    }
  }
}

extension Sequence<SceneItem> {
  /// The oldest format version that holds these items: 1.6 when one shares a row
  /// (``SceneItem/widthDivisor``), 1.4 when one has an estimate, 1.0 otherwise.
  public var formatVersion: FormatVersion {
    if contains(where: \.sharesRow) { return .rows }
    if contains(where: \.isSelfSizing) { return .contentChanges }
    return FormatVersion(major: 1, minor: 0)
  }

  /// The items as runs of consecutive identical items, in order: the form the file stores them in
  /// and scripts write them in (`{"length": 44, "reuse": "row", "repeat": 400}`).
  ///
  /// - Complexity: O(n).
  public func runs() -> [(item: SceneItem, count: Int)] {
    var runs: [(item: SceneItem, count: Int)] = []
    for item in self {
      if let last = runs.last, last.item == item {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((item, 1))
      }
    }
    return runs
  }
}
