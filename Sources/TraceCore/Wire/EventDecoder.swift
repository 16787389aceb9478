// scrolltrace — decoding one event (docs/trace-format.md, "Events").

/// Decodes events, undoing the delta coding of `EventEncoder`.
///
/// Call `reset()` at every chunk start.
///
/// A decoder reads the fields it knows and ignores trailing payload bytes, which later minor
/// versions may append; unknown kinds come back as `.unknown`.
struct EventDecoder {
  var limits: DecodeLimits
  /// The header's timestamp quantum, in nanoseconds.
  var quantum: Int64 = 1
  /// The previous event's timestamp, in nanoseconds: what the next one's delta is from.
  private(set) var previousTimestamp: Int64 = 0
  /// The previous touch's location, in 1/256 pt: what the next one's deltas are from.
  private(set) var previousX: Int64 = 0
  private(set) var previousY: Int64 = 0

  init(limits: DecodeLimits) { self.limits = limits }

  /// Forgets the delta state, at a chunk start.
  mutating func reset() {
    previousTimestamp = 0
    previousX = 0
    previousY = 0
  }

  /// Decodes the event at the reader's position and appends it to `events`: built in place, where
  /// returning it would copy it (an outlined value-witness call).
  ///
  /// Returns its kind and timestamp.
  ///
  /// - Throws: `malformedEvent` (or `limitExceeded`) with a reason naming the field; the reason
  ///   gives the position within the chunk's decompressed bytes. Nothing is appended then.
  @discardableResult
  mutating func decode(_ reader: inout ByteReader, appendingTo events: inout EventBatch)
    throws(TraceFormatError) -> (kind: EventKind, timestamp: Int64)
  {
    let start = reader.position
    guard let ticks = reader.readSignedVarint(), let kindByte = reader.readUInt8(),
      let length = reader.readVarint()
    else { throw malformed("incomplete event header", at: start) }
    guard let payloadLength = Int(exactly: length), var body = reader.readSlice(payloadLength)
    else {
      throw malformed("payload of \(length) bytes runs past the end of the chunk", at: start)
    }
    let kind = EventKind(rawValue: kindByte)
    do throws(FieldError) {
      let timestamp = try timestamp(after: ticks)
      if kind == .touch {
        // Touch events, nearly all of a trace, are built without an `EventPayload`.
        let sample = try touch(
          phase: body.readUInt8(), flags: body.readUInt8(), id: body.readVarint(),
          dx: body.readSignedVarint(),
          dy: body.readSignedVarint(), extras: &body)
        events.append(timestamp: timestamp, touch: sample)
      } else {
        events.append(
          TraceEvent(timestamp: timestamp, try payload(kindByte, at: timestamp, &body)))
      }
      previousTimestamp = timestamp
      return (kind, timestamp)
    } catch {
      throw malformed(
        error.message(kind), at: "event at byte \(start) of the decompressed chunk",
        code: error.code)
    }
  }

  private func malformed(_ message: String, at position: Int) -> TraceFormatError {
    malformed(message, at: "event at byte \(position) of the decompressed chunk")
  }

  func malformed(
    _ message: String, at place: String, code: TraceFormatError.Code = .malformedEvent
  ) -> TraceFormatError {
    TraceFormatError(code, "\(message) (\(place))")
  }

  /// The timestamp `ticks` quanta after the previous event's, in nanoseconds.
  @inline(__always)
  func timestamp(after ticks: Int64) throws(FieldError) -> Int64 {
    guard let timestamp = Self.timestamp(ticks, quanta: quantum, after: previousTimestamp) else {
      throw FieldError("timestamp overflows 64 bits", inHeader: true)
    }
    return timestamp
  }

  /// The timestamp `ticks` quanta of `quantum` nanoseconds after `previous`; `nil` on overflow.
  @inline(__always)
  static func timestamp(_ ticks: Int64, quanta quantum: Int64, after previous: Int64) -> Int64? {
    let (delta, overflowDelta) = ticks.multipliedReportingOverflow(by: quantum)
    let (timestamp, overflow) = previous.addingReportingOverflow(delta)
    return overflow || overflowDelta ? nil : timestamp
  }

  /// Moves the delta state past an event decoded with ``timestamp(after:)``.
  @inline(__always)
  mutating func advance(to timestamp: Int64) { previousTimestamp = timestamp }

