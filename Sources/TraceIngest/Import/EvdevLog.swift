// scrolltrace — getevent and evemu logs: lines to input events to touches.

/// A getevent or evemu log being read: the device it follows, the axes it learnt, the decoder.
struct EvdevLog {
  let path: String
  let format: TouchLogFormat
  let options: ImportOptions
  var decoder = ContactDecoder()
  /// Events of devices other than the one imported.
  var otherDeviceEvents = 0

  /// The most events one device may send before its `SYN_REPORT`.
  static let maximumFrameEvents = 100_000

  private var reader: LineReader
  private var axes: [String: [UInt16: AxisRange]] = [:]
  private var axisSource: [String: String] = [:]
  private var names: [String: String] = [:]
  private var currentDevice = ""
  private var header = EvemuHeaderReader()
  private var pendingFrames: [String: [EvdevEvent]] = [:]
  private var chosenDevice: String?
  private var lastTime: Int64 = .min
  private var touches: [RawTouch] = []
  private var mapping: DigitizerMapping?

  init(path: String, format: TouchLogFormat, options: ImportOptions) throws(ImportError) {
    self.path = path
    self.format = format
    self.options = options
    reader = try LineReader(path: path)
    chosenDevice = options.device
    if format == .evemu { try readDescription() }
  }

  /// evemu: the axes and name of the `.desc` given, or of the one beside the recording.
  private mutating func readDescription() throws(ImportError) {
    let descPath: String
    if let given = options.descriptionPath {
      descPath = given
    } else if let found = Self.siblingDescription(of: path) {
      descPath = found
    } else {
      return
    }
    let desc = try LineReader(path: descPath)
    var descHeader = EvemuHeaderReader()
    while let line = try desc.next() {
      let parsed: EvemuLine
      do {
        parsed = try EvemuLine(parsing: line)
      } catch {
        var located = error
        located.line = desc.lineNumber
        located.path = descPath
        throw located
      }
      learn(parsed, header: &descHeader, source: "desc \(TouchSink.baseName(descPath))")
    }
  }

  /// The `.desc` beside `path` whose name, without `.desc`, is the longest prefix of the
  /// recording's name ending before a dot: `Atmel maXTouch Touchscreen.desc` for
  /// `Atmel maXTouch Touchscreen.1-finger-drag-up-down.events`.
  static func siblingDescription(of path: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var candidates: [String] = []
    var index = name.endIndex
    while let dot = name[..<index].lastIndex(of: ".") {
      candidates.append(String(name[..<dot]))
      index = dot
    }
    for stem in candidates where !stem.isEmpty {
      let candidate = directory + stem + ".desc"
      if FileProbe.isReadableFile(candidate) { return candidate }
    }
    return nil
  }

  /// Records an axis or a name from a header or description line.
  private mutating func learn(_ line: EvemuLine, header: inout EvemuHeaderReader, source: String) {
    switch line {
    case .axis(let code, let range):
      axes["", default: [:]][code] = range
      axisSource[""] = source
    case .deviceName(let name):
      names[""] = name
    case .comment(let text):
      if let learnt = header.read(text) { learn(learnt, header: &header, source: source) }
    case .event, .ignored:
      break
    }
  }

  /// Reads every line, feeding the chosen device's frames to the decoder and the touches to `sink`.
  mutating func read(into sink: inout TouchSink) throws {
    while let line = try reader.next() {
      let number = reader.lineNumber
      do {
        try consume(line)
      } catch {
        try sink.skip(error, line: number)
        continue
      }
      guard !touches.isEmpty else { continue }
      let mapping = try self.mapping ?? startMapping(sink: &sink, line: number)
      for touch in touches {
        try sink.touch(
          TouchSample(
            touchID: touch.contact, phase: touch.phase,
            location: mapping.location(x: touch.x, y: touch.y)),
          at: touch.time)
      }
      touches.removeAll(keepingCapacity: true)
    }
  }

