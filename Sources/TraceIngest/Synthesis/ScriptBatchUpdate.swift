// scrolltrace — a batch update or a prepend in a gesture script (format 1.4).

/// `{"batchUpdate": {"deletes": [3], "reloads": [{"index": 2, "length": 80, "estimate": 44}],
/// "moves": [[1, 5]], "inserts": [{"at": 0, "items": [runs]}], "animated": true,
/// "duration": 0.3}}`, or its short form for items added above the first,
/// `{"prepend": {"items": [runs]}}`.
///
/// Indexes follow UIKit's rules (``BatchUpdate``); `duration` is in seconds, 0.3 when an animated
/// update names none (``defaultDuration``).
struct ScriptBatchUpdate: Decodable {
  var update: BatchUpdate
  /// Whether the object had only what a prepend may hold.
  var isPrepend: Bool
  /// Whether the object had `items`, which only a prepend holds.
  var hasItems: Bool

  /// The duration of an animated update that names none, in seconds: a parameter of this tool.
  ///
  /// Apple documents no duration for `performBatchUpdates`' animation; 0.3 s is the model's
  /// duration of an animated `setContentOffset` too (`ScrollViewConfiguration.scrollAnimationDuration`).
  static let defaultDuration = 0.3

  enum CodingKeys: String, CodingKey {
    case section, deletes, reloads, moves, inserts, items, animated, duration
  }

  private struct Reload: Decodable {
    var index: Int
    var item: SceneItem
    enum CodingKeys: String, CodingKey { case index }
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      index = try c.decode(Int.self, forKey: .index)
      guard index >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .index, in: c, debugDescription: "must not be negative")
      }
      let run = try ScriptItemRun(from: decoder)
      guard run.count == 1 else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "a reload is one item"))
      }
      item = run.item
    }
  }

  private struct Insert: Decodable {
    var at: Int
    var items: [SceneItem]
    enum CodingKeys: String, CodingKey { case at, items }
    init(at: Int, items: [SceneItem]) {
      self.at = at
      self.items = items
    }
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      at = try c.decode(Int.self, forKey: .at)
      guard at >= 0, at <= Int(Int32.max) else {
        throw DecodingError.dataCorruptedError(
          forKey: .at, in: c, debugDescription: "must be within 0...\(Int32.max)")
      }
      var budget = DecodeLimits.default.maximumSceneItems
      items = try ScriptItemRun.items(c, .items, budget: &budget)
      guard items.count <= Int(Int32.max) - at else {
        throw DecodingError.dataCorruptedError(
          forKey: .items, in: c, debugDescription: "the items run past index \(Int32.max)")
      }
    }
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    func indexes(_ key: CodingKeys) throws -> [Int] {
      let values = try c.decodeIfPresent([Int].self, forKey: key) ?? []
      guard values.allSatisfy({ $0 >= 0 && $0 <= Int(Int32.max) }) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "indexes must be within 0...\(Int32.max)")
      }
      return values
    }
    let section = try c.decodeIfPresent(Int.self, forKey: .section) ?? 0
    guard section >= 0, section <= Int(Int32.max) else {
      throw DecodingError.dataCorruptedError(
        forKey: .section, in: c, debugDescription: "must be within 0...\(Int32.max)")
    }
    let animated = try c.decodeIfPresent(Bool.self, forKey: .animated) ?? true
    let seconds =
      try c.decodeIfPresent(Double.self, forKey: .duration)
      ?? (animated ? Self.defaultDuration : 0)
    guard seconds.isFinite, seconds >= 0, seconds <= Step.longestStep else {
      throw DecodingError.dataCorruptedError(
        forKey: .duration, in: c,
        debugDescription: "duration must be 0 or more seconds, at most \(Int(Step.longestStep))")
    }
    var update = BatchUpdate(
      section: section, isAnimated: animated, duration: Int64((seconds * 1e9).rounded()))
    update.deletes = try indexes(.deletes)
    update.reloads = try (c.decodeIfPresent([Reload].self, forKey: .reloads) ?? []).map {
      BatchUpdate.Reload(index: $0.index, item: $0.item)
    }
    let pairs = try c.decodeIfPresent([[Int]].self, forKey: .moves) ?? []
    for pair in pairs {
      guard pair.count == 2, pair.allSatisfy({ $0 >= 0 && $0 <= Int(Int32.max) }) else {
        throw DecodingError.dataCorruptedError(
          forKey: .moves, in: c, debugDescription: "a move is [from, to], two indexes")
      }
      update.moves.append(BatchUpdate.Move(from: pair[0], to: pair[1]))
    }
    var groups = try c.decodeIfPresent([Insert].self, forKey: .inserts) ?? []
    hasItems = c.contains(.items)
    isPrepend =
      c.contains(.items) && groups.isEmpty && update.deletes.isEmpty
      && update.reloads.isEmpty && update.moves.isEmpty
    if c.contains(.items) {
      var budget = DecodeLimits.default.maximumSceneItems
      // A prepend: the items go above the first.
      groups.insert(
        Insert(at: 0, items: try ScriptItemRun.items(c, .items, budget: &budget)), at: 0)
    }
    let total = groups.reduce(0) { $0 + $1.items.count }
    guard total <= DecodeLimits.default.maximumSceneItems else {
      throw DecodingError.dataCorruptedError(
        forKey: .inserts, in: c,
        debugDescription:
          "more than \(DecodeLimits.default.maximumSceneItems) items in one update, the most a trace may hold"
      )
    }
    for group in groups {
      for (offset, item) in group.items.enumerated() {
        update.inserts.append(BatchUpdate.Insertion(index: group.at + offset, item: item))
      }
    }
    self.update = update
  }
}
