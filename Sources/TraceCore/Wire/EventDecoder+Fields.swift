// scrolltrace — the fields of a payload, each read with its bound checked, and what a bad one says.

extension EventDecoder {
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

  func readSize(_ body: inout ByteReader, _ field: String) throws(FieldError) -> Size {
    Size(
      width: try readLength(&body, "\(field) width"),
      height: try readLength(&body, "\(field) height"))
  }

  func readInsets(_ body: inout ByteReader, _ field: String) throws(FieldError)
    -> EdgeInsets
  {
    EdgeInsets(
      top: try readFinite(&body, "\(field) top"), left: try readFinite(&body, "\(field) left"),
      bottom: try readFinite(&body, "\(field) bottom"),
      right: try readFinite(&body, "\(field) right"))
  }

  func readCount(_ body: inout ByteReader, _ field: String) throws(FieldError) -> Int {
    let raw = try read(body.readVarint(), field)
    guard raw <= UInt64(Int32.max) else { throw FieldError("\(field) \(raw) exceeds \(Int32.max)") }
    return Int(raw)
  }

  func readStrings(_ body: inout ByteReader) throws(FieldError) -> [String] {
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

  /// Item runs of `kind`: format 1.4's each with flags and an estimate when flagged, 1.6's with a
  /// width divisor when flagged.
  func readRuns(
    _ body: inout ByteReader, _ strings: [String], _ budget: inout Int, _ kind: ItemRuns = .plain
  ) throws(FieldError) -> [SceneItem] {
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
      var estimate: Double?
      var divisor = 1
      if kind != .plain {
        let flags = try read(body.readUInt8(), "run \(run) flags")
        // 1.4's runs ignore later bits, as before; 1.6's refuse them, since a later bit may bring
        // bytes this reader would misread as the next run.
        guard kind == .sized || flags & ~kind.knownFlags == 0 else {
          throw FieldError("run \(run) has unknown flags \(flags)")
        }
        if flags & 1 != 0 { estimate = try readLength(&body, "run \(run) estimated length") }
        if kind == .rows, flags & 2 != 0 {
          let raw = try read(body.readVarint(), "run \(run) width divisor")
          guard raw >= 2, raw <= UInt64(SceneItem.maximumWidthDivisor) else {
            throw FieldError(
              "run \(run) width divisor \(raw) is not 2 to \(SceneItem.maximumWidthDivisor)")
          }
          divisor = Int(raw)
        }
      }
      items.append(
        contentsOf: repeatElement(
          SceneItem(
            length: length, reuseIdentifier: strings[stringIndex], estimatedLength: estimate,
            widthDivisor: divisor),
          count: repeatCount))
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