  /// Moves the delta state past a run of touches decoded together: the last one's timestamp and
  /// location.
  @inline(__always)
  mutating func advance(to timestamp: Int64, x: Int64, y: Int64) {
    previousTimestamp = timestamp
    previousX = x
    previousY = y
  }

  /// The payload of an event at `timestamp` (nanoseconds) that is not a touch, from its body.
  func payload(_ kindByte: UInt8, at timestamp: Int64, _ body: inout ByteReader) throws(FieldError)
    -> EventPayload
  {
    switch EventKind(rawValue: kindByte) {
    case .viewport: return .viewport(try decodeViewport(&body))
    case .content: return .content(try decodeContent(&body))
    case .scene: return .scene(try decodeScene(&body))
    case .sceneEdit: return .sceneEdit(try decodeSceneEdit(&body))
    case .programmaticScroll: return .programmaticScroll(try decodeProgrammaticScroll(&body))
    case .frameTick: return .frameTick
    case .observedFrame: return .observedFrame(try decodeObservedFrame(&body, at: timestamp))
    case .marker:
      guard let bytes = body.readBytes(body.remaining),
        let text = String(utf8Validating: bytes)
      else { throw FieldError("marker text is not valid UTF-8") }
      return .marker(text)
    case .touch:
      throw FieldError("a touch has no payload here")  // The callers read touches themselves.
    default:
      return .unknown(kind: kindByte, payload: body.readBytes(body.remaining) ?? [])
    }
  }

  // MARK: - Payloads

