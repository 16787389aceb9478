// scrolltrace — the canonical encoding of one event (docs/trace-format.md, "Events").

/// Encodes events in their canonical form, delta-coding timestamps and touch locations against the
/// previous event of the same chunk.
///
/// Call `reset()` at every chunk start so that each chunk
/// decodes on its own. The inverse of `EventDecoder`.
struct EventEncoder {
  /// The header's timestamp quantum, in nanoseconds; deltas are stored in these units.
  var quantum: Int64 = 1
  /// What the next event is delta-coded against; a caller may save and restore it.
  var state = DeltaState()
  /// The payload of the event being encoded (its kind's fields; a touch has none).
  var payload = ByteWriter(capacity: 256)

  /// The previous event's timestamp and the previous touch's fixed-point location.
  struct DeltaState: Equatable {
    var previousTimestamp: Int64 = 0
    var previousX: Int64 = 0
    var previousY: Int64 = 0
  }

  /// Forgets the delta state; the next event is encoded relative to zero.
  mutating func reset() { state = DeltaState() }

  private var previousTimestamp: Int64 { state.previousTimestamp }
  private var previousX: Int64 { state.previousX }
  private var previousY: Int64 { state.previousY }

  /// Appends `event` to `out`, as a row (the record of format 1.0).
  ///
  /// - Throws: `invalidValue` for a value the format cannot hold (a non-finite number, a negative
  ///   length, a location beyond ±2⁴⁴ pt). Nothing is written, and the delta state is unchanged.
  mutating func encode(_ event: TraceEvent, into out: inout ByteWriter) throws(TraceFormatError) {
    let fields = try fields(of: event)
    if let touch = fields.touch {
      payload.writeUInt8(touch.phase)
      payload.writeUInt8(touch.flags)
      payload.writeVarint(UInt64(touch.touchID))
      payload.writeSignedVarint(touch.dx)
      payload.writeSignedVarint(touch.dy)
      if let force = touch.force { payload.writeFloat64(force) }
      if let radius = touch.majorRadius { payload.writeFloat64(radius) }
    }
    out.writeSignedVarint(fields.ticks)
    out.writeUInt8(fields.kind)
    out.writeVarint(UInt64(payload.count))
    out.writeBytes(payload.bytes)
    commit(fields, event.timestamp)
  }

  /// Appends `event` to a chunk laid out by column (format 1.1).
  ///
  /// - Throws: as ``encode(_:into:)-(_,ByteWriter)``; nothing is written then.
  mutating func encode(_ event: TraceEvent, into columns: inout ColumnChunkWriter)
    throws(TraceFormatError)
  {
    let fields = try fields(of: event)
    columns.append(fields, payload: payload.bytes)
    commit(fields, event.timestamp)
  }

  /// Checks `event` and delta-codes its fields against the current state, without changing it; a
  /// payload other than a touch is left in ``payload``.
  private mutating func fields(of event: TraceEvent) throws(TraceFormatError) -> EncodedEvent {
    guard event.timestamp % quantum == 0 else {
      throw TraceFormatError(
        .invalidValue,
        "timestamp \(event.timestamp) ns is not a multiple of the header's timestamp quantum (\(quantum) ns)"
      )
    }
    let (delta, overflow) = event.timestamp.subtractingReportingOverflow(previousTimestamp)
    guard !overflow else {
      throw TraceFormatError(
        .invalidValue,
        "timestamp \(event.timestamp) ns is too far from the previous one (\(previousTimestamp) ns)"
      )
    }
    payload.removeAll()
    var touchFields: EncodedEvent.Touch?
    switch event.payload {
    case .touch(let touch):
      touchFields = try encodeTouch(touch)
    case .viewport(let viewport):
      try encodeViewport(viewport)
    case .content(let content):
      try encodeContent(content)
    case .scene(let scene):
      try encodeScene(scene)
    case .sceneEdit(let edit):
      try encodeSceneEdit(edit)
    case .programmaticScroll(let scroll):
      try encodeProgrammaticScroll(scroll)
    case .frameTick:
      break
    case .marker(let text):
      payload.writeBytes(text.utf8)
    case .observedFrame(let frame):
      try encodeObservedFrame(frame, at: event.timestamp)
    case .unknown(let kind, let bytes):
      guard !EventKind.known.contains(EventKind(rawValue: kind)) else {
        throw TraceFormatError(.invalidValue, "unknown event uses the known kind \(kind)")
      }
      payload.writeBytes(bytes)
    }
    return EncodedEvent(ticks: delta / quantum, kind: event.kind.rawValue, touch: touchFields)
  }

  /// Moves the delta state past an encoded event.
  private mutating func commit(_ fields: EncodedEvent, _ timestamp: Int64) {
    state.previousTimestamp = timestamp
    if let touch = fields.touch {
      state.previousX = touch.x
      state.previousY = touch.y
    }
  }

  // MARK: - Payloads

