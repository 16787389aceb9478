// scrolltrace — a list whose items learn their lengths when displayed.

public import TraceCore

/// The items of a self-sizing list laid out in one column, in points along the scroll axis.
///
/// An item with an estimate (`SceneItem.estimatedLength`) is laid out at it until it is sized —
/// the layout receives `preferredLayoutAttributesFitting(_:)` for it — and at its actual length
/// from then on; an item without one is sized from the start. Every item has an identity that
/// survives inserts, deletes and moves (a diffable data source's item identifier), which anchors
/// and the analysis follow.
public struct SelfSizingColumn: Sendable {
  /// What the column knows of one item.
  public struct Entry: Sendable, Hashable {
    /// The item as the trace gives it.
    public var item: SceneItem
    /// The item's identity: assigned in order as items arrive, never reused.
    public var id: Int
    /// Whether the layout has the item's actual length (its height is settled).
    public var isSized: Bool
  }

  /// The items, in order.
  public private(set) var entries: [Entry] = []
  /// The length each item is laid out at, and where each starts.
  public private(set) var lengths = PrefixSums()
  private var nextID = 0

  /// A column of `items`, each unsized but those without an estimate.
  public init(_ items: [SceneItem] = []) {
    entries = newEntries(items)
    lengths = PrefixSums(entries.map(Self.laidOutLength))
  }

  /// The number of items.
  public var count: Int { entries.count }

  /// The column's length: every item at its laid-out length, in points.
  public var contentLength: Double { lengths.total }

  /// Where item `index` starts, in points from the column's start.
  public func start(of index: Int) -> Double { lengths.sum(before: index) }

  /// The length item `index` is laid out at, in points.
  public func length(of index: Int) -> Double { lengths.values[index] }

  /// The items whose spans intersect `lower..<upper` (points), in order: an item of no length
  /// counts where it sits.
  public func indexes(intersecting lower: Double, _ upper: Double) -> Range<Int> {
    guard !entries.isEmpty, upper > lower else { return 0..<0 }
    let first = lengths.firstIndex(endingAfter: lower)
    var end = first
    var position = start(of: first)
    while end < entries.count, position < upper {
      position += lengths.values[end]
      end += 1
    }
    return first..<end
  }

  /// The index of the item with identity `id`, if it is still in the column.
  ///
  /// - Complexity: O(n).
  public func index(ofID id: Int) -> Int? { entries.firstIndex { $0.id == id } }

  /// Gives item `index` its actual length: the layout received its preferred size.
  ///
  /// Returns the length it was laid out at before.
  @discardableResult
  public mutating func size(_ index: Int) -> Double {
    let old = lengths.values[index]
    entries[index].isSized = true
    lengths.set(entries[index].item.length, at: index)
    return old
  }

  /// Forgets every measured size: each self-sizing item is laid out at its estimate again
  /// (`reloadData`, or a width change that invalidates every size).
  public mutating func forgetSizes() {
    for index in entries.indices where entries[index].item.isSelfSizing {
      entries[index].isSized = false
    }
    lengths = PrefixSums(entries.map(Self.laidOutLength))
  }

  /// Applies an edit of the list.
  ///
  /// Inserted items arrive unsized (those without an estimate sized) with new identities; a
  /// reloaded item keeps its identity and loses its size; a resized item keeps its identity and is
  /// laid out at its new length.
  ///
  /// - Throws: `BatchUpdate.Conflict` when a batch update does not fit the column (the scene
  ///   has already refused any other edit that does not).
  public mutating func apply(_ edit: SceneEdit) throws(BatchUpdate.Conflict) {
    switch edit {
    case .insert(_, let index, let items):
      guard index >= 0, index <= entries.count else { return }
      entries.insert(contentsOf: newEntries(items), at: index)
    case .delete(_, let index, let count):
      guard index >= 0, count >= 0, index <= entries.count - count else { return }
      entries.removeSubrange(index..<(index + count))
    case .resize(_, let index, let length):
      guard entries.indices.contains(index) else { return }
      entries[index].item.length = length
      entries[index].item.estimatedLength = nil
      entries[index].isSized = true
    case .batchUpdate(let update) where appendsAndReloadsInPlace(update):
      return
    case .batchUpdate(let update):
      var fresh = nextID
      entries = try update.applied(
        to: entries,
        reloaded: { old, reload in
          // A reload keeps the item's identity and drops its measured size.
          Entry(item: reload.item, id: old.id, isSized: !reload.item.isSelfSizing)
        },
        inserted: { insertion in
          defer { fresh += 1 }
          return Entry(item: insertion.item, id: fresh, isSized: !insertion.item.isSelfSizing)
        })
      nextID = fresh
    case .reloadData:
      forgetSizes()
      return
    case .setHidden:
      return
    }
    lengths = PrefixSums(entries.map(Self.laidOutLength))
  }

  /// Applies `update` in place when it only reloads items and appends new ones after the last.
  ///
  /// A chat's messages arriving and changing: what `BatchUpdate.applied` gives, without rebuilding
  /// the column. Returns false, changing nothing, for any other update.
  private mutating func appendsAndReloadsInPlace(_ update: BatchUpdate) -> Bool {
    guard update.deletes.isEmpty, update.moves.isEmpty,
      update.inserts.indices.allSatisfy({ update.inserts[$0].index == entries.count + $0 }),
      update.reloads.allSatisfy({ entries.indices.contains($0.index) }),
      Set(update.reloads.map(\.index)).count == update.reloads.count
    else { return false }
    for reload in update.reloads {
      // A reload keeps the item's identity and drops its measured size.
      let entry = Entry(
        item: reload.item, id: entries[reload.index].id, isSized: !reload.item.isSelfSizing)
      entries[reload.index] = entry
      lengths.set(Self.laidOutLength(entry), at: reload.index)
    }
    for insertion in update.inserts {
      let entry = Entry(
        item: insertion.item, id: nextID, isSized: !insertion.item.isSelfSizing)
      nextID += 1
      entries.append(entry)
      lengths.append(Self.laidOutLength(entry))
    }
    return true
  }

  private mutating func newEntries(_ items: [SceneItem]) -> [Entry] {
    let first = nextID
    nextID += items.count
    return items.enumerated().map { offset, item in
      Entry(item: item, id: first + offset, isSized: !item.isSelfSizing)
    }
  }

  private static func laidOutLength(_ entry: Entry) -> Double {
    entry.isSized ? entry.item.length : entry.item.initialLength
  }
}
