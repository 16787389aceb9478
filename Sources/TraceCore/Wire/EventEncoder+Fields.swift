// scrolltrace — the fields of a payload, each checked against what the format can hold.

extension EventEncoder {
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

  mutating func writeRuns(_ items: [SceneItem], _ strings: StringTable)
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

  /// Item runs with estimates (format 1.4): per run, its count, length and reuse identifier as in
  /// ``writeRuns(_:_:)``, then flags (bit 0: an estimate follows) and the estimate; in
  /// ``ItemRuns/rows`` (format 1.6) bit 1 says a width divisor follows, as a varint.
  mutating func writeSizedRuns(
    _ items: [SceneItem], _ strings: StringTable, _ kind: ItemRuns = .sized
  ) throws(TraceFormatError) {
    let runs = items.runs()
    payload.writeVarint(UInt64(runs.count))
    for run in runs {
      payload.writeVarint(UInt64(run.count))
      try writeLength(run.item.length, "item length")
      payload.writeVarint(UInt64(strings.index(of: run.item.reuseIdentifier)))
      let divisor = run.item.widthDivisor
      guard divisor >= 1, divisor <= SceneItem.maximumWidthDivisor, kind == .rows || divisor == 1
      else {
        throw TraceFormatError(
          .invalidValue,
          "item width divisor must be 1 to \(SceneItem.maximumWidthDivisor), not \(divisor)")
      }
      let estimate = run.item.estimatedLength
      payload.writeUInt8((estimate == nil ? 0 : 1) | (divisor == 1 ? 0 : 2))
      if let estimate { try writeLength(estimate, "item estimated length") }
      if divisor != 1 { payload.writeVarint(UInt64(divisor)) }
    }
  }

  /// Writes `items` as the runs their ``ItemRuns`` kind stores.
  mutating func writeRuns(
    _ items: [SceneItem], _ strings: StringTable, _ kind: ItemRuns
  ) throws(TraceFormatError) {
    switch kind {
    case .plain: try writeRuns(items, strings)
    case .sized, .rows: try writeSizedRuns(items, strings, kind)
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

  static func checkLength(_ value: Double, _ field: String) throws(TraceFormatError) {
    guard value.isFinite, value >= 0 else {
      throw TraceFormatError(
        .invalidValue, "\(field) must be finite and not negative, not \(value)")
    }
  }

  mutating func writeSize(_ size: Size, _ field: String) throws(TraceFormatError) {
    try writeLength(size.width, "\(field) width")
    try writeLength(size.height, "\(field) height")
  }

  mutating func writeInsets(_ insets: EdgeInsets, _ field: String) throws(TraceFormatError) {
    try writeFinite(insets.top, "\(field) top")
    try writeFinite(insets.left, "\(field) left")
    try writeFinite(insets.bottom, "\(field) bottom")
    try writeFinite(insets.right, "\(field) right")
  }

  mutating func writeCount(_ value: Int, _ field: String) throws(TraceFormatError) {
    guard value >= 0, value <= Int(Int32.max) else {
      throw TraceFormatError(
        .invalidValue, "\(field) must be within 0...\(Int32.max), not \(value)")
    }
    payload.writeVarint(UInt64(value))
  }
}
