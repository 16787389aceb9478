// scrolltrace — several changes of a list applied as one (format 1.4).

/// Deletes, reloads, moves and inserts of one list applied as one update, as
/// `performBatchUpdates(_:completion:)` applies them (or a diffable data source's `apply`).
///
/// Indexes follow UIKit's rules for a batch update: deletes, reloads and the sources of moves name
/// items before the update; inserts and the destinations of moves name positions after it. A
/// reloaded item is replaced by its new item, which a self-sizing layout lays out at its estimate
/// until it is displayed again.
public struct BatchUpdate: Sendable, Hashable {
  /// An item inserted at a position after the update.
  public struct Insertion: Sendable, Hashable {
    /// The item's index after the update.
    public var index: Int
    /// The new item.
    public var item: SceneItem

    /// Creates an insertion.
    public init(index: Int, item: SceneItem) {
      self.index = index
      self.item = item
    }
  }

  /// An item replaced in place: `reloadItems(at:)`.
  public struct Reload: Sendable, Hashable {
    /// The item's index before the update.
    public var index: Int
    /// What the item is after the reload.
    public var item: SceneItem

    /// Creates a reload.
    public init(index: Int, item: SceneItem) {
      self.index = index
      self.item = item
    }
  }

  /// An item moved: `moveItem(at:to:)`.
  public struct Move: Sendable, Hashable {
    /// The item's index before the update.
    public var from: Int
    /// The item's index after the update.
    public var to: Int

    /// Creates a move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// The list the update applies to: 0 for a list scene, the child's index for a container.
  public var section: Int
  /// Indexes deleted, before the update.
  public var deletes: [Int]
  /// Items reloaded in place.
  public var reloads: [Reload]
  /// Items moved.
  public var moves: [Move]
  /// Items inserted.
  public var inserts: [Insertion]
  /// Whether the update is animated (`UIView.performWithoutAnimation` says it is not).
  public var isAnimated: Bool
  /// How long the update's animation runs, in nanoseconds; 0 when it is not animated.
  public var duration: Int64

  /// Creates a batch update of `section`.
  public init(
    section: Int = 0, deletes: [Int] = [], reloads: [Reload] = [], moves: [Move] = [],
    inserts: [Insertion] = [], isAnimated: Bool = true, duration: Int64 = 0
  ) {
    self.section = section
    self.deletes = deletes
    self.reloads = reloads
    self.moves = moves
    self.inserts = inserts
    self.isAnimated = isAnimated
    self.duration = duration
  }

  /// The inserts as runs of consecutive positions, in the order listed: how the format and scripts
  /// write them (a prepend of five items is one group at 0).
  public var insertionGroups: [(index: Int, items: [SceneItem])] {
    var groups: [(index: Int, items: [SceneItem])] = []
    for insertion in inserts {
      if let last = groups.last, last.index + last.items.count == insertion.index {
        groups[groups.count - 1].items.append(insertion.item)
      } else {
        groups.append((insertion.index, [insertion.item]))
      }
    }
    return groups
  }
}

extension BatchUpdate {
  /// Why an update does not apply to a list.
  public struct Conflict: Error, Sendable, Hashable {
    /// One sentence, such as "delete of index 12: the list has 10 items".
    public var reason: String

    @usableFromInline init(_ reason: String) { self.reason = reason }
  }

  /// The list after the update: `elements` (the list before, one element per item) with the
  /// update's deletes, moves and inserts applied, and each reloaded element replaced.
  ///
  /// Any list of values parallel to the items — an engine's sized flags or item identities — goes
  /// through the same steps, so it stays parallel.
  ///
  /// - Parameters:
  ///   - elements: One element per item before the update.
  ///   - reloaded: The element of a reloaded item, from the old element and the reload.
  ///   - inserted: The element of an inserted item.
  /// - Returns: One element per item after the update.
  /// - Throws: ``Conflict`` when an index is out of range, named twice, or both deleted and
  ///   reloaded or moved, as UIKit raises `NSInternalInconsistencyException`.
  @inlinable
  public func applied<Element>(
    to elements: [Element], reloaded: (Element, Reload) -> Element,
    inserted: (Insertion) -> Element
  ) throws(Conflict) -> [Element] {
    var result = elements
    try apply(to: &result, reloaded: reloaded, inserted: inserted)
    return result
  }

  /// Applies the update to `elements` where they are: ``applied(to:reloaded:inserted:)`` without
  /// a copy of the list when nothing leaves it (a message appended or arriving mid-list, history
  /// prepended, items reloaded), so a long list pays for the items the update names and a move
  /// of the ones after them, not a copy of every element.
  ///
  /// Every index is checked before anything changes: on a ``Conflict`` `elements` is as it was.
  @inlinable
  public func apply<Element>(
    to elements: inout [Element], reloaded: (Element, Reload) -> Element,
    inserted: (Insertion) -> Element
  ) throws(Conflict) {
    let before = elements.count
    // Every index before the update is at most one of: deleted, reloaded, moved away.
    var claimed = Set<Int>()
    func claim(_ index: Int, _ what: String) throws(Conflict) {
      guard index >= 0, index < before else {
        throw Conflict("\(what) of index \(index): the list has \(before) items")
      }
      guard claimed.insert(index).inserted else {
        throw Conflict("\(what) of index \(index): the update names it twice")
      }
    }
    for index in deletes { try claim(index, "delete") }
    for move in moves { try claim(move.from, "move") }
    for reload in reloads { try claim(reload.index, "reload") }
    // The moved and inserted items at their positions after the update, lowest position first.
    let leaving = Set(deletes).union(moves.map(\.from))
    let after = before - leaving.count + moves.count + inserts.count
    var positions = Set<Int>()
    for index in moves.map(\.to) + inserts.map(\.index) {
      guard index >= 0, index < after else {
        throw Conflict("insert at index \(index): the list will have \(after) items")
      }
      guard positions.insert(index).inserted else {
        throw Conflict("insert at index \(index): the update names it twice")
      }
    }
    // Checked: from here on nothing throws.
    var placed: [(index: Int, element: Element)] = []
    placed.reserveCapacity(moves.count + inserts.count)
    for move in moves { placed.append((move.to, elements[move.from])) }
    for insertion in inserts { placed.append((insertion.index, inserted(insertion))) }
    placed.sort { $0.index < $1.index }
    for reload in reloads {
      elements[reload.index] = reloaded(elements[reload.index], reload)
    }
    if leaving.isEmpty {
      // Nothing leaves (a message appended, history prepended): each item goes in at its
      // position, lowest first, which the ones before it have already made room for.
      for entry in placed { elements.insert(entry.element, at: entry.index) }
      return
    }
    var output: [Element] = []
    output.reserveCapacity(after)
    var survivor = 0
    var next = 0
    for position in 0..<after {
      if next < placed.count, placed[next].index == position {
        output.append(placed[next].element)
        next += 1
        continue
      }
      while survivor < before, leaving.contains(survivor) { survivor += 1 }
      if survivor < before {
        output.append(elements[survivor])
        survivor += 1
      }
    }
    elements = output
  }
}
