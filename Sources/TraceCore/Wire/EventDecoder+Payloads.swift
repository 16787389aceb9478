// scrolltrace — the payloads an event carries: touches, viewports, content, scenes, edits, scrolls.

extension EventDecoder {
  /// The largest location magnitude on the wire, in location quanta (±2^44 pt at 1/256 pt).
  static let locationLimit: UInt64 = 1 << 52

  /// The coordinate `delta` quanta after `previous`; `nil` on overflow or beyond ±2^44 pt.
  @inline(__always)
  static func coordinate(_ delta: Int64, after previous: Int64) -> Int64? {
    let (value, overflow) = previous.addingReportingOverflow(delta)
    return overflow || value.magnitude > locationLimit ? nil : value
  }

  /// A force or radius: finite and not negative.
  @inline(__always)
  static func isLength(_ value: Double) -> Bool { value.isFinite && value >= 0 }

  /// The location of a touch from its coordinates in 1/256 pt (TouchSample.locationQuantum): an
  /// exact power-of-two scale.
  @inline(__always)
  static func location(x: Int64, y: Int64) -> Point {
    Point(x: points(x), y: points(y))
  }

  /// A coordinate in points from 1/256 pt.
  @inline(__always)
  static func points(_ coordinate: Int64) -> Double { Double(coordinate) / 256 }

  /// A touch sample from its wire fields (`nil` where short or malformed), its force and major
  /// radius read from `extras` as its flags say; moves the location state past it.
  // The hottest path of a replay: written with plain guards, without the field helpers below.
  @inline(__always)
  mutating func touch(
    phase phaseByte: UInt8?, flags: UInt8?, id: UInt64?, dx: Int64?, dy: Int64?,
    extras: inout ByteReader
  ) throws(FieldError) -> TouchSample {
    guard let phaseByte else { throw FieldError("phase is missing or malformed") }
    guard let phase = TouchSample.Phase(rawValue: phaseByte) else {
      throw FieldError("unknown touch phase \(phaseByte)")
    }
    guard let flags else { throw FieldError("flags is missing or malformed") }
    guard let id else { throw FieldError("touch id is missing or malformed") }
    guard let touchID = UInt32(exactly: id) else {
      throw FieldError("touch id \(id) exceeds 32 bits")
    }
    guard let dx else { throw FieldError("x is missing or malformed") }
    guard let dy else { throw FieldError("y is missing or malformed") }
    guard let x = Self.coordinate(dx, after: previousX),
      let y = Self.coordinate(dy, after: previousY)
    else {
      throw FieldError("location beyond ±2^44 pt")
    }
    let force = flags & 1 != 0 ? try readLength(&extras, "force") : nil
    let radius = flags & 2 != 0 ? try readLength(&extras, "majorRadius") : nil
    previousX = x
    previousY = y
    return TouchSample(
      touchID: touchID, phase: phase, location: Self.location(x: x, y: y), force: force,
      majorRadius: radius)
  }

  func decodeViewport(_ body: inout ByteReader) throws(FieldError) -> ViewportChange {
    let size = try readSize(&body, "size")
    let insets = try readInsets(&body, "safeAreaInsets")
    let duration = try read(body.readVarint(), "transitionDuration")
    guard let nanoseconds = Int64(exactly: duration) else {
      throw FieldError("transitionDuration \(duration) exceeds Int64")
    }
    // 1.8: the frame in the window, when the payload goes on.
    var frame: Rect?
    if !body.isAtEnd {
      let x = try readFinite(&body, "frameInWindow x")
      let y = try readFinite(&body, "frameInWindow y")
      let size = try readSize(&body, "frameInWindow")
      frame = Rect(x: x, y: y, width: size.width, height: size.height)
    }
    return ViewportChange(
      size: size, safeAreaInsets: insets, transitionDuration: nanoseconds, frameInWindow: frame)
  }

  /// A keyboard change (format 1.5); flag bits other than 0 are ignored, as later minor versions
  /// may add them.
  func decodeKeyboard(_ body: inout ByteReader) throws(FieldError) -> KeyboardChange {
    let overlap = try readLength(&body, "overlap")
    guard overlap <= EventEncoder.maximumKeyboardOverlap else {
      let limit = Int(EventEncoder.maximumKeyboardOverlap)
      throw FieldError("overlap \(overlap) pt exceeds \(limit) pt")
    }
    let duration = try read(body.readVarint(), "animationDuration")
    guard let nanoseconds = Int64(exactly: duration) else {
      throw FieldError("animationDuration \(duration) exceeds Int64")
    }
    let curve = try read(body.readUInt8(), "curve")
    let flags = try read(body.readUInt8(), "flags")
    return KeyboardChange(
      overlap: overlap, animationDuration: nanoseconds,
      curve: KeyboardChange.Curve(rawValue: curve), isInteractive: flags & 1 != 0)
  }