  /// The largest location magnitude on the wire, in location quanta (±2^44 pt at 1/256 pt).
  private static let locationLimit: UInt64 = 1 << 52

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
    Point(x: Double(x) / 256, y: Double(y) / 256)
  }

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

  private func decodeViewport(_ body: inout ByteReader) throws(FieldError) -> ViewportChange {
    let size = try readSize(&body, "size")
    let insets = try readInsets(&body, "safeAreaInsets")
    let duration = try read(body.readVarint(), "transitionDuration")
    guard let nanoseconds = Int64(exactly: duration) else {
      throw FieldError("transitionDuration \(duration) exceeds Int64")
    }
    return ViewportChange(size: size, safeAreaInsets: insets, transitionDuration: nanoseconds)
  }

  private func decodeContent(_ body: inout ByteReader) throws(FieldError) -> ContentGeometry {
    let size = try readSize(&body, "contentSize")
    let insets = try readInsets(&body, "contentInset")
    let raw = try read(body.readUInt8(), "adjustmentBehavior")
    guard let behavior = ContentInsetAdjustmentBehavior(rawValue: raw) else {
      throw FieldError("unknown adjustmentBehavior \(raw)")
    }
    return ContentGeometry(contentSize: size, contentInset: insets, adjustmentBehavior: behavior)
  }

  private func decodeScene(_ body: inout ByteReader) throws(FieldError) -> Scene {
    let layoutKind = try read(body.readUInt8(), "layout")
    let axisByte = try read(body.readUInt8(), "axis")
    guard let axis = Axis(rawValue: axisByte) else { throw FieldError("unknown axis \(axisByte)") }
    switch layoutKind {
    case 0:
      return Scene(axis: axis, layout: .pages(count: try readCount(&body, "page count")))
    case 1:
      let strings = try readStrings(&body)
      var budget = limits.maximumSceneItems
      return Scene(axis: axis, layout: .list(try readRuns(&body, strings, &budget)))
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
        case 1:
          let inset = try readInsets(&body, "child \(index) contentInset")
          let items = try readRuns(&body, strings, &budget)
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

  private func decodeSceneEdit(_ body: inout ByteReader) throws(FieldError) -> SceneEdit {
    let op = try read(body.readUInt8(), "operation")
    let section = try readCount(&body, "section")
    switch op {
    case 0:
      let index = try readCount(&body, "index")
      let strings = try readStrings(&body)
      var budget = limits.maximumSceneItems
      return .insert(section: section, index: index, items: try readRuns(&body, strings, &budget))
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
    default:
      throw FieldError("unknown edit operation \(op)")
    }
  }

  private func decodeProgrammaticScroll(_ body: inout ByteReader) throws(FieldError)
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

  // MARK: - Fields

  func read<T>(_ value: T?, _ field: String) throws(FieldError) -> T {
    guard let value else { throw FieldError("\(field) is missing or malformed") }
    return value
  }

  func readFinite(_ body: inout ByteReader, _ field: String) throws(FieldError) -> Double {
    try finite(read(body.readFloat64(), field), field)
  }

  func readLength(_ body: inout ByteReader, _ field: String) throws(FieldError) -> Double {
    try length(read(body.readFloat64(), field), field)
  }

  func finite(_ value: Double, _ field: String) throws(FieldError) -> Double {
    guard value.isFinite else { throw FieldError("\(field) is not finite (\(value))") }
    return value
  }

  func length(_ value: Double, _ field: String) throws(FieldError) -> Double {
    let value = try finite(value, field)
    guard Self.isLength(value) else { throw FieldError("\(field) is negative (\(value))") }
    return value
  }

  private func readSize(_ body: inout ByteReader, _ field: String) throws(FieldError) -> Size {
    Size(
      width: try readLength(&body, "\(field) width"),
      height: try readLength(&body, "\(field) height"))
  }

  private func readInsets(_ body: inout ByteReader, _ field: String) throws(FieldError)
    -> EdgeInsets
  {
    EdgeInsets(
      top: try readFinite(&body, "\(field) top"), left: try readFinite(&body, "\(field) left"),
      bottom: try readFinite(&body, "\(field) bottom"),
      right: try readFinite(&body, "\(field) right"))
  }

  private func readCount(_ body: inout ByteReader, _ field: String) throws(FieldError) -> Int {
    let raw = try read(body.readVarint(), field)
    guard raw <= UInt64(Int32.max) else { throw FieldError("\(field) \(raw) exceeds \(Int32.max)") }
    return Int(raw)
  }

  private func readStrings(_ body: inout ByteReader) throws(FieldError) -> [String] {
    let count = try readCount(&body, "string count")
    guard count <= body.remaining else {
      throw FieldError("string count \(count) exceeds the payload")
    }
    var strings: [String] = []
    strings.reserveCapacity(count)
    for index in 0..<count {
      let length = try readCount(&body, "string \(index) length")
      guard let bytes = body.readBytes(length),
        let string = String(utf8Validating: bytes)
      else { throw FieldError("string \(index) is truncated or not valid UTF-8") }
      strings.append(string)
    }
    return strings
  }

  private func readRuns(_ body: inout ByteReader, _ strings: [String], _ budget: inout Int)
    throws(FieldError) -> [SceneItem]
  {
    let runCount = try readCount(&body, "run count")
    guard runCount <= body.remaining else {
      throw FieldError("run count \(runCount) exceeds the payload")
    }
    var items: [SceneItem] = []
    for run in 0..<runCount {
      let repeatCount = try readCount(&body, "run \(run) count")
      guard repeatCount >= 1 else { throw FieldError("run \(run) is empty") }
      guard repeatCount <= budget else {
        throw FieldError("more than \(limits.maximumSceneItems) items", .limitExceeded)
      }
      budget -= repeatCount
      let length = try readLength(&body, "run \(run) length")
      let stringIndex = try readCount(&body, "run \(run) reuse identifier")
      guard stringIndex < strings.count else {
        throw FieldError("run \(run) names reuse identifier \(stringIndex) of \(strings.count)")
      }
      items.append(
        contentsOf: repeatElement(
          SceneItem(length: length, reuseIdentifier: strings[stringIndex]), count: repeatCount))
    }
    return items
  }
}

/// A problem with one field of an event; `EventDecoder` turns it into a `TraceFormatError`.
struct FieldError: Error {
  var reason: String
  var code: TraceFormatError.Code
  /// Whether the field belongs to the event's header (time, kind, length), not to its payload.
  var inHeader = false

  init(_ reason: String, _ code: TraceFormatError.Code = .malformedEvent, inHeader: Bool = false) {
    self.reason = reason
    self.code = code
    self.inHeader = inHeader
  }

  /// The sentence of the error, naming the kind of event for a payload's field.
  func message(_ kind: EventKind) -> String { inHeader ? reason : "\(kind) event: \(reason)" }
}
