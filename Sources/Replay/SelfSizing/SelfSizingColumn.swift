// scrolltrace — a list whose items learn their lengths when displayed.

public import TraceCore

/// The items of a self-sizing list laid out in rows down one column, in points along the scroll
/// axis.
///
/// Each row holds one item, or up to N consecutive items of the same `SceneItem.widthDivisor` N
/// side by side (MagazineLayout's rows: a row ends when it is full or the next item's width mode
/// differs), and is as tall as its tallest item at its laid-out length. An item's frame starts at
/// its row's top and is as tall as the item itself.
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
  /// The height each row is laid out at (its tallest item's), and where each starts.
  public internal(set) var lengths = PrefixSums()
  /// The rows, when an item shares one; nil when every item has a row of its own, so that the
  /// common list keeps nothing per item beyond its entry and length.
  var sharedRows: SharedRows?
  private var nextID = 0
  /// A count of the changes to the column: each call that may change its items, lengths or rows
  /// (``size(_:)``, ``forgetSizes()``, ``apply(_:)``) adds one.
  ///
  /// Equal generations have equal items laid out alike. A column made to replace another goes on
  /// from the other's count (``SelfSizingEngine`` does), so that a generation is never seen twice.
  var generation = 0

  /// Which items share which rows.
  struct SharedRows: Sendable {
    /// The index of each row's first item, in order.
    var firstItems: [Int]
    /// The row each item is in.
    var rowOfItem: [Int]
  }

  /// A column of `items`, each unsized but those without an estimate.
  public init(_ items: [SceneItem] = []) {
    entries = newEntries(items)
    layOutRows()
  }

  /// The number of items.
  public var count: Int { entries.count }

  /// The column's length: every row at its laid-out height, in points.
  public var contentLength: Double { lengths.total }

  /// The index of each row's first item, in order.
  public var rowFirstItems: [Int] { sharedRows?.firstItems ?? Array(entries.indices) }

  /// The row each item is in, in item order.
  public var rowOfItem: [Int] { sharedRows?.rowOfItem ?? Array(entries.indices) }

  /// The number of rows.
  public var rowCount: Int { lengths.count }

  /// The row item `index` is in.
  @inline(__always)
  func row(of index: Int) -> Int { sharedRows?.rowOfItem[index] ?? index }

  /// The first item of row `row`, or ``count`` for ``rowCount``.
  @inline(__always)
  func firstItem(ofRow row: Int) -> Int {
    guard row < lengths.count else { return entries.count }
    guard row >= 0 else { return 0 }
    return sharedRows?.firstItems[row] ?? row
  }

  /// Where item `index` starts — its row's top — in points from the column's start; the column's
  /// length for ``count``.
  public func start(of index: Int) -> Double {
    index < entries.count ? lengths.sum(before: row(of: index)) : lengths.total
  }

  /// The length item `index` is laid out at, in points: its actual length once sized, its estimate
  /// until then.
  public func length(of index: Int) -> Double { Self.laidOutLength(entries[index]) }

  /// The height of item `index`'s row, in points: its tallest item's laid-out length.
  public func rowLength(of index: Int) -> Double { lengths.values[row(of: index)] }

  /// Whether every row holds one item (no item shares a row): then item `index` is row `index`.
  public var hasOneItemPerRow: Bool { sharedRows == nil }

  /// Whether item `index` is the last of its row.
  public func endsRow(_ index: Int) -> Bool {
    guard let rowOfItem = sharedRows?.rowOfItem else { return true }
    return index + 1 >= rowOfItem.count || rowOfItem[index + 1] != rowOfItem[index]
  }

  /// The first item of the row that reaches past `position` (points), or ``count`` when every row
  /// ends at or before it.
  public func firstIndex(endingAfter position: Double) -> Int {
    firstItem(ofRow: lengths.firstIndex(endingAfter: position))
  }

  /// Item `index`'s frame when its row starts at `rowStart` (points along the axis) in a column
  /// `width` points wide: its share of the width, beside the items before it in the row.
  public func frame(of index: Int, rowStart: Double, width: Double) -> Rect {
    let divisor = Double(entries[index].item.widthDivisor)
    let place = Double(index - firstItem(ofRow: row(of: index)))
    let itemWidth = divisor > 1 ? width / divisor : width
    return Rect(x: place * itemWidth, y: rowStart, width: itemWidth, height: length(of: index))
  }

  /// The items of the rows that intersect `lower..<upper` (points), in order: a row of no height
  /// counts where it sits, and a row is shown, sized and reported whole.
  public func indexes(intersecting lower: Double, _ upper: Double) -> Range<Int> {
    items(ofRows: rows(intersecting: lower, upper))
  }

  /// The items of `rows`, in order.
  func items(ofRows rows: Range<Int>) -> Range<Int> {
    firstItem(ofRow: rows.lowerBound)..<firstItem(ofRow: rows.upperBound)
  }

  /// The rows that intersect `lower..<upper` (points), in order, as
  /// ``indexes(intersecting:_:)`` finds them.
  func rows(intersecting lower: Double, _ upper: Double) -> Range<Int> {
    guard !entries.isEmpty, upper > lower else { return 0..<0 }
    let firstRow = lengths.firstIndex(endingAfter: lower)
    var endRow = firstRow
    var position = lengths.sum(before: firstRow)
    while endRow < lengths.count, position < upper {
      position += lengths.values[endRow]
      endRow += 1
    }
    return firstRow..<endRow
  }

  /// The index of the item with identity `id`, if it is still in the column, looked for first at
  /// `hint` (where it was: an update that moves nothing above it leaves it there).
  ///
  /// - Complexity: O(1) when the item is at `hint`, O(n) otherwise.
  public func index(ofID id: Int, near hint: Int? = nil) -> Int? {
    if let hint, entries.indices.contains(hint), entries[hint].id == id { return hint }
    return entries.firstIndex { $0.id == id }
  }

  /// Gives item `index` its actual length: the layout received its preferred size.
  ///
  /// Returns the length it was laid out at before.
  @discardableResult
  public mutating func size(_ index: Int) -> Double {
    generation &+= 1
    let old = length(of: index)
    entries[index].isSized = true
    setRowLength(ofRowContaining: index)
    return old
  }

  /// Forgets every measured size: each self-sizing item is laid out at its estimate again
  /// (`reloadData`, or a width change that invalidates every size).
  public mutating func forgetSizes() {
    generation &+= 1
    for index in entries.indices where entries[index].item.isSelfSizing {
      entries[index].isSized = false
    }
    layOutRows()
  }

  /// Applies an edit of the list.
  ///
  /// Inserted items arrive unsized (those without an estimate sized) with new identities; a
  /// reloaded item keeps its identity and loses its size; a resized item keeps its identity and is
  /// laid out at its new length; an item whose size the device resolved is laid out at it if it is
  /// sized, and sized at it when it is displayed otherwise.
  ///
  /// - Throws: `BatchUpdate.Conflict` when a batch update does not fit the column (the scene
  ///   has already refused any other edit that does not).
  public mutating func apply(_ edit: SceneEdit) throws(BatchUpdate.Conflict) {
    generation &+= 1
    switch edit {
    case .insert(_, let index, let items):
      guard index >= 0, index <= entries.count else { return }
      entries.insert(contentsOf: newEntries(items), at: index)
      if insertLengths(at: Array(index..<(index + items.count))) { return }
    case .delete(_, let index, let count):
      guard index >= 0, count >= 0, index <= entries.count - count else { return }
      entries.removeSubrange(index..<(index + count))
    case .resize(_, let index, let length):
      guard entries.indices.contains(index) else { return }
      entries[index].item.length = length
      entries[index].item.estimatedLength = nil
      entries[index].isSized = true
      // The rows stay: only this item's row changes height.
      setRowLength(ofRowContaining: index)
      return
    case .batchUpdate(let update) where appendsAndReloadsInPlace(update):
      return
    case .batchUpdate(let update):
      var fresh = nextID
      try update.apply(
        to: &entries,
        reloaded: { old, reload in
          // A reload keeps the item's identity and drops its measured size.
          Entry(item: reload.item, id: old.id, isSized: !reload.item.isSelfSizing)
        },
        inserted: { insertion in
          defer { fresh += 1 }
          return Entry(item: insertion.item, id: fresh, isSized: !insertion.item.isSelfSizing)
        })
      nextID = fresh
      if update.deletes.isEmpty, update.moves.isEmpty, update.reloads.isEmpty,
        insertLengths(at: update.inserts.map(\.index).sorted())
      {
        return
      }
    case .reloadData:
      forgetSizes()
      return
    case .sizeResolved(_, let index, let length):
      // What the device measured: the length the item is sized at, now if it is sized, when it is
      // displayed otherwise. The estimate stays for a reloadData to return to.
      guard entries.indices.contains(index) else { return }
      entries[index].item.length = length
      if entries[index].isSized || !entries[index].item.isSelfSizing {
        entries[index].isSized = true
        setRowLength(ofRowContaining: index)
      }
      return
    case .setHidden:
      return
    }
    layOutRows()
  }

  /// Applies `update` in place when it only reloads items and appends new ones after the last.
  ///
  /// A chat's messages arriving and changing: what `BatchUpdate.applied` gives, without rebuilding
  /// the column. Returns false, changing nothing, for any other update.
  private mutating func appendsAndReloadsInPlace(_ update: BatchUpdate) -> Bool {
    guard update.deletes.isEmpty, update.moves.isEmpty,
      update.inserts.indices.allSatisfy({ update.inserts[$0].index == entries.count + $0 }),
      update.reloads.allSatisfy({
        entries.indices.contains($0.index)
          && entries[$0.index].item.widthDivisor == $0.item.widthDivisor
      }),
      Set(update.reloads.map(\.index)).count == update.reloads.count
    else { return false }
    for reload in update.reloads {
      // A reload keeps the item's identity and drops its measured size.
      entries[reload.index] = Entry(
        item: reload.item, id: entries[reload.index].id, isSized: !reload.item.isSelfSizing)
      setRowLength(ofRowContaining: reload.index)
    }
    for insertion in update.inserts {
      let entry = Entry(
        item: insertion.item, id: nextID, isSized: !insertion.item.isSelfSizing)
      nextID += 1
      entries.append(entry)
      placeLastItem()
    }
    return true
  }

  /// Gives the items just inserted at `positions` (increasing, in the list as it is now) rows of
  /// their own.
  ///
  /// Taken when no item shares a row: the other rows stay as they were, where laying every item
  /// out again cost a long list's whole length at every message.
  ///
  /// - Returns: false, changing nothing, when an item shares a row (the caller lays the rows out
  ///   again).
  private mutating func insertLengths(at positions: [Int]) -> Bool {
    guard sharedRows == nil,
      positions.allSatisfy({ entries.indices.contains($0) && !entries[$0].item.sharesRow })
    else { return false }
    return lengths.insert(positions.map { ($0, Self.laidOutLength(entries[$0])) })
  }

  private mutating func newEntries(_ items: [SceneItem]) -> [Entry] {
    let first = nextID
    nextID += items.count
    return items.enumerated().map { offset, item in
      Entry(item: item, id: first + offset, isSized: !item.isSelfSizing)
    }
  }

  @inline(__always)
  static func laidOutLength(_ entry: Entry) -> Double {
    entry.isSized ? entry.item.length : entry.item.initialLength
  }
}
