// scrolltrace — one step of a gesture script.

/// One step of a gesture script.
///
/// In JSON each step is an object with exactly one key, the step's
/// name (`{"drag": {...}}`, `{"wait": 0.5}`); see `docs/synth.md`.
public enum Step: Sendable, Hashable, Decodable {
  /// A finger drags from `from` by `translation` over `duration` seconds and lifts moving at
  /// `releaseVelocity` points per second (zero: it stops before lifting).
  case drag(from: Point, translation: Point, duration: Double, releaseVelocity: Point, fingers: Int)
  /// A quick flick from `from` that lifts at `velocity` points per second after `duration` seconds
  /// of constant acceleration (so it travels `velocity · duration / 2`).
  case fling(from: Point, velocity: Point, duration: Double, fingers: Int)
  /// A finger rests at `at` for `duration` seconds, then lifts.
  case hold(at: Point, duration: Double)
  /// Nothing happens for `duration` seconds.
  case wait(duration: Double)
  /// The viewport changes to `size` (and `safeArea`), animated over `duration` seconds.
  case resize(size: Size, safeArea: EdgeInsets, duration: Double)
  /// The device rotates: the viewport's width and height swap, animated over `duration` seconds.
  /// `safeArea` defaults to the current insets turned a quarter clockwise.
  case rotate(duration: Double, safeArea: EdgeInsets?)
  /// The app scrolls in code.
  case scroll(ProgrammaticScroll)
  /// The scene changes.
  case edit(SceneEdit)
  /// Two fingers on a trackpad (or a mouse's wheel) scroll by `translation` over `duration`
  /// seconds and lift moving at `releaseVelocity` points per second, with no touch on the screen
  /// (format 1.9): the path a drag's finger takes, as scroll events.
  case trackpad(
    translation: Point, duration: Double, releaseVelocity: Point, source: ScrollInput.Source)
  /// A marker with free text.
  case marker(String)
  /// The keyboard's frame changes over the scroll view (format 1.5): shown, hidden or moved by a
  /// finger; the step lasts the keyboard's animation.
  case keyboard(KeyboardChange)
  /// A touch step (a drag, a fling or a hold) during which other things happen: each of
  /// `meanwhile` (a rotation, a resize, a programmatic scroll, an edit or a marker) starts its
  /// `after` seconds into the gesture, without waiting for it to end. In JSON, the touch step's
  /// object has a `"meanwhile"` array.
  indirect case during(Step, meanwhile: [TimedStep])

  /// Whether this is a touch step: a drag, a fling or a hold.
  public var isGesture: Bool {
    switch self {
    case .drag, .fling, .hold: true
    default: false
    }
  }

  /// Whether this step may happen during a gesture: a rotation, a resize, a programmatic scroll, an
  /// edit or a marker.
  public var happensAtOnce: Bool {
    switch self {
    case .resize, .rotate, .scroll, .edit, .marker, .keyboard: true
    default: false
    }
  }

  /// The step's duration in seconds (0 for one that takes no time: a scroll, an edit, a marker).
  public var duration: Double {
    switch self {
    case .drag(_, _, let seconds, _, _), .fling(_, _, let seconds, _), .hold(_, let seconds),
      .wait(let seconds), .resize(_, _, let seconds), .rotate(let seconds, _),
      .trackpad(_, let seconds, _, _):
      seconds
    case .keyboard(let change): Double(change.animationDuration) / 1e9
    case .scroll, .edit, .marker: 0
    case .during(let gesture, _): gesture.duration
    }
  }

  private enum Name: String, CodingKey, CaseIterable {
    case drag, fling, hold, wait, resize, rotate, scrollTo, insert, delete, resizeItem, setHidden,
      batchUpdate, prepend, reloadData, marker, keyboard, sizeResolved, trackpad
  }

  private enum Key: String, CodingKey {
    case from, by, duration, releaseVelocity, fingers, velocity, at, size, safeArea, offset, item,
      section, position, animated, items, count, index, length, hidden, meanwhile, source
  }

