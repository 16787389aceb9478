// scrolltrace — the JSON shapes of points, sizes, items and scenes in a gesture script.

/// A point written `[x, y]` in a script.
struct ScriptPoint: Decodable {
  var point: Point
  init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    let x = try c.decode(Double.self)
    let y = try c.decode(Double.self)
    guard c.isAtEnd, x.isFinite, y.isFinite else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath, debugDescription: "expected [x, y]: two finite numbers"))
    }
    point = Point(x: x, y: y)
  }
}

/// A size written `[width, height]` in a script.
struct ScriptSize: Decodable {
  var size: Size
  init(from decoder: any Decoder) throws {
    let point = try ScriptPoint(from: decoder).point
    guard point.x >= 0, point.y >= 0 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath, debugDescription: "expected [width, height], not negative"
        ))
    }
    size = Size(width: point.x, height: point.y)
  }
}

/// `{"length": 600, "reuse": "card", "repeat": 3}`: `repeat` copies of one item, with an optional
/// `estimate` and `width` (`half`, `third`, … or `1/N`).
struct ScriptItemRun: Decodable {
  var item: SceneItem
  var count: Int
  enum CodingKeys: String, CodingKey { case length, reuse, `repeat`, estimate, width }
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let length = try c.decode(Double.self, forKey: .length)
    guard length.isFinite, length >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .length, in: c, debugDescription: "length must not be negative")
    }
    count = try c.decodeIfPresent(Int.self, forKey: .repeat) ?? 1
    guard (1...1_000_000).contains(count) else {
      throw DecodingError.dataCorruptedError(
        forKey: .repeat, in: c, debugDescription: "repeat must be within 1...1000000")
    }
    let estimate = try c.decodeIfPresent(Double.self, forKey: .estimate)
    if let estimate, !estimate.isFinite || estimate < 0 {
      throw DecodingError.dataCorruptedError(
        forKey: .estimate, in: c, debugDescription: "estimate must not be negative")
    }
    var divisor = 1
    if let width = try c.decodeIfPresent(String.self, forKey: .width) {
      guard let named = SceneItem.widthDivisor(named: width) else {
        throw DecodingError.dataCorruptedError(
          forKey: .width, in: c,
          debugDescription:
            "width must be full, half, third, fourth, fifth or 1/N with N from 1 to \(SceneItem.maximumWidthDivisor)"
        )
      }
      divisor = named
    }
    item = SceneItem(
      length: length, reuseIdentifier: try c.decodeIfPresent(String.self, forKey: .reuse) ?? "cell",
      estimatedLength: estimate, widthDivisor: divisor)
  }

  /// The items of the runs under `key`, refused before any is made when there are more than
  /// `budget` (the reader's `maximumSceneItems` for the whole scene or edit); `budget` is reduced.
  static func items<Key: CodingKey>(
    _ c: KeyedDecodingContainer<Key>, _ key: Key, budget: inout Int
  ) throws -> [SceneItem] {
    let runs = try c.decode([ScriptItemRun].self, forKey: key)
    // At most 1 000 000 per run: no overflow below 9 × 10¹² runs.
    let total = runs.reduce(0) { $0 + $1.count }
    guard total <= budget else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c,
        debugDescription:
          "more than \(DecodeLimits.default.maximumSceneItems) items in one scene or insert, the most a trace may hold"
      )
    }
    budget -= total
    return runs.flatMap { repeatElement($0.item, count: $0.count) }
  }
}

/// `{"pages": 3}`, `{"list": [runs]}` or `{"container": [children], "spacing": 8}`, with `"axis"`.
struct ScriptScene: Decodable {
  var scene: Scene
  enum CodingKeys: String, CodingKey { case pages, list, container, spacing, axis }
  enum ChildKeys: String, CodingKey { case view, list, contentInset, hidden }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let axisName = try c.decodeIfPresent(String.self, forKey: .axis)
    func axis(default value: Axis) throws -> Axis {
      switch axisName {
      case nil: return value
      case "vertical": return .vertical
      case "horizontal": return .horizontal
      default:
        throw DecodingError.dataCorruptedError(
          forKey: .axis, in: c, debugDescription: "expected vertical or horizontal")
      }
    }
    if c.contains(.pages) {
      let count = try c.decode(Int.self, forKey: .pages)
      guard (0...100_000).contains(count) else {
        throw DecodingError.dataCorruptedError(
          forKey: .pages, in: c, debugDescription: "pages must be within 0...100000")
      }
      scene = Scene(axis: try axis(default: .horizontal), layout: .pages(count: count))
    } else if c.contains(.list) {
      var budget = DecodeLimits.default.maximumSceneItems
      let items = try ScriptItemRun.items(c, .list, budget: &budget)
      scene = Scene(axis: try axis(default: .vertical), layout: .list(items))
    } else if c.contains(.container) {
      var children: [ContainerChild] = []
      var budget = DecodeLimits.default.maximumSceneItems
      var list = try c.nestedUnkeyedContainer(forKey: .container)
      while !list.isAtEnd {
        let child = try list.nestedContainer(keyedBy: ChildKeys.self)
        let hidden = try child.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
        if child.contains(.view) {
          let length = try child.decode(Double.self, forKey: .view)
          guard length.isFinite, length >= 0 else {
            throw DecodingError.dataCorruptedError(
              forKey: .view, in: child, debugDescription: "length must not be negative")
          }
          children.append(ContainerChild(.view(length: length), isHidden: hidden))
        } else {
          let items = try ScriptItemRun.items(child, .list, budget: &budget)
          let inset = try child.decodeIfPresent(EdgeInsets.self, forKey: .contentInset) ?? .zero
          children.append(
            ContainerChild(.list(items: items, contentInset: inset), isHidden: hidden))
        }
      }
      let spacing = try c.decodeIfPresent(Double.self, forKey: .spacing) ?? 0
      scene = Scene(
        axis: try axis(default: .vertical), layout: .container(spacing: spacing, children: children)
      )
    } else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a scene has one of the keys pages, list or container"))
    }
  }
}
