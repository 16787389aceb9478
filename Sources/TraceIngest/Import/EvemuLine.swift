// scrolltrace — one line of an evemu recording or device description.

/// What one line of an evemu recording (`evemu-record`) or description (`.desc`) holds.
///
/// - `E: <sec>.<usec> <type> <code> <value>`: an event, type and code in hex, the value in decimal
///   (EVEMU 1.3 zero-pads it, `0340` or `-001`, and appends `# EV_ABS / …`).
/// - `A: <code> <min> <max> <fuzz> <flat> [<resolution>]`: an axis, the code in hex.
/// - `N: <name>`: the device's name. `I:`, `P:`, `B:`, `L:`, `S:` lines describe the device in ways
///   the importer does not need.
/// - `#` comments; EVEMU 1.1 and later headers list each axis in comments
///   (`#     Event code 0 (ABS_X)`, `#       Min 0`, `#       Max 4648`), which ``EvemuHeaderReader``
///   follows.
package enum EvemuLine: Sendable, Hashable {
  /// An input event.
  case event(EvdevEvent)
  /// An absolute axis's range.
  case axis(code: UInt16, AxisRange)
  /// The device's name.
  case deviceName(String)
  /// A comment, for the header reader.
  case comment(ArraySlice<UInt8>)
  /// A line with nothing to import.
  case ignored

  /// Parses one line.
  ///
  /// - Throws: ``ImportError`` with code `malformedLine` (the caller adds the line number).
  package init(parsing line: ArraySlice<UInt8>) throws(ImportError) {
    let text = TextFields.trimmed(line)
    guard text.count >= 2 else {
      guard text.isEmpty else {
        throw ImportError(.malformedLine, "expected an evemu line such as `E: …`")
      }
      self = .ignored
      return
    }
    if text.first == UInt8(ascii: "#") {
      self = .comment(text.dropFirst())
      return
    }
    guard text[text.startIndex + 1] == UInt8(ascii: ":") else {
      throw ImportError(
        .malformedLine,
        "expected an evemu line such as `E: 0.000001 0003 0035 361`, found `\(GeteventLine.excerpt(text))`"
      )
    }
    var body = text.dropFirst(2)
    if let hash = body.firstIndex(of: UInt8(ascii: "#")) { body = body[body.startIndex..<hash] }
    let fields = TextFields.split(body)
    switch text.first {
    case UInt8(ascii: "E"):
      guard fields.count == 4 else {
        throw ImportError(
          .malformedLine, "expected `E: SECONDS TYPE CODE VALUE`, found \(fields.count) field(s)")
      }
      guard let time = TextFields.seconds(fields[0]) else {
        throw ImportError(
          .malformedLine,
          "expected a timestamp `seconds.micros`, found `\(GeteventLine.excerpt(fields[0]))`")
      }
      guard let type = TextFields.hex(fields[1], maximumDigits: 4),
        let code = TextFields.hex(fields[2], maximumDigits: 4)
      else {
        throw ImportError(
          .malformedLine,
          "expected a hex type and code, found `\(GeteventLine.excerpt(fields[1])) \(GeteventLine.excerpt(fields[2]))`"
        )
      }
      guard let value = TextFields.decimal32(fields[3]) else {
        throw ImportError(
          .malformedLine, "expected a decimal value, found `\(GeteventLine.excerpt(fields[3]))`")
      }
      self = .event(EvdevEvent(time: time, type: UInt16(type), code: UInt16(code), value: value))
    case UInt8(ascii: "A"):
      guard fields.count >= 3, let code = TextFields.hex(fields[0], maximumDigits: 4),
        let minimum = TextFields.decimal32(fields[1]), let maximum = TextFields.decimal32(fields[2])
      else {
        throw ImportError(.malformedLine, "expected `A: CODE MIN MAX FUZZ FLAT [RESOLUTION]`")
      }
      let resolution = fields.count >= 6 ? TextFields.decimal32(fields[5]) ?? 0 : 0
      self =
        minimum < maximum
        ? .axis(
          code: UInt16(code), AxisRange(minimum: minimum, maximum: maximum, resolution: resolution))
        : .ignored
    case UInt8(ascii: "N"):
      self = .deviceName(TextFields.string(TextFields.trimmed(body)))
    case UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"), UInt8(ascii: "L"),
      UInt8(ascii: "S"):
      self = .ignored
    default:
      throw ImportError(
        .malformedLine, "unknown evemu line kind `\(GeteventLine.excerpt(text.prefix(2)))`")
    }
  }
}

/// Follows the axis list that EVEMU 1.1+ headers write as comments:
/// `#   Event type 3 (EV_ABS)`, `#     Event code 53 (ABS_MT_POSITION_X)`, `#       Min 0`,
/// `#       Max 799`, and the device's name (`# Input device name: "…"`).
package struct EvemuHeaderReader: Sendable {
  private var type: UInt16?
  private var code: UInt16?
  private var minimum: Int32?

  /// Creates a reader at the start of a header.
  package init() {}

  /// What the comment adds: an axis range, a device name, or nothing.
  package mutating func read(_ comment: ArraySlice<UInt8>) -> EvemuLine? {
    let fields = TextFields.split(comment)
    guard let first = fields.first else { return nil }
    let word = TextFields.string(first)
    if word == "Input", fields.count >= 4, TextFields.string(fields[1]) == "device",
      TextFields.string(fields[2]) == "name:"
    {
      let start = fields[3].startIndex
      var name = TextFields.trimmed(comment[start...])
      if name.count >= 2, name.first == UInt8(ascii: "\""), name.last == UInt8(ascii: "\"") {
        name = name.dropFirst().dropLast()
      }
      return .deviceName(TextFields.string(name))
    }
    guard fields.count >= 3 || word == "Min" || word == "Max" else { return nil }
    switch word {
    case "Event" where fields.count >= 3 && TextFields.string(fields[1]) == "type":
      type = TextFields.decimal(fields[2]).flatMap { UInt16(exactly: $0) }
      code = nil
    case "Event" where fields.count >= 3 && TextFields.string(fields[1]) == "code":
      code = TextFields.decimal(fields[2]).flatMap { UInt16(exactly: $0) }
      minimum = nil
    case "Min" where fields.count >= 2:
      minimum = TextFields.decimal32(fields[1])
    case "Max" where fields.count >= 2:
      guard type == EvdevCode.absolute, let code, let minimum,
        let maximum = TextFields.decimal32(fields[1]),
        minimum < maximum
      else { return nil }
      return .axis(code: code, AxisRange(minimum: minimum, maximum: maximum))
    default:
      break
    }
    return nil
  }
}