  /// A step of a scroll with no finger (format 1.9); bytes after its fields are passed over, as
  /// later minor versions may add them.
  func decodeScroll(_ body: inout ByteReader) throws(FieldError) -> ScrollInput {
    let rawPhase = try read(body.readUInt8(), "phase")
    guard let phase = ScrollInput.Phase(rawValue: rawPhase) else {
      throw FieldError("unknown phase \(rawPhase)")
    }
    let rawSource = try read(body.readUInt8(), "source")
    guard let source = ScrollInput.Source(rawValue: rawSource) else {
      throw FieldError("unknown source \(rawSource)")
    }
    let x = try readFinite(&body, "translation x")
    let y = try readFinite(&body, "translation y")
    return ScrollInput(phase: phase, source: source, translation: Point(x: x, y: y))
  }

  func decodeContent(_ body: inout ByteReader) throws(FieldError) -> ContentGeometry {
    let size = try readSize(&body, "contentSize")
    let insets = try readInsets(&body, "contentInset")
    let raw = try read(body.readUInt8(), "adjustmentBehavior")
    guard let behavior = ContentInsetAdjustmentBehavior(rawValue: raw) else {
      throw FieldError("unknown adjustmentBehavior \(raw)")
    }
    // 1.8: the device's adjusted inset, when the payload goes on.
    let adjusted = body.isAtEnd ? nil : try readInsets(&body, "adjustedContentInset")
    return ContentGeometry(
      contentSize: size, contentInset: insets, adjustmentBehavior: behavior,
      adjustedContentInset: adjusted)
  }

  func decodeScene(_ body: inout ByteReader) throws(FieldError) -> Scene {
    let layoutKind = try read(body.readUInt8(), "layout")
    let axisByte = try read(body.readUInt8(), "axis")
    guard let axis = Axis(rawValue: axisByte) else { throw FieldError("unknown axis \(axisByte)") }
    switch layoutKind {
    case 0:
      return Scene(axis: axis, layout: .pages(count: try readCount(&body, "page count")))
    case 1, 3, 4:
      let strings = try readStrings(&body)
      var budget = limits.maximumSceneItems
      let kind: ItemRuns = layoutKind == 1 ? .plain : layoutKind == 3 ? .sized : .rows
      return Scene(axis: axis, layout: .list(try readRuns(&body, strings, &budget, kind)))
    case 2:
      let strings = try readStrings(&body)
      let spacing = try readLength(&body, "spacing")
      let count = try readCount(&body, "child count")
      var budget = limits.maximumSceneItems
      var children: [ContainerChild] = []
      for index in 0..<count {
        guard budget > 0 else {
          throw FieldError("more than \(limits.maximumSceneItems) children", .limitExceeded)
        }
        budget -= 1
        let contentKind = try read(body.readUInt8(), "child \(index) kind")
        let isHidden = try read(body.readUInt8(), "child \(index) flags") & 1 != 0
        switch contentKind {
        case 0:
          children.append(
            ContainerChild(
              .view(length: try readLength(&body, "child \(index) length")), isHidden: isHidden))
        case 1, 2, 3:
          let inset = try readInsets(&body, "child \(index) contentInset")
          let kind: ItemRuns = contentKind == 1 ? .plain : contentKind == 2 ? .sized : .rows
          let items = try readRuns(&body, strings, &budget, kind)
          children.append(
            ContainerChild(.list(items: items, contentInset: inset), isHidden: isHidden))
        default:
          throw FieldError("unknown kind \(contentKind) of child \(index)")
        }
      }
      return Scene(axis: axis, layout: .container(spacing: spacing, children: children))
    default:
      throw FieldError("unknown scene layout \(layoutKind)")
    }
  }

