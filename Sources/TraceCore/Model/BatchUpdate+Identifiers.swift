// scrolltrace — the batch update that takes one list of identifiers to another (a diffable apply).

extension BatchUpdate {
  /// The update that takes a list whose items are identified by `old` to one identified by `new`:
  /// what a diffable data source's `apply(_:animatingDifferences:)` does to a list, recorded
  /// without the data source's own difference, which UIKit keeps to itself.
  ///
  /// Identifiers only in `old` are deleted, those only in `new` inserted, and of those in both, as
  /// few as possible are moved: the ones outside a longest run that keeps its order, so that every
  /// other item keeps its place relative to its neighbours. An identifier in both and in
  /// `reloaded` (the snapshot's `reloadedItemIdentifiers` and `reconfiguredItemIdentifiers`) is
  /// reloaded where it stays, or deleted and inserted where it moves: one update may not both move
  /// and reload an item (UIKit raises `NSInternalInconsistencyException`, and
  /// ``apply(to:reloaded:inserted:)`` refuses it as a ``Conflict``).
  ///
  /// Fails (nil) when an identifier appears twice in `old` or in `new`: a snapshot's items "must
  /// have unique identifiers" (documented,
  /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct).
  ///
  /// - Parameters:
  ///   - old: the identifiers of the list's items before, in order (`snapshot().itemIdentifiers`).
  ///   - new: the identifiers after, in order.
  ///   - reloaded: the identifiers reloaded or reconfigured.
  ///   - section: the list the update applies to.
  ///   - isAnimated: whether the apply animates (`animatingDifferences`).
  ///   - duration: the animation's length, in nanoseconds; 0 when it does not animate.
  ///   - item: the scene item of an identifier inserted or reloaded: its length (or estimate) and
  ///     reuse identifier.
  /// - Complexity: O((n + m) log(n + m)) in the lengths of `old` and `new`. Inlinable, so that the
  ///   caller's identifier type is specialized: unspecialized, each hash and comparison is a call.
  @inlinable
  public init?<ID: Hashable>(
    from old: [ID], to new: [ID], reloaded: Set<ID> = [], section: Int = 0,
    isAnimated: Bool = true, duration: Int64 = 0, item: (ID) -> SceneItem
  ) {
    var oldIndex: [ID: Int] = [:]
    oldIndex.reserveCapacity(old.count)
    for (index, id) in old.enumerated() {
      guard oldIndex.updateValue(index, forKey: id) == nil else { return nil }
    }
    var newIndex: [ID: Int] = [:]
    newIndex.reserveCapacity(new.count)
    for (index, id) in new.enumerated() {
      guard newIndex.updateValue(index, forKey: id) == nil else { return nil }
    }
    // The items in both lists, in old order, with their new positions; those in a longest
    // increasing run of new positions stay, the others move.
    let kept = old.indices.compactMap { index in newIndex[old[index]].map { (from: index, to: $0) }
    }
    let stays = Self.longestIncreasingRun(kept.map(\.to))
    var deletes: [Int] = []
    var reloads: [Reload] = []
    var moves: [Move] = []
    var inserts: [Insertion] = []
    for (index, id) in old.enumerated() where newIndex[id] == nil { deletes.append(index) }
    for (position, pair) in kept.enumerated() {
      let id = old[pair.from]
      if stays[position] {
        if reloaded.contains(id) { reloads.append(Reload(index: pair.from, item: item(id))) }
      } else if reloaded.contains(id) {
        deletes.append(pair.from)
        inserts.append(Insertion(index: pair.to, item: item(id)))
      } else {
        moves.append(Move(from: pair.from, to: pair.to))
      }
    }
    for (index, id) in new.enumerated() where oldIndex[id] == nil {
      inserts.append(Insertion(index: index, item: item(id)))
    }
    deletes.sort()
    inserts.sort { $0.index < $1.index }
    self.init(
      section: section, deletes: deletes, reloads: reloads, moves: moves, inserts: inserts,
      isAnimated: isAnimated, duration: isAnimated ? max(0, duration) : 0)
  }

  /// Whether each position of `values` is in a longest strictly increasing run of them (patience
  /// sorting).
  ///
  /// - Complexity: O(n log n).
  @usableFromInline
  static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
      run[position] = true
      position = previous[position]
    }
    return run
  }
}
