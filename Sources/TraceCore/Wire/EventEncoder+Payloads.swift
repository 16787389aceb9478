// scrolltrace — the payloads an event is written with: touches, viewports, content, scenes, edits.

extension EventEncoder {
  func encodeTouch(_ touch: TouchSample) throws(TraceFormatError) -> EncodedEvent.Touch {
    let x = try Self.fixedPoint(touch.location.x, "touch location x")
    let y = try Self.fixedPoint(touch.location.y, "touch location y")
    var flags: UInt8 = 0
    if touch.force != nil { flags |= 1 }
    if touch.majorRadius != nil { flags |= 2 }
    if let force = touch.force { try Self.checkLength(force, "touch force") }
    if let radius = touch.majorRadius { try Self.checkLength(radius, "touch majorRadius") }
    return EncodedEvent.Touch(
      phase: touch.phase.rawValue, flags: flags, touchID: touch.touchID, x: x, y: y,
      dx: x - previousX,
      dy: y - previousY, force: touch.force, majorRadius: touch.majorRadius)
  }

  mutating func encodeViewport(_ viewport: ViewportChange) throws(TraceFormatError) {
    try writeSize(viewport.size, "viewport size")
    try writeInsets(viewport.safeAreaInsets, "viewport safeAreaInsets")
    guard viewport.transitionDuration >= 0 else {
      throw TraceFormatError(
        .invalidValue, "viewport transitionDuration is negative (\(viewport.transitionDuration) ns)"
      )
    }
    payload.writeVarint(UInt64(viewport.transitionDuration))
    // 1.8: the frame in the window as trailing bytes, which a 1.7 reader passes over.
    if let frame = viewport.frameInWindow {
      try writeFinite(frame.origin.x, "viewport frameInWindow x")
      try writeFinite(frame.origin.y, "viewport frameInWindow y")
      try writeSize(frame.size, "viewport frameInWindow")
    }
  }

  /// A keyboard change (format 1.5): overlap, duration, curve, flags (bit 0: interactive).
  mutating func encodeKeyboard(_ keyboard: KeyboardChange) throws(TraceFormatError) {
    guard keyboard.overlap <= Self.maximumKeyboardOverlap else {
      throw TraceFormatError(
        .invalidValue,
        "keyboard overlap must be at most \(Int(Self.maximumKeyboardOverlap)) pt, not \(keyboard.overlap)"
      )
    }
    try writeLength(keyboard.overlap, "keyboard overlap")
    guard keyboard.animationDuration >= 0 else {
      throw TraceFormatError(
        .invalidValue,
        "keyboard animationDuration is negative (\(keyboard.animationDuration) ns)")
    }
    payload.writeVarint(UInt64(keyboard.animationDuration))
    payload.writeUInt8(keyboard.curve.rawValue)
    payload.writeUInt8(keyboard.isInteractive ? 1 : 0)
  }

  /// A step of a scroll with no finger (format 1.9): phase, source, translation x and y.
  mutating func encodeScroll(_ scroll: ScrollInput) throws(TraceFormatError) {
    payload.writeUInt8(scroll.phase.rawValue)
    payload.writeUInt8(scroll.source.rawValue)
    try writeFinite(scroll.translation.x, "scroll translation x")
    try writeFinite(scroll.translation.y, "scroll translation y")
  }

  /// The largest keyboard overlap the format holds, in points: far above any screen.
  static var maximumKeyboardOverlap: Double { 1_000_000 }

  mutating func encodeContent(_ content: ContentGeometry) throws(TraceFormatError) {
    try writeSize(content.contentSize, "contentSize")
    try writeInsets(content.contentInset, "contentInset")
    payload.writeUInt8(content.adjustmentBehavior.rawValue)
    // 1.8: the device's adjusted inset as trailing bytes, which a 1.7 reader passes over.
    if let adjusted = content.adjustedContentInset {
      try writeInsets(adjusted, "adjustedContentInset")
    }
  }

