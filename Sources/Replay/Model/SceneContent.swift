// scrolltrace — the scene a replay lays out, with its edits applied.

public import TraceCore

/// The current scene: the trace's last `scene` event with the `sceneEdit`s since applied.
///
/// Sections: a page scene and a list scene have one section, 0 (its pages or items); a container
/// scene has one section per child, in order, and a child that is a list has its rows as items
/// (a plain view child has one item, index 0). Edits naming a section or item that does not exist
/// are refused with a ``ReplayError``; nothing is changed then.
public struct SceneContent: Sendable, Hashable {
  /// The scene with every edit applied.
  public private(set) var scene: Scene

  /// Wraps `scene`.
  public init(_ scene: Scene) {
    self.scene = scene
  }

  /// The most pages, items or rows a scene may hold, in all (1 048 576, the reader's default
  /// `maximumSceneItems`): engines keep per-item state, so memory stays bounded however many edits a
  /// trace makes.
  public static let maximumItems = DecodeLimits.default.maximumSceneItems

  /// Wraps `scene` if it holds at most ``maximumItems`` items.
  ///
  /// - Throws: ``ReplayError`` (`scene-too-large`).
  public init(checking scene: Scene, at time: Int64) throws {
    self.init(scene)
    try checkSize(at: time)
  }

  /// The number of pages, items or rows (container views count one each).
  public var itemCount: Int { scene.itemCount }

  private func checkSize(at time: Int64) throws(ReplayError) {
    guard itemCount <= Self.maximumItems else {
      throw ReplayError(
        .sceneTooLarge,
        "the scene would hold \(itemCount) items; the limit is \(Self.maximumItems)", at: time)
    }
  }

  /// The scroll axis.
  public var axis: Axis { scene.axis }

  /// The kind of layout.
  public var kind: Kind { Kind(scene.layout) }

  /// The three kinds of scene layout.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Pages one bounds long (`Scene.Layout.pages`).
    case pages
    /// A list of items (`Scene.Layout.list`).
    case list
    /// A container of views and lists (`Scene.Layout.container`).
    case container

    /// The kind of `layout`.
    public init(_ layout: Scene.Layout) {
      switch layout {
      case .pages: self = .pages
      case .list: self = .list
      case .container: self = .container
      }
    }
  }
}

// MARK: - Lengths and sizes

extension SceneContent {
  /// The content size for `geometry`, in points.
  ///
  /// Along the axis: pages times the bounds length; a
  /// list's item lengths; a container's visible children (a list child with its inset) separated by
  /// the spacing. Across: the bounds minus the adjusted insets on that axis (the content fits).
  public func contentSize(in geometry: ScrollGeometry) -> Size {
    let length: Double
    switch scene.layout {
    case .pages(let count):
      length = Double(max(count, 0)) * geometry.boundsLength(along: axis)
    case .list(let items):
      length = items.reduce(0) { $0 + $1.length }
    case .container(let spacing, let children):
      let visible = children.filter { !$0.isHidden }
      length =
        visible.reduce(0) { $0 + Self.length(of: $1) } + spacing * Double(max(visible.count - 1, 0))
    }
    // The cross-axis inset, as it would be for content that fits across.
    var trial = geometry
    trial.contentSize =
      axis == .horizontal ? Size(width: length, height: 0) : Size(width: 0, height: length)
    let inset = trial.adjustedContentInset
    return axis == .horizontal
      ? Size(width: length, height: max(0, geometry.boundsSize.height - inset.top - inset.bottom))
      : Size(width: max(0, geometry.boundsSize.width - inset.left - inset.right), height: length)
  }

  /// The leading position and length (points along the axis) of item `index` of `section` in
  /// content coordinates, or nil when there is no such item.
  ///
  /// Pages are one bounds length each.
  public func span(section: Int, index: Int, in geometry: ScrollGeometry) -> (
    start: Double, length: Double
  )? {
    switch scene.layout {
    case .pages(let count):
      guard section == 0, index >= 0, index < count else { return nil }
      let page = geometry.boundsLength(along: axis)
      return (Double(index) * page, page)
    case .list(let items):
      guard section == 0, items.indices.contains(index) else { return nil }
      return (items[..<index].reduce(0) { $0 + $1.length }, items[index].length)
    case .container(let spacing, let children):
      guard children.indices.contains(section), !children[section].isHidden else { return nil }
      var start = 0.0
      for child in children[..<section] where !child.isHidden {
        start += Self.length(of: child) + spacing
      }
      switch children[section].content {
      case .view(let length):
        return index == 0 ? (start, length) : nil
      case .list(let items, let inset):
        guard items.indices.contains(index) else { return nil }
        let leading = axis == .horizontal ? inset.left : inset.top
        return (start + leading + items[..<index].reduce(0) { $0 + $1.length }, items[index].length)
      }
    }
  }

  /// A child's length along the axis: a view's length, or a list's items plus its inset.
  private static func length(of child: ContainerChild) -> Double {
    switch child.content {
    case .view(let length): return length
    case .list(let items, let inset):
      return items.reduce(0) { $0 + $1.length } + inset.top + inset.bottom
    }
  }
}

// MARK: - Edits

extension SceneContent {
  /// Applies `edit`, received at `time` (nanoseconds).
  ///
  /// - Throws: ``ReplayError`` (`invalid-edit`) naming the section or index that does not exist.
  public mutating func apply(_ edit: SceneEdit, at time: Int64) throws {
    if try applyToListInPlace(edit, at: time) { return }
    let before = scene
    try applyUnchecked(edit, at: time)
    do {
      try checkSize(at: time)
    } catch {
      scene = before
      throw error
    }
  }