  func decodeSceneEdit(_ body: inout ByteReader) throws(FieldError) -> SceneEdit {
    let op = try read(body.readUInt8(), "operation")
    let section = try readCount(&body, "section")
    switch op {
    case 0, 6, 7:
      let index = try readCount(&body, "index")
      let strings = try readStrings(&body)
      var budget = limits.maximumSceneItems
      let kind: ItemRuns = op == 0 ? .plain : op == 6 ? .sized : .rows
      return .insert(
        section: section, index: index, items: try readRuns(&body, strings, &budget, kind))
    case 1:
      return .delete(
        section: section, index: try readCount(&body, "index"), count: try readCount(&body, "count")
      )
    case 2:
      return .resize(
        section: section, index: try readCount(&body, "index"),
        length: try readLength(&body, "length"))
    case 3:
      return .setHidden(section: section, isHidden: try read(body.readUInt8(), "hidden") & 1 != 0)
    case 4, 8:
      return .batchUpdate(
        try decodeBatchUpdate(&body, section: section, op == 8 ? .rows : .sized))
    case 5:
      return .reloadData(section: section)
    case 9:
      return .sizeResolved(
        section: section, index: try readCount(&body, "index"),
        length: try readLength(&body, "length"))
    default:
      throw FieldError("unknown edit operation \(op)")
    }
  }

  /// A batch update's body (format 1.4), after its section.
  private func decodeBatchUpdate(
    _ body: inout ByteReader, section: Int, _ kind: ItemRuns
  ) throws(FieldError) -> BatchUpdate {
    let flags = try read(body.readUInt8(), "flags")
    let rawDuration = try read(body.readVarint(), "duration")
    guard rawDuration <= UInt64(Int64.max) else {
      throw FieldError("duration \(rawDuration) exceeds Int64")
    }
    let strings = try readStrings(&body)
    var budget = limits.maximumSceneItems
    // Each listed index takes at least one byte, so a count beyond the payload is a lie; the item
    // budget bounds them all together.
    func listCount(_ field: String) throws(FieldError) -> Int {
      let count = try readCount(&body, field)
      guard count <= body.remaining else {
        throw FieldError("\(field) \(count) exceeds the payload")
      }
      guard count <= budget else {
        throw FieldError("more than \(limits.maximumSceneItems) items", .limitExceeded)
      }
      budget -= count
      return count
    }
    var update = BatchUpdate(
      section: section, isAnimated: flags & 1 != 0, duration: Int64(rawDuration))
    for _ in 0..<(try listCount("delete count")) {
      update.deletes.append(try readCount(&body, "deleted index"))
    }
    for _ in 0..<(try listCount("reload count")) {
      let index = try readCount(&body, "reloaded index")
      let items = try readRuns(&body, strings, &budget, kind)
      guard items.count == 1, let item = items.first else {
        throw FieldError("reload of index \(index) holds \(items.count) items, not one")
      }
      update.reloads.append(BatchUpdate.Reload(index: index, item: item))
    }
    for _ in 0..<(try listCount("move count")) {
      update.moves.append(
        BatchUpdate.Move(
          from: try readCount(&body, "moved index"), to: try readCount(&body, "move destination")))
    }
    for _ in 0..<(try listCount("insert group count")) {
      let first = try readCount(&body, "inserted index")
      let items = try readRuns(&body, strings, &budget, kind)
      for (offset, item) in items.enumerated() {
        // Positions stay within the counts the format holds.
        guard first <= Int(Int32.max) - offset else {
          throw FieldError("inserted index \(first) + \(offset) exceeds \(Int32.max)")
        }
        update.inserts.append(BatchUpdate.Insertion(index: first + offset, item: item))
      }
    }
    return update
  }

  func decodeProgrammaticScroll(_ body: inout ByteReader) throws(FieldError)
    -> ProgrammaticScroll
  {
    let targetKind = try read(body.readUInt8(), "target")
    let isAnimated = try read(body.readUInt8(), "animated") & 1 != 0
    switch targetKind {
    case 0:
      let x = try readFinite(&body, "offset x")
      let y = try readFinite(&body, "offset y")
      return ProgrammaticScroll(target: .offset(Point(x: x, y: y)), isAnimated: isAnimated)
    case 1:
      let section = try readCount(&body, "section")
      let index = try readCount(&body, "item")
      let raw = try read(body.readUInt8(), "position")
      guard let position = ProgrammaticScroll.ItemPosition(rawValue: raw) else {
        throw FieldError("unknown item position \(raw)")
      }
      return ProgrammaticScroll(
        target: .item(section: section, index: index, position: position), isAnimated: isAnimated)
    default:
      throw FieldError("unknown scroll target \(targetKind)")
    }
  }
}
