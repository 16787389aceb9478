// scrolltrace — the header frame (docs/trace-format.md, "Header frame").

/// Encodes and decodes the content of the header's skippable frame: "SCTR", the version, tagged
/// fields, and a CRC-32 of all of it.
enum HeaderCodec {
  private enum Tag: UInt64 {
    case deviceName = 1
    case screenSize
    case scale
    case refreshRate
    case touchSampleRate
    case clock
    case creationTime
    case metadata
    case timestampQuantum
  }

  /// The header's frame content, canonical: fields in tag order, metadata sorted by key.
  static func encode(_ header: TraceHeader) throws(TraceFormatError) -> [UInt8] {
    try validate(header)
    var out = ByteWriter(capacity: 256)
    out.writeBytes(WireLayout.headerMagic)
    out.writeUInt16(header.version.major)
    out.writeUInt16(header.version.minor)
    func field(_ tag: Tag, _ body: (inout ByteWriter) -> Void) {
      var value = ByteWriter()
      body(&value)
      out.writeVarint(tag.rawValue)
      out.writeVarint(UInt64(value.count))
      out.writeBytes(value.bytes)
    }
    let device = header.device
    field(.deviceName) { $0.writeBytes(device.name.utf8) }
    field(.screenSize) {
      $0.writeFloat64(device.screenSize.width)
      $0.writeFloat64(device.screenSize.height)
    }
    field(.scale) { $0.writeFloat64(device.scale) }
    field(.refreshRate) { $0.writeFloat64(device.refreshRate) }
    field(.touchSampleRate) { $0.writeFloat64(device.touchSampleRate) }
    field(.clock) { $0.writeBytes(header.clock.rawValue.utf8) }
    field(.creationTime) { $0.writeInt64(header.creationTime) }
    if header.timestampQuantum != 1 {
      field(.timestampQuantum) { $0.writeVarint(UInt64(header.timestampQuantum)) }
    }
    for key in header.metadata.keys.sorted() {
      field(.metadata) {
        $0.writeString(key)
        $0.writeString(header.metadata[key] ?? "")
      }
    }
    out.writeUInt32(CRC32.checksum(out.bytes))
    return out.bytes
  }

  /// Decodes a header frame's content.
  ///
  /// - Throws: `malformedHeader` for a damaged frame (wrong CRC, bad field), `badMagic` when the
  ///   content is not a scrolltrace header, `unsupportedVersion` for a newer major version.
  static func decode(_ content: [UInt8]) throws(TraceFormatError) -> TraceHeader {
    guard content.count >= 12, Array(content[0..<4]) == WireLayout.headerMagic else {
      throw TraceFormatError(.badMagic, "the first frame is not a scrolltrace header (no \"SCTR\")")
    }
    let body = content[0..<(content.count - 4)]
    let stored = content[(content.count - 4)...].reversed().reduce(UInt32(0)) {
      $0 << 8 | UInt32($1)
    }
    guard CRC32.checksum(body) == stored else {
      throw TraceFormatError(.malformedHeader, "header checksum mismatch: the header is damaged")
    }
    return try content.withBytes { raw throws(TraceFormatError) -> TraceHeader in
      var reader = ByteReader(UnsafeRawBufferPointer(rebasing: raw[4..<(raw.count - 4)]))
      guard let major = reader.readUInt16(), let minor = reader.readUInt16() else {
        throw TraceFormatError(.malformedHeader, "header version is missing")
      }
      let version = FormatVersion(major: major, minor: minor)
      guard major <= FormatVersion.current.major else {
        throw TraceFormatError(
          .unsupportedVersion,
          "format version \(version) is newer than this reader (\(FormatVersion.current)); update scrolltrace"
        )
      }
      var device = DeviceInfo(
        name: "", screenSize: .zero, scale: 1, refreshRate: 0, touchSampleRate: 0)
      var clock = TraceClock.monotonic
      var creationTime: Int64 = 0
      var metadata: [String: String] = [:]
      var quantum: Int64 = 1
      var sawRefreshRate = false
      while !reader.isAtEnd {
        guard let tag = reader.readVarint(), let length = reader.readVarint(),
          let count = Int(exactly: length), var value = reader.readSlice(count)
        else {
          throw TraceFormatError(.malformedHeader, "header field runs past the end of the frame")
        }
        func string() throws(TraceFormatError) -> String {
          guard let bytes = value.readBytes(value.remaining),
            let text = String(utf8Validating: bytes)
          else {
            throw TraceFormatError(.malformedHeader, "header field \(tag) is not valid UTF-8")
          }
          return text
        }
        func double() throws(TraceFormatError) -> Double {
          guard let number = value.readFloat64() else {
            throw TraceFormatError(.malformedHeader, "header field \(tag) is too short")
          }
          return number
        }
        switch Tag(rawValue: tag) {
        case .deviceName: device.name = try string()
        case .screenSize: device.screenSize = Size(width: try double(), height: try double())
        case .scale: device.scale = try double()
        case .refreshRate:
          device.refreshRate = try double()
          sawRefreshRate = true
        case .touchSampleRate: device.touchSampleRate = try double()
        case .clock: clock = TraceClock(rawValue: try string())
        case .creationTime:
          guard let time = value.readInt64() else {
            throw TraceFormatError(.malformedHeader, "header creation time is too short")
          }
          creationTime = time
        case .metadata:
          guard let keyLength = value.readVarint(),
            let key = value.readBytes(Int(clamping: keyLength)),
            let valueLength = value.readVarint(),
            let text = value.readBytes(Int(clamping: valueLength)),
            let keyString = String(utf8Validating: key),
            let valueString = String(utf8Validating: text)
          else { throw TraceFormatError(.malformedHeader, "header metadata entry is malformed") }
          metadata[keyString] = valueString
        case .timestampQuantum:
          guard let raw = value.readVarint(), let ticks = Int64(exactly: raw) else {
            throw TraceFormatError(.malformedHeader, "header timestamp quantum is malformed")
          }
          quantum = ticks
        case nil:
          break  // A field from a later minor version: skipped.
        }
      }
      guard sawRefreshRate else {
        throw TraceFormatError(.malformedHeader, "header has no refresh rate")
      }
      let header = TraceHeader(
        version: version, device: device, clock: clock, creationTime: creationTime,
        metadata: metadata, timestampQuantum: quantum)
      do throws(TraceFormatError) {
        try validate(header)
      } catch {
        throw TraceFormatError(.malformedHeader, error.reason)
      }
      return header
    }
  }

  /// Checks the values a replay depends on.
  static func validate(_ header: TraceHeader) throws(TraceFormatError) {
    // The ranges synth enforces too (DeviceInfo's), so that no header value reaches unchecked
    // arithmetic in the replay.
    if let problem = header.device.problem {
      throw TraceFormatError(.invalidValue, "device.\(problem.field) \(problem.reason)")
    }
    guard header.timestampQuantum >= 1, header.timestampQuantum <= 1_000_000_000 else {
      throw TraceFormatError(
        .invalidValue,
        "timestamp quantum must be within 1...1000000000 ns, not \(header.timestampQuantum)")
    }
  }
}
