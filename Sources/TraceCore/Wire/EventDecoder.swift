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
  var previousX: Int64 = 0
  var previousY: Int64 = 0

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

  func malformed(_ message: String, at position: Int) -> TraceFormatError {
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
    case .keyboard: return .keyboard(try decodeKeyboard(&body))
    case .scroll: return .scroll(try decodeScroll(&body))
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
}
