// scrolltrace — where each item of a long list starts, kept up to date as lengths change.

/// The lengths of a list's items and where each starts, in points, as a Fenwick tree: changing one
/// length and finding where an item starts are both O(log n), so an item that resolves its size
/// moves every item after it without touching them.
///
/// MagazineLayout keeps the same figure with a segment tree (`RowOffsetTracker`, 1.0.0 and
/// later: "add an offset for the rows starting at", "the offset for the row at"); the tests
/// restate its published vectors against ``add(_:at:)`` and ``sum(through:)``.
public struct PrefixSums: Sendable, Hashable {
  /// The tree: `tree[i]` (1-based) holds the sum of the `i & -i` values ending at `i`.
  private var tree: [Double]
  /// Each value, as added.
  public private(set) var values: [Double]

  /// Sums over `values`, built in O(n).
  public init(_ values: [Double] = []) {
    self.values = values
    tree = Self.tree(of: values)
  }

  /// The tree over `values`: each node adds itself to its parent, in order, in one pass over one
  /// buffer (a chat's `reloadData` rebuilds the sums of every message).
  private static func tree(of values: [Double]) -> [Double] {
    var tree: [Double] = []
    tree.reserveCapacity(values.count + 1)
    tree.append(0)
    tree.append(contentsOf: values)
    tree.withUnsafeMutableBufferPointer { tree in
      let count = tree.count - 1
      var index = 1
      while index <= count {
        let parent = index + (index & -index)
        if parent <= count { tree[parent] += tree[index] }
        index += 1
      }
    }
    return tree
  }

  /// Inserts values, each at its index in the values as those before it left them (the order of
  /// a batch update's inserts, lowest index first), then builds the sums again once: O(n + k), where
  /// rebuilding them from the items cost several times more (a chat's message arriving).
  ///
  /// - Returns: false, changing nothing, when the indexes are not increasing or one lies past the
  ///   end.
  public mutating func insert(_ inserted: [(index: Int, value: Double)]) -> Bool {
    var last = -1
    for (position, entry) in inserted.enumerated() {
      guard entry.index > last, entry.index <= values.count + position else { return false }
      last = entry.index
    }
    var merged: [Double] = []
    merged.reserveCapacity(values.count + inserted.count)
    var old = 0
    for (index, value) in inserted {
      let kept = index - merged.count
      merged.append(contentsOf: values[old..<(old + kept)])
      old += kept
      merged.append(value)
    }
    merged.append(contentsOf: values[old...])
    values = merged
    tree = Self.tree(of: merged)
    return true
  }

  /// The number of values.
  public var count: Int { values.count }

  /// The sum of every value, in O(log n).
  public var total: Double { sum(before: values.count) }

  /// Adds `delta` to the value at `index` (so every sum from `index` on changes by it).
  ///
  /// - Precondition: `index` is a valid index of ``values``.
  public mutating func add(_ delta: Double, at index: Int) {
    values[index] += delta
    addToTree(delta, at: index)
  }

  /// Sets the value at `index`; the value is kept exactly as given.
  public mutating func set(_ value: Double, at index: Int) {
    let delta = value - values[index]
    values[index] = value
    addToTree(delta, at: index)
  }

  /// Appends `value` after the last value.
  ///
  /// - Complexity: O(log n): the new node covers the values `lowbit` before it, summed from the
  ///   nodes already there.
  public mutating func append(_ value: Double) {
    values.append(value)
    let node = values.count
    let covered = node - (node & -node)
    tree.append(value + sum(before: node - 1) - sum(before: covered))
  }

  private mutating func addToTree(_ delta: Double, at index: Int) {
    var node = index + 1
    while node < tree.count {
      tree[node] += delta
      node += node & -node
    }
  }

  /// The sum of the values before `index` (0 for 0): where item `index` starts.
  public func sum(before index: Int) -> Double {
    var node = min(max(index, 0), values.count)
    var sum = 0.0
    while node > 0 {
      sum += tree[node]
      node -= node & -node
    }
    return sum
  }

  /// The sum of the values up to and including `index`: where item `index` ends.
  public func sum(through index: Int) -> Double { sum(before: index + 1) }

  /// The first index whose span reaches past `position`, or ``count`` when every item ends at or
  /// before it.
  ///
  /// It is the item that contains `position`: the first item of a list scrolled to it. Values must not be negative (lengths are not).
  public func firstIndex(endingAfter position: Double) -> Int {
    let count = values.count
    guard count > 0 else { return 0 }
    // Descend the tree from the highest power of two within the count: the largest prefix whose
    // sum is at most `position`.
    return tree.withUnsafeBufferPointer { tree in
      var node = 0
      var remaining = position
      var step = 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
      while step > 0 {
        let next = node + step
        if next <= count, tree[next] <= remaining {
          node = next
          remaining -= tree[next]
        }
        step >>= 1
      }
      return node
    }
  }
}
