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

  var previousTimestamp: Int64 { state.previousTimestamp }
  var previousX: Int64 { state.previousX }
  var previousY: Int64 { state.previousY }

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
  mutating func fields(of event: TraceEvent) throws(TraceFormatError) -> EncodedEvent {
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
    case .keyboard(let keyboard):
      try encodeKeyboard(keyboard)
    case .scroll(let scroll):
      try encodeScroll(scroll)
    case .unknown(let kind, let bytes):
      guard !EventKind.known.contains(EventKind(rawValue: kind)) else {
        throw TraceFormatError(.invalidValue, "unknown event uses the known kind \(kind)")
      }
      payload.writeBytes(bytes)
    }
    return EncodedEvent(ticks: delta / quantum, kind: event.kind.rawValue, touch: touchFields)
  }

  /// Moves the delta state past an encoded event.
  mutating func commit(_ fields: EncodedEvent, _ timestamp: Int64) {
    state.previousTimestamp = timestamp
    if let touch = fields.touch {
      state.previousX = touch.x
      state.previousY = touch.y
    }
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
struct StringTable {
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
