// scrolltrace — one line of Android's `getevent` output.

/// What one line of `getevent` output holds.
///
/// The format is that of AOSP `toolbox/getevent.c` (aosp-mirror/platform_system_core commit f6d0f8af):
/// - `-t` prefixes `[%8ld.%06ld] ` (CLOCK_MONOTONIC seconds and microseconds);
/// - `/dev/input/eventN: ` follows only when getevent watched every device;
/// - the body is `%04x %04x %08x` (type, code, value in hex), or with `-l` the type and code names
///   and the value as hex or a name (`DOWN`, `UP`);
/// - `-p` prints each device (`add device 1: /dev/input/event2`, `name: "…"`) and its axes
///   (`ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`).
///
/// Real dumps end lines in spaces and CRLF and sometimes write hex in upper case; all are accepted.
package enum GeteventLine: Sendable, Hashable {
  /// An input event, with the device path when the line names one.
  case event(EvdevEvent, device: String?)
  /// `add device N: PATH` from `getevent -p`: the axes that follow belong to `PATH`.
  case addDevice(String)
  /// `name: "…"` from `getevent -p`.
  case deviceName(String)
  /// An absolute axis's range from `getevent -p`.
  case axis(code: UInt16, AxisRange)
  /// A line with nothing to import: blank, or a part of `getevent -p` output the importer does not use.
  case ignored

  /// Parses one line.
  ///
  /// - Throws: ``ImportError`` with code `malformedLine` (without a line number; the caller adds it).
  package init(parsing line: ArraySlice<UInt8>) throws(ImportError) {
    let text = TextFields.trimmed(line)
    guard let first = text.first else {
      self = .ignored
      return
    }
    if first == UInt8(ascii: "[") {
      self = try Self.event(text)
    } else if TextFields.hasPrefix(text, "add device") {
      let fields = TextFields.split(text)
      guard let path = fields.last, fields.count >= 4 else {
        throw ImportError(.malformedLine, "expected `add device N: PATH`")
      }
      self = .addDevice(TextFields.string(path))
    } else if TextFields.hasPrefix(text, "name:") {
      let name = TextFields.trimmed(text.dropFirst(5))
      let unquoted =
        name.count >= 2 && name.first == UInt8(ascii: "\"") && name.last == UInt8(ascii: "\"")
        ? name.dropFirst().dropLast() : name
      self = .deviceName(TextFields.string(unquoted))
    } else if let axis = Self.axis(text) {
      self = axis
    } else if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t")
      || TextFields.hasPrefix(text, "could not") || TextFields.hasPrefix(text, "events:")
      || TextFields.hasPrefix(text, "input props:")
    {
      self = .ignored
    } else if Self.looksLikeUntimedEvent(text) {
      throw ImportError(
        .malformedLine, "an event without a timestamp; record with `getevent -lt` or `getevent -t`")
    } else {
      throw ImportError(
        .malformedLine, "expected `[seconds.micros] TYPE CODE VALUE`, found `\(Self.excerpt(text))`"
      )
    }
  }

  /// `[ sec.usec] [device: ]TYPE CODE VALUE`.
  private static func event(_ text: ArraySlice<UInt8>) throws(ImportError) -> GeteventLine {
    guard let close = text.firstIndex(of: UInt8(ascii: "]")) else {
      throw ImportError(.malformedLine, "a timestamp without its closing `]`")
    }
    let stamp = TextFields.trimmed(text[(text.startIndex + 1)..<close])
    guard let time = TextFields.seconds(stamp) else {
      throw ImportError(
        .malformedLine, "expected a timestamp `seconds.micros`, found `\(excerpt(stamp))`")
    }
    var fields = TextFields.split(text[(close + 1)...])
    var device: String?
    if let first = fields.first, first.last == UInt8(ascii: ":") {
      device = TextFields.string(first.dropLast())
      fields.removeFirst()
    }
    guard fields.count == 3 else {
      throw ImportError(
        .malformedLine,
        "expected TYPE CODE VALUE after the timestamp, found \(fields.count) field(s)")
    }
    guard let type = typeCode(fields[0]) else {
      throw ImportError(.malformedLine, "unknown event type `\(excerpt(fields[0]))`")
    }
    // Codes and values getevent names but the importer does not read become 0xffff / 0: ignored.
    let code = eventCode(fields[1], type: type) ?? 0xffff
    let value: Int32
    if let hex = TextFields.hex(fields[2]) {
      value = Int32(bitPattern: hex)
    } else if let named = EvdevCode.keyValueNames[TextFields.string(fields[2])],
      type == EvdevCode.key
    {
      value = named
    } else if fields[2].allSatisfy({
      $0 == UInt8(ascii: "_") || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
    }) {
      value = 0
    } else {
      throw ImportError(.malformedLine, "expected a hex value, found `\(excerpt(fields[2]))`")
    }
    return .event(EvdevEvent(time: time, type: type, code: code, value: value), device: device)
  }

  /// A type given as a name (`EV_ABS`) or four hex digits.
  private static func typeCode(_ field: ArraySlice<UInt8>) -> UInt16? {
    if let named = EvdevCode.typeNames[TextFields.string(field)] { return named }
    return TextFields.hex(field, maximumDigits: 4).map { UInt16($0) }
  }

  /// A code given as a name known for `type` or four hex digits; nil for a name the importer does not know.
  private static func eventCode(_ field: ArraySlice<UInt8>, type: UInt16) -> UInt16? {
    if let named = EvdevCode.codeNames[type]?[TextFields.string(field)] { return named }
    return TextFields.hex(field, maximumDigits: 4).map { UInt16($0) }
  }

  /// `[ABS (0003):] CODE : value V, min A, max B, fuzz F, flat L, resolution R`.
  private static func axis(_ text: ArraySlice<UInt8>) -> GeteventLine? {
    let fields = TextFields.split(text)
    guard let valueIndex = fields.firstIndex(where: { TextFields.string($0) == "value" }),
      valueIndex >= 1
    else {
      return nil
    }
    let codeField: ArraySlice<UInt8>
    if TextFields.string(fields[valueIndex - 1]) == ":", valueIndex >= 2 {
      codeField = fields[valueIndex - 2]
    } else if fields[valueIndex - 1].last == UInt8(ascii: ":") {
      codeField = fields[valueIndex - 1].dropLast()
    } else {
      return nil
    }
    let code =
      EvdevCode.codeNames[EvdevCode.absolute]?[TextFields.string(codeField)]
      ?? TextFields.hex(codeField, maximumDigits: 4).map { UInt16($0) }
    func number(after name: String) -> Int32? {
      guard let i = fields.firstIndex(where: { TextFields.string($0) == name }),
        i + 1 < fields.count
      else { return nil }
      var field = fields[i + 1]
      if field.last == UInt8(ascii: ",") { field = field.dropLast() }
      return TextFields.decimal32(field)
    }
    guard let code, let minimum = number(after: "min"), let maximum = number(after: "max"),
      minimum < maximum
    else {
      return .ignored
    }
    return .axis(
      code: code,
      AxisRange(minimum: minimum, maximum: maximum, resolution: number(after: "resolution") ?? 0))
  }

  /// Whether an untimestamped line has the shape of an event (`getevent` run without `-t`).
  private static func looksLikeUntimedEvent(_ text: ArraySlice<UInt8>) -> Bool {
    var fields = TextFields.split(text)
    if let first = fields.first, first.last == UInt8(ascii: ":") { fields.removeFirst() }
    guard fields.count == 3 else { return false }
    return typeCode(fields[0]) != nil
  }

  /// At most 60 characters of a field, for a message.
  static func excerpt(_ field: ArraySlice<UInt8>) -> String {
    let text = TextFields.string(field.prefix(60))
    return field.count > 60 ? text + "…" : text
  }
}