  private mutating func consume(_ line: ArraySlice<UInt8>) throws(ImportError) {
    switch format {
    case .getevent:
      switch try GeteventLine(parsing: line) {
      case .event(let event, let device):
        try accept(event, device: device ?? "")
      case .addDevice(let device):
        currentDevice = device
      case .deviceName(let name):
        names[currentDevice] = name
      case .axis(let code, let range):
        axes[currentDevice, default: [:]][code] = range
        axisSource[currentDevice] = "getevent -p"
      case .ignored:
        break
      }
    case .evemu, .csv:
      let parsed = try EvemuLine(parsing: line)
      if case .event(let event) = parsed {
        try accept(event, device: "")
      } else {
        var reader = header
        learn(parsed, header: &reader, source: "recording header")
        header = reader
      }
    }
  }

  /// Time-checks an event and adds it to its device's frame; at `SYN_REPORT`, decodes the frame
  /// if the device is the one imported.
  private mutating func accept(_ event: EvdevEvent, device: String) throws(ImportError) {
    guard event.time >= lastTime else {
      throw ImportError(
        .timeWentBackwards,
        "the timestamp \(Self.seconds(event.time)) s is earlier than the previous line's \(Self.seconds(lastTime)) s"
      )
    }
    lastTime = event.time
    if let chosenDevice, chosenDevice != device {
      otherDeviceEvents += 1
      return
    }
    var frame = pendingFrames[device, default: []]
    guard frame.count < Self.maximumFrameEvents else {
      throw ImportError(
        .outOfRange, "more than \(Self.maximumFrameEvents) events without a SYN_REPORT")
    }
    frame.append(event)
    guard event.type == EvdevCode.synchronization, event.code == EvdevCode.synReport else {
      pendingFrames[device] = frame
      return
    }
    pendingFrames[device] = nil
    if chosenDevice == nil {
      let reportsPosition = frame.contains {
        $0.type == EvdevCode.absolute
          && [EvdevCode.mtPositionX, EvdevCode.mtPositionY, EvdevCode.absX, EvdevCode.absY]
            .contains($0.code)
      }
      guard reportsPosition else {
        otherDeviceEvents += frame.count
        return
      }
      chosenDevice = device
      // Frames other devices left open are theirs; they are counted, never decoded.
      otherDeviceEvents += pendingFrames.values.reduce(0) { $0 + $1.count }
      pendingFrames.removeAll()
    }
    for event in frame { try decoder.consume(event, into: &touches) }
  }

  /// The mapping for the first touch: flags first, then the log's axes, then the description's.
  private mutating func startMapping(sink: inout TouchSink, line: Int) throws -> DigitizerMapping {
    let device = chosenDevice ?? ""
    var described = axes[device] != nil ? device : ""
    if axes[described] == nil {
      // `getevent -p` named the device by path while the events (recorded with a device argument) do not.
      let candidates = axes.filter {
        $0.value[EvdevCode.mtPositionX] != nil || $0.value[EvdevCode.absX] != nil
      }
      if candidates.count == 1, let only = candidates.first { described = only.key }
    }
    let known = axes[described]
    let source = axisSource[described]
    let codes =
      decoder.isMultitouch
      ? [(EvdevCode.mtPositionX, EvdevCode.mtPositionY), (EvdevCode.absX, EvdevCode.absY)]
      : [(EvdevCode.absX, EvdevCode.absY), (EvdevCode.mtPositionX, EvdevCode.mtPositionY)]
    var ranges: (x: AxisRange, y: AxisRange)?
    var origin = "flags"
    if let given = options.axisRanges {
      ranges = given
    } else if let known {
      for (xCode, yCode) in codes {
        if let x = known[xCode], let y = known[yCode] {
          ranges = (x, y)
          origin = source ?? "log"
          break
        }
      }
    }
    guard let screen = options.screen else { throw TouchSink.missingScreen(line: line, path: path) }
    guard let ranges else {
      throw ImportError(
        .missingAxisRanges,
        "the log does not give the touchscreen's axis ranges"
          + (format == .getevent
            ? " (no `getevent -p` section)" : " (no `A:` lines and no .desc beside it)"),
        line: line, path: path)
    }
    let mapping = DigitizerMapping(x: ranges.x, y: ranges.y, screen: screen)
    let calibration = "x \(ranges.x) y \(ranges.y) (\(origin)) onto \(screen)"
    try sink.start(
      at: touches.first?.time ?? 0, deviceName: names[device] ?? names[described] ?? names[""],
      calibration: calibration, line: line)
    self.mapping = mapping
    return mapping
  }

  private static func seconds(_ ns: Int64) -> String {
    let micros = ns / 1000
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
  }
}