  /// Applies `edit` to a list's items without copying them.
  ///
  /// Taken when the list stays within ``maximumItems`` whatever the edit does: a chat's list grows
  /// by a message at a time, and a copy per edit made a long conversation quadratic. Returns false,
  /// changing nothing, for any other scene or edit; an edit the list refuses leaves it as it was.
  private mutating func applyToListInPlace(_ edit: SceneEdit, at time: Int64)
    throws(ReplayError) -> Bool
  {
    guard case .list(var items) = scene.layout else { return false }
    let added: Int
    switch edit {
    case .insert(_, _, let new): added = new.count
    case .batchUpdate(let update): added = update.inserts.count
    default: added = 0
    }
    guard added <= Self.maximumItems - items.count else { return false }
    // The scene gives up its reference, so the items are edited where they are.
    scene.layout = .pages(count: 0)
    defer { scene.layout = .list(items) }
    try Self.edit(&items, with: edit, section: 0, at: time)
    return true
  }

  private mutating func applyUnchecked(_ edit: SceneEdit, at time: Int64) throws(ReplayError) {
    switch (scene.layout, edit) {
    case (.pages(let count), .insert(0, let index, let items)) where index >= 0 && index <= count:
      scene.layout = .pages(count: count + min(items.count, Self.maximumItems + 1))
    case (.pages(let count), .delete(0, let index, let n))
    where n >= 0 && index >= 0 && index <= count && n <= count - index:
      scene.layout = .pages(count: count - n)
    case (.list(var items), _):
      try Self.edit(&items, with: edit, section: 0, at: time)
      scene.layout = .list(items)
    case (.container(let spacing, var children), _):
      try Self.edit(&children, with: edit, at: time)
      scene.layout = .container(spacing: spacing, children: children)
    default:
      throw ReplayError(
        .invalidEdit, "\(Self.describe(edit)) does not apply to a page scene of this size", at: time
      )
    }
  }

  private static func edit(_ children: inout [ContainerChild], with edit: SceneEdit, at time: Int64)
    throws(ReplayError)
  {
    let section = edit.section
    guard children.indices.contains(section) else {
      throw ReplayError(
        .invalidEdit, "\(describe(edit)): the container has \(children.count) children", at: time)
    }
    switch (children[section].content, edit) {
    case (_, .setHidden(_, let isHidden)):
      children[section].isHidden = isHidden
    case (.view, .resize(_, 0, let length)) where length >= 0 && length.isFinite:
      children[section].content = .view(length: length)
    case (.list(var items, let inset), _):
      try Self.edit(&items, with: edit, section: section, at: time)
      children[section].content = .list(items: items, contentInset: inset)
    default:
      throw ReplayError(
        .invalidEdit, "\(describe(edit)) does not apply to child \(section), a plain view", at: time
      )
    }
  }

  private static func edit(
    _ items: inout [SceneItem], with edit: SceneEdit, section: Int, at time: Int64
  ) throws(ReplayError) {
    func refuse(_ why: String) -> ReplayError {
      ReplayError(.invalidEdit, "\(describe(edit)): \(why)", at: time)
    }
    guard edit.section == section else { throw refuse("no section \(edit.section)") }
    switch edit {
    case .insert(_, let index, let new):
      guard index >= 0, index <= items.count else {
        throw refuse("the list has \(items.count) items")
      }
      items.insert(contentsOf: new, at: index)
    case .delete(_, let index, let count):
      guard index >= 0, count >= 0, index <= items.count - count else {
        throw refuse("the list has \(items.count) items")
      }
      items.removeSubrange(index..<(index + count))
    case .resize(_, let index, let length), .sizeResolved(_, let index, let length):
      // A resolved size keeps the item's estimate, which reloadData returns it to.
      guard items.indices.contains(index) else { throw refuse("the list has \(items.count) items") }
      guard length >= 0, length.isFinite else {
        throw refuse("a length must be finite and not negative")
      }
      items[index].length = length
    case .setHidden:
      throw refuse("only container children can be hidden")
    case .batchUpdate(let update):
      do {
        try update.apply(to: &items, reloaded: { $1.item }, inserted: \.item)
      } catch {
        throw refuse(error.reason)
      }
    case .reloadData:
      break  // The items stay; a self-sizing engine forgets the sizes it measured.
    }
  }

  private static func describe(_ edit: SceneEdit) -> String {
    switch edit {
    case .insert(let s, let i, let items):
      "insert of \(items.count) items at section \(s) index \(i)"
    case .delete(let s, let i, let n): "delete of \(n) items at section \(s) index \(i)"
    case .resize(let s, let i, _): "resize of section \(s) index \(i)"
    case .setHidden(let s, _): "hiding of section \(s)"
    case .batchUpdate(let update):
      "batch update of section \(update.section) (\(update.deletes.count) deletes, "
        + "\(update.reloads.count) reloads, \(update.moves.count) moves, "
        + "\(update.inserts.count) inserts)"
    case .reloadData(let s): "reloadData of section \(s)"
    case .sizeResolved(let s, let i, _): "size resolved of section \(s) index \(i)"
    }
  }
}

extension SceneEdit {
  /// The section the edit names.
  public var section: Int {
    switch self {
    case .insert(let s, _, _), .delete(let s, _, _), .resize(let s, _, _), .setHidden(let s, _),
      .reloadData(let s), .sizeResolved(let s, _, _):
      s
    case .batchUpdate(let update): update.section
    }
  }
}
