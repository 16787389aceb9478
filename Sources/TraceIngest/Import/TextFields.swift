// scrolltrace — the small lexical pieces the touch-log parsers share.

/// Byte-level helpers for the line parsers: fields, hex and decimal integers, timestamps.
enum TextFields {
  /// The line split at runs of spaces and tabs, without empty fields.
  static func split(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var fields: [ArraySlice<UInt8>] = []
    var start: Int?
    for i in line.indices {
      let byte = line[i]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        if let s = start {
          fields.append(line[s..<i])
          start = nil
        }
      } else if start == nil {
        start = i
      }
    }
    if let s = start { fields.append(line[s..<line.endIndex]) }
    return fields
  }

  /// The line without leading and trailing spaces, tabs and carriage returns.
  static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var lower = line.startIndex
    var upper = line.endIndex
    while lower < upper, isBlank(line[lower]) { lower += 1 }
    while upper > lower, isBlank(line[upper - 1]) { upper -= 1 }
    return line[lower..<upper]
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// Whether `line` starts with the ASCII text `prefix`.
  static func hasPrefix(_ line: ArraySlice<UInt8>, _ prefix: String) -> Bool {
    let bytes = Array(prefix.utf8)
    guard line.count >= bytes.count else { return false }
    return line.prefix(bytes.count).elementsEqual(bytes)
  }

  /// The field as a String (lossy for invalid UTF-8), for messages and name lookups.
  static func string(_ field: ArraySlice<UInt8>) -> String {
    String(decoding: field, as: UTF8.self)
  }

  /// An unsigned hexadecimal number of 1…`maximumDigits` digits, either case.
  static func hex(_ field: ArraySlice<UInt8>, maximumDigits: Int = 8) -> UInt32? {
    guard !field.isEmpty, field.count <= maximumDigits else { return nil }
    var value: UInt32 = 0
    for byte in field {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      value = value << 4 | digit
    }
    return value
  }

  /// A decimal integer with an optional sign, leading zeros allowed ("-001"), within Int32.
  static func decimal32(_ field: ArraySlice<UInt8>) -> Int32? {
    guard let value = decimal(field), let narrow = Int32(exactly: value) else { return nil }
    return narrow
  }

  /// A decimal integer with an optional sign, within Int64.
  static func decimal(_ field: ArraySlice<UInt8>) -> Int64? {
    var digits = field
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var value: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
    }
    return negative ? -value : value
  }

  /// Seconds written "sec.fraction" (getevent's `%8ld.%06ld`, evemu's `%lu.%06u`) in nanoseconds;
  /// digits beyond nanoseconds are refused, not rounded.
  ///
  /// Nil when malformed or beyond ±292 years.
  static func seconds(_ field: ArraySlice<UInt8>) -> Int64? {
    guard let dot = field.firstIndex(of: UInt8(ascii: ".")) else {
      guard let whole = decimal(field), whole >= 0 else { return nil }
      let (ns, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
      return overflow ? nil : ns
    }
    let wholeField = field[field.startIndex..<dot]
    let fraction = field[(dot + 1)...]
    guard let whole = decimal(wholeField), whole >= 0, !fraction.isEmpty, fraction.count <= 9,
      fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let fractionValue = decimal(fraction)
    else { return nil }
    var nanoseconds = fractionValue
    for _ in fraction.count..<9 { nanoseconds *= 10 }
    let (ns, overflow1) = whole.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, overflow2) = ns.addingReportingOverflow(nanoseconds)
    return overflow1 || overflow2 ? nil : sum
  }
}
