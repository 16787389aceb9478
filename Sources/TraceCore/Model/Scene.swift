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
  /// The oldest format version that holds the scene: 1.4 when an item has an estimate, 1.0
  /// otherwise.
  public var formatVersion: FormatVersion {
    let estimated: Bool
    switch layout {
    case .pages: estimated = false
    case .list(let items): estimated = items.contains(where: \.isSelfSizing)
    case .container(_, let children):
      estimated = children.contains {
        if case .list(let items, _) = $0.content { return items.contains(where: \.isSelfSizing) }
        return false
      }
    }
    return estimated ? .contentChanges : FormatVersion(major: 1, minor: 0)
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

  /// Creates an item.
  public init(length: Double, reuseIdentifier: String, estimatedLength: Double? = nil) {
    self.length = length
    self.reuseIdentifier = reuseIdentifier
    self.estimatedLength = estimatedLength
  }

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