  private func encodeTouch(_ touch: TouchSample) throws(TraceFormatError) -> EncodedEvent.Touch {
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

  private mutating func encodeViewport(_ viewport: ViewportChange) throws(TraceFormatError) {
    try writeSize(viewport.size, "viewport size")
    try writeInsets(viewport.safeAreaInsets, "viewport safeAreaInsets")
    guard viewport.transitionDuration >= 0 else {
      throw TraceFormatError(
        .invalidValue, "viewport transitionDuration is negative (\(viewport.transitionDuration) ns)"
      )
    }
    payload.writeVarint(UInt64(viewport.transitionDuration))
  }

  private mutating func encodeContent(_ content: ContentGeometry) throws(TraceFormatError) {
    try writeSize(content.contentSize, "contentSize")
    try writeInsets(content.contentInset, "contentInset")
    payload.writeUInt8(content.adjustmentBehavior.rawValue)
  }

  private mutating func encodeScene(_ scene: Scene) throws(TraceFormatError) {
    var strings = StringTable()
    switch scene.layout {
    case .pages(let count):
      payload.writeUInt8(0)
      payload.writeUInt8(scene.axis.rawValue)
      try writeCount(count, "page count")
    case .list(let items):
      payload.writeUInt8(1)
      payload.writeUInt8(scene.axis.rawValue)
      strings.add(items)
      strings.write(to: &payload)
      try writeRuns(items, strings)
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
          payload.writeUInt8(1)
          payload.writeUInt8(child.isHidden ? 1 : 0)
          try writeInsets(inset, "container list contentInset")
          try writeRuns(items, strings)
        }
      }
    }
  }

  private mutating func encodeSceneEdit(_ edit: SceneEdit) throws(TraceFormatError) {
    switch edit {
    case .insert(let section, let index, let items):
      payload.writeUInt8(0)
      try writeCount(section, "edit section")
      try writeCount(index, "edit index")
      var strings = StringTable()
      strings.add(items)
      strings.write(to: &payload)
      try writeRuns(items, strings)
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
    }
  }

  private mutating func encodeProgrammaticScroll(_ scroll: ProgrammaticScroll)
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

  // MARK: - Fields

  /// The largest magnitude of a touch coordinate, in points: 2⁴⁴, so that the fixed-point value
  /// (×256) stays below 2⁵² and converts back to `Double` exactly.
  static let maximumLocationMagnitude = 17_592_186_044_416.0

  static func fixedPoint(_ value: Double, _ field: String) throws(TraceFormatError) -> Int64 {
    guard value.isFinite, abs(value) <= maximumLocationMagnitude else {
      throw TraceFormatError(
        .invalidValue, "\(field) must be finite and within ±2^44 pt, not \(value)")
    }
    return Int64((value / TouchSample.locationQuantum).rounded(.toNearestOrEven))
  }

  private mutating func writeRuns(_ items: [SceneItem], _ strings: StringTable)
    throws(TraceFormatError)
  {
    let runs = items.runs()
    payload.writeVarint(UInt64(runs.count))
    for run in runs {
      payload.writeVarint(UInt64(run.count))
      try writeLength(run.item.length, "item length")
      payload.writeVarint(UInt64(strings.index(of: run.item.reuseIdentifier)))
    }
  }

  mutating func writeFinite(_ value: Double, _ field: String) throws(TraceFormatError) {
    guard value.isFinite else {
      throw TraceFormatError(.invalidValue, "\(field) must be finite, not \(value)")
    }
    payload.writeFloat64(value)
  }

  mutating func writeLength(_ value: Double, _ field: String) throws(TraceFormatError) {
    try Self.checkLength(value, field)
    payload.writeFloat64(value)
  }

  private static func checkLength(_ value: Double, _ field: String) throws(TraceFormatError) {
    guard value.isFinite, value >= 0 else {
      throw TraceFormatError(
        .invalidValue, "\(field) must be finite and not negative, not \(value)")
    }
  }

  mutating func writeSize(_ size: Size, _ field: String) throws(TraceFormatError) {
    try writeLength(size.width, "\(field) width")
    try writeLength(size.height, "\(field) height")
  }

  private mutating func writeInsets(_ insets: EdgeInsets, _ field: String) throws(TraceFormatError)
  {
    try writeFinite(insets.top, "\(field) top")
    try writeFinite(insets.left, "\(field) left")
    try writeFinite(insets.bottom, "\(field) bottom")
    try writeFinite(insets.right, "\(field) right")
  }

  private mutating func writeCount(_ value: Int, _ field: String) throws(TraceFormatError) {
    guard value >= 0, value <= Int(Int32.max) else {
      throw TraceFormatError(
        .invalidValue, "\(field) must be within 0...\(Int32.max), not \(value)")
    }
    payload.writeVarint(UInt64(value))
  }
}

/// One event's fields, delta-coded and checked, before they are laid out in a row or in columns.
struct EncodedEvent {
  /// The time delta from the previous event of the chunk, in quanta.
  var ticks: Int64
  /// The wire kind.
  var kind: UInt8
  /// A touch's fields; `nil` for other kinds, whose payload the encoder holds.
  var touch: Touch?

  /// A touch sample's wire fields.
  struct Touch {
    var phase: UInt8
    var flags: UInt8
    var touchID: UInt32
    /// The location in 1/256 pt, and its delta from the previous touch of the chunk.
    var x: Int64, y: Int64, dx: Int64, dy: Int64
    var force: Double?
    var majorRadius: Double?
  }
}

/// The reuse identifiers of one scene or edit, in order of first appearance.
private struct StringTable {
  private var strings: [String] = []
  private var indexes: [String: Int] = [:]

  mutating func add(_ items: [SceneItem]) {
    for item in items where indexes[item.reuseIdentifier] == nil {
      indexes[item.reuseIdentifier] = strings.count
      strings.append(item.reuseIdentifier)
    }
  }

  func index(of string: String) -> Int { indexes[string] ?? 0 }

  func write(to writer: inout ByteWriter) {
    writer.writeVarint(UInt64(strings.count))
    for string in strings { writer.writeString(string) }
  }
}