  mutating func encodeScene(_ scene: Scene) throws(TraceFormatError) {
    var strings = StringTable()
    switch scene.layout {
    case .pages(let count):
      payload.writeUInt8(0)
      payload.writeUInt8(scene.axis.rawValue)
      try writeCount(count, "page count")
    case .list(let items):
      // A list with an estimate is format 1.4's layout 3, which a 1.3 reader refuses; one whose
      // items share rows 1.6's layout 4, which a 1.5 reader refuses.
      let kind = ItemRuns(items)
      payload.writeUInt8(kind.listLayout)
      payload.writeUInt8(scene.axis.rawValue)
      strings.add(items)
      strings.write(to: &payload)
      try writeRuns(items, strings, kind)
    case .container(let spacing, let children):
      payload.writeUInt8(2)
      payload.writeUInt8(scene.axis.rawValue)
      for child in children {
        if case .list(let items, _) = child.content { strings.add(items) }
      }
      strings.write(to: &payload)
      try writeLength(spacing, "container spacing")
      try writeCount(children.count, "child count")
      for child in children {
        switch child.content {
        case .view(let length):
          payload.writeUInt8(0)
          payload.writeUInt8(child.isHidden ? 1 : 0)
          try writeLength(length, "container view length")
        case .list(let items, let inset):
          let kind = ItemRuns(items)
          payload.writeUInt8(kind.childKind)
          payload.writeUInt8(child.isHidden ? 1 : 0)
          try writeInsets(inset, "container list contentInset")
          try writeRuns(items, strings, kind)
        }
      }
    }
  }

  mutating func encodeSceneEdit(_ edit: SceneEdit) throws(TraceFormatError) {
    switch edit {
    case .insert(let section, let index, let items):
      let kind = ItemRuns(items)
      payload.writeUInt8(kind.insertOperation)
      try writeCount(section, "edit section")
      try writeCount(index, "edit index")
      var strings = StringTable()
      strings.add(items)
      strings.write(to: &payload)
      try writeRuns(items, strings, kind)
    case .delete(let section, let index, let count):
      payload.writeUInt8(1)
      try writeCount(section, "edit section")
      try writeCount(index, "edit index")
      try writeCount(count, "edit count")
    case .resize(let section, let index, let length):
      payload.writeUInt8(2)
      try writeCount(section, "edit section")
      try writeCount(index, "edit index")
      try writeLength(length, "edit length")
    case .setHidden(let section, let isHidden):
      payload.writeUInt8(3)
      try writeCount(section, "edit section")
      payload.writeUInt8(isHidden ? 1 : 0)
    case .batchUpdate(let update):
      // Format 1.6's operation 8 when an item shares a row: its runs hold width divisors.
      let kind = ItemRuns(update.reloads.map(\.item) + update.inserts.map(\.item))
      payload.writeUInt8(kind == .rows ? 8 : 4)
      try writeCount(update.section, "edit section")
      try encodeBatchUpdate(update, kind == .rows ? .rows : .sized)
    case .reloadData(let section):
      payload.writeUInt8(5)
      try writeCount(section, "edit section")
    case .sizeResolved(let section, let index, let length):
      // Format 1.9: operation 9, laid out as a resize.
      payload.writeUInt8(9)
      try writeCount(section, "edit section")
      try writeCount(index, "edit index")
      try writeLength(length, "edit length")
    }
  }

  /// A batch update's body (format 1.4): flags, duration, its strings, then deletes, reloads,
  /// moves and inserts, the inserts in groups of consecutive positions.
  private mutating func encodeBatchUpdate(_ update: BatchUpdate, _ kind: ItemRuns)
    throws(TraceFormatError)
  {
    guard update.duration >= 0 else {
      throw TraceFormatError(
        .invalidValue, "batch update duration must not be negative, not \(update.duration)")
    }
    payload.writeUInt8(update.isAnimated ? 1 : 0)
    payload.writeVarint(UInt64(update.duration))
    var strings = StringTable()
    strings.add(update.reloads.map(\.item))
    strings.add(update.inserts.map(\.item))
    strings.write(to: &payload)
    try writeCount(update.deletes.count, "delete count")
    for index in update.deletes { try writeCount(index, "deleted index") }
    try writeCount(update.reloads.count, "reload count")
    for reload in update.reloads {
      try writeCount(reload.index, "reloaded index")
      try writeSizedRuns([reload.item], strings, kind)
    }
    try writeCount(update.moves.count, "move count")
    for move in update.moves {
      try writeCount(move.from, "moved index")
      try writeCount(move.to, "move destination")
    }
    let groups = update.insertionGroups
    try writeCount(groups.count, "insert group count")
    for group in groups {
      try writeCount(group.index, "inserted index")
      try writeSizedRuns(group.items, strings, kind)
    }
  }

  mutating func encodeProgrammaticScroll(_ scroll: ProgrammaticScroll)
    throws(TraceFormatError)
  {
    switch scroll.target {
    case .offset(let offset):
      payload.writeUInt8(0)
      payload.writeUInt8(scroll.isAnimated ? 1 : 0)
      try writeFinite(offset.x, "scroll offset x")
      try writeFinite(offset.y, "scroll offset y")
    case .item(let section, let index, let position):
      payload.writeUInt8(1)
      payload.writeUInt8(scroll.isAnimated ? 1 : 0)
      try writeCount(section, "scroll section")
      try writeCount(index, "scroll item index")
      payload.writeUInt8(position.rawValue)
    }
  }
}