  /// Decodes a step from an object with exactly one key.
  public init(from decoder: any Decoder) throws {
    let outer = try decoder.container(keyedBy: Name.self)
    guard outer.allKeys.count == 1, let name = outer.allKeys.first else {
      let names = Name.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a step is an object with exactly one key, one of: \(names)"))
    }
    if name == .wait {
      if let seconds = try? outer.decode(Double.self, forKey: .wait) {
        self = .wait(duration: try Self.positive(seconds, outer, .wait))
        return
      }
    }
    if name == .marker {
      self = .marker(try outer.decode(String.self, forKey: .marker))
      return
    }
    let c = try outer.nestedContainer(keyedBy: Key.self, forKey: name)
    func point(_ key: Key) throws -> Point { try c.decode(ScriptPoint.self, forKey: key).point }
    func duration(default value: Double? = nil) throws -> Double {
      if let value, !c.contains(.duration) { return value }
      let seconds = try c.decode(Double.self, forKey: .duration)
      guard seconds.isFinite, seconds > 0, seconds <= Self.longestStep else {
        throw DecodingError.dataCorruptedError(
          forKey: .duration, in: c,
          debugDescription:
            "duration must be a positive number of seconds, at most \(Int(Self.longestStep)) (24 hours)"
        )
      }
      return seconds
    }
    func fingers() throws -> Int {
      let count = try c.decodeIfPresent(Int.self, forKey: .fingers) ?? 1
      guard (1...5).contains(count) else {
        throw DecodingError.dataCorruptedError(
          forKey: .fingers, in: c, debugDescription: "fingers must be within 1...5")
      }
      return count
    }
    func count(_ key: Key, default value: Int? = nil) throws -> Int {
      if let value, !c.contains(key) { return value }
      let number = try c.decode(Int.self, forKey: key)
      guard number >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "must not be negative")
      }
      return number
    }
    switch name {
    case .drag:
      self = .drag(
        from: try point(.from), translation: try point(.by), duration: try duration(),
        releaseVelocity: try c.decodeIfPresent(ScriptPoint.self, forKey: .releaseVelocity)?.point
          ?? .zero,
        fingers: try fingers())
    case .trackpad:
      let source = try c.decodeIfPresent(String.self, forKey: .source) ?? "continuous"
      guard let kind = ScrollInput.Source.allCases.first(where: { $0.name == source }) else {
        throw DecodingError.dataCorruptedError(
          forKey: .source, in: c, debugDescription: "source must be continuous or discrete")
      }
      self = .trackpad(
        translation: try point(.by), duration: try duration(default: 0.3),
        releaseVelocity: try c.decodeIfPresent(ScriptPoint.self, forKey: .releaseVelocity)?.point
          ?? .zero,
        source: kind)
    case .fling:
      self = .fling(
        from: try point(.from), velocity: try point(.velocity),
        duration: try duration(default: 0.08),
        fingers: try fingers())
    case .hold:
      self = .hold(at: try point(.at), duration: try duration())
    case .wait:
      self = .wait(duration: try duration())
    case .resize:
      self = .resize(
        size: try c.decode(ScriptSize.self, forKey: .size).size,
        safeArea: try c.decodeIfPresent(EdgeInsets.self, forKey: .safeArea) ?? .zero,
        duration: try duration(default: 0))
    case .rotate:
      self = .rotate(
        duration: try duration(default: 0.3),
        safeArea: try c.decodeIfPresent(EdgeInsets.self, forKey: .safeArea))
    case .scrollTo:
      let animated = try c.decodeIfPresent(Bool.self, forKey: .animated) ?? true
      if c.contains(.offset) {
        self = .scroll(
          ProgrammaticScroll(target: .offset(try point(.offset)), isAnimated: animated))
      } else {
        let positionName = try c.decodeIfPresent(String.self, forKey: .position) ?? "start"
        guard
          let position = ProgrammaticScroll.ItemPosition.allCases.first(where: {
            $0.name == positionName
          })
        else {
          throw DecodingError.dataCorruptedError(
            forKey: .position, in: c, debugDescription: "expected start, center or end")
        }
        self = .scroll(
          ProgrammaticScroll(
            target: .item(
              section: try count(.section, default: 0), index: try count(.item), position: position),
            isAnimated: animated))
      }
    case .insert:
      var itemBudget = DecodeLimits.default.maximumSceneItems
      self = .edit(
        .insert(
          section: try count(.section, default: 0), index: try count(.at),
          items: try ScriptItemRun.items(c, .items, budget: &itemBudget)))
    case .delete:
      self = .edit(
        .delete(
          section: try count(.section, default: 0), index: try count(.at),
          count: try count(.count, default: 1)))
    case .resizeItem, .sizeResolved:
      let length = try c.decode(Double.self, forKey: .length)
      guard length.isFinite, length >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .length, in: c, debugDescription: "length must not be negative")
      }
      let section = try count(.section, default: 0)
      let index = try count(.index)
      self = .edit(
        name == .resizeItem
          ? .resize(section: section, index: index, length: length)
          : .sizeResolved(section: section, index: index, length: length))
    case .setHidden:
      self = .edit(
        .setHidden(section: try count(.section), isHidden: try c.decode(Bool.self, forKey: .hidden))
      )
    case .batchUpdate, .prepend:
      let script = try outer.decode(
        ScriptBatchUpdate.self, forKey: name == .prepend ? .prepend : .batchUpdate)
      guard name == .batchUpdate || script.isPrepend else {
        throw DecodingError.dataCorruptedError(
          forKey: .prepend, in: outer,
          debugDescription: "a prepend holds only items (and section, animated, duration)")
      }
      guard name == .prepend || !script.hasItems else {
        throw DecodingError.dataCorruptedError(
          forKey: .batchUpdate, in: outer,
          debugDescription: "a batch update lists its inserts under inserts; items is a prepend's")
      }
      self = .edit(.batchUpdate(script.update))
    case .reloadData:
      self = .edit(.reloadData(section: try count(.section, default: 0)))
    case .keyboard:
      self = .keyboard(try outer.decode(ScriptKeyboard.self, forKey: .keyboard).change)
    case .marker:
      self = .marker(try outer.decode(String.self, forKey: .marker))
    }
    if c.contains(.meanwhile) {
      guard isGesture else {
        throw DecodingError.dataCorruptedError(
          forKey: .meanwhile, in: c,
          debugDescription: "only a drag, a fling or a hold has steps meanwhile")
      }
      let timed = try c.decode([TimedStep].self, forKey: .meanwhile)
      for (number, one) in timed.enumerated() where one.after > self.duration {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: c.codingPath + [Key.meanwhile, TimedStep.Index(number)],
            debugDescription: "after must be within the gesture's duration, \(self.duration) s"))
      }
      if !timed.isEmpty { self = .during(self, meanwhile: timed) }
    }
  }

  private static func positive(_ value: Double, _ c: KeyedDecodingContainer<Name>, _ key: Name)
    throws -> Double
  {
    guard value.isFinite, value > 0, value <= longestStep else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c,
        debugDescription:
          "must be a positive number of seconds, at most \(Int(longestStep)) (24 hours)")
    }
    return value
  }

  /// The longest a step may last, in seconds: 24 hours, the longest gap a replay renders
  /// (`ReaderEvents.maximumGap`), so that every duration is a few 10¹³ ns and sums of them are checked.
  static let longestStep: Double = 86_400
}
