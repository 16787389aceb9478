// scrolltrace — a touch log in, a trace out, one line at a time.

/// Imports a touch log (getevent, evemu or CSV) into trace events, streaming: one line in memory,
/// one frame of input events, the fingers that are down.
///
/// Positions become points through a ``DigitizerMapping``; the header is written at the first
/// touch, once the mapping is known, so a log that fails before any touch leaves no trace behind.
public struct TouchLogImporter: Sendable {
  /// The format of the log.
  public var format: TouchLogFormat
  /// The calibration and strictness.
  public var options: ImportOptions

  /// Creates an importer.
  public init(format: TouchLogFormat, options: ImportOptions) {
    self.format = format
    self.options = options
  }

  /// Reads the log at `path`, calls `begin` with the header before the first event, and `emit`
  /// with each touch event in time order, and with `frames` (observed frames from a frame-timing
  /// dump of the same recording, in time order) merged among them.
  ///
  /// - Throws: ``ImportError`` naming the file and line, `unmatchedFrames` when no frame falls
  ///   within the touches' time, or whatever `begin` or `emit` throw.
  public func run(
    path: String, frames: [TraceEvent] = [], begin: (TraceHeader) throws -> Void,
    emit: (TraceEvent) throws -> Void
  ) throws -> ImportSummary {
    try withoutActuallyEscaping(begin) { begin in
      try withoutActuallyEscaping(emit) { emit in
        var sink = TouchSink(
          path: path, format: format, options: options, frames: frames, begin: begin, emit: emit)
        try read(path: path, into: &sink)
        try sink.finishFrames()
        return sink.summary
      }
    }
  }

  private func read(path: String, into sink: inout TouchSink) throws {
    switch format {
    case .getevent, .evemu:
      var log = try EvdevLog(path: path, format: format, options: options)
      try log.read(into: &sink)
      sink.summary.droppedReports = log.decoder.droppedReports
      sink.summary.otherDeviceEvents = log.otherDeviceEvents
      sink.summary.contactsLeftDown = log.decoder.fingersDown
      sink.summary.protocolName =
        !log.decoder.isMultitouch
        ? "single touch" : log.decoder.usesProtocolA ? "A (SYN_MT_REPORT)" : "B (slots)"
    case .csv:
      var log = try CSVTouchLog(path: path, options: options)
      try log.read(into: &sink)
      sink.summary.contactsLeftDown = log.fingersDown
      sink.summary.protocolName = "csv"
    }
    guard sink.summary.samples > 0 else {
      throw ImportError(
        .noTouches, "the log holds no touches" + (format == .getevent ? " on a touchscreen" : ""),
        path: path)
    }
  }
}

/// Where decoded touches go: the mapping to points, the header at the first touch, the summary.
struct TouchSink {
  let path: String
  let format: TouchLogFormat
  let options: ImportOptions
  let begin: (TraceHeader) throws -> Void
  let emit: (TraceEvent) throws -> Void
  var summary = ImportSummary()
  private var firstTime: Int64?
  private var lastTime: Int64?
  /// Observed frames to merge, in time order, and the next one to write.
  private let frames: [TraceEvent]
  private var nextFrame = 0

  init(
    path: String, format: TouchLogFormat, options: ImportOptions, frames: [TraceEvent] = [],
    begin: @escaping (TraceHeader) throws -> Void,
    emit: @escaping (TraceEvent) throws -> Void
  ) {
    self.path = path
    self.format = format
    self.options = options
    self.frames = frames
    self.begin = begin
    self.emit = emit
  }

  /// Writes the frames before `time` (all of them when `nil`).
  private mutating func writeFrames(before time: Int64?) throws {
    while nextFrame < frames.count, time.map({ frames[nextFrame].timestamp < $0 }) ?? true {
      try emit(frames[nextFrame])
      nextFrame += 1
      summary.observedFrames += 1
    }
  }

  /// Writes the frames after the last touch, once they are known to be the touches' recording's.
  mutating func finishFrames() throws {
    guard let first = frames.first?.timestamp, let last = frames.last?.timestamp,
      let firstTouch = firstTime.map({ ($0 + 500) / 1000 * 1000 }), let lastTouch = lastTime
    else { return }
    guard last >= firstTouch, first <= lastTouch else {
      throw ImportError(
        .unmatchedFrames,
        "the frames (\(Self.seconds(first))…\(Self.seconds(last)) s) and the touches "
          + "(\(Self.seconds(firstTouch))…\(Self.seconds(lastTouch)) s) do not overlap: not the same "
          + "recording, or not the same clock", path: path)
    }
    try writeFrames(before: nil)
  }

  private static func seconds(_ nanoseconds: Int64) -> String {
    let whole = nanoseconds / 1_000_000_000
    let milliseconds = (nanoseconds % 1_000_000_000) / 1_000_000
    return "\(whole)." + String(repeating: "0", count: 3 - String(milliseconds).count)
      + String(milliseconds)
  }

  /// Writes the header before the first touch: the device, the screen, the clock, the calibration.
  mutating func start(at time: Int64, deviceName: String?, calibration: String, line: Int) throws {
    guard firstTime == nil else { return }
    guard let screen = options.screen else { throw Self.missingScreen(line: line, path: path) }
    firstTime = time
    let name = deviceName ?? options.deviceName ?? Self.baseName(path)
    summary.calibration = calibration
    // evemu 1.1 and older stamp events with Unix time; later versions and getevent count from boot
    // or from the recording's start.
    let clock: TraceClock =
      format == .evemu && time >= 1_000_000_000 * 1_000_000_000 ? .realtime : .monotonic
    // Frames that hold Android's deadline are 1.7's; a 1.6 reader passes over them.
    let deadlines = frames.contains {
      if case .observedFrame(let frame) = $0.payload { frame.deadline != nil } else { false }
    }
    let header = TraceHeader(
      version: deadlines ? .deadlines : .columns,
      device: DeviceInfo(
        name: name, screenSize: screen.size, scale: screen.scale, refreshRate: options.refreshRate,
        touchSampleRate: 0),
      clock: clock,
      metadata: options.metadata.merging([
        "import.format": format.rawValue, "import.source": Self.baseName(path),
        "import.calibration": calibration,
        "import.screen": screen.description,
      ]) { _, own in own },
      timestampQuantum: 1000)
    summary.header = header
    try begin(header)
  }

  /// Writes one touch sample at `time` (nanoseconds, rounded to the header's microseconds).
  mutating func touch(_ sample: TouchSample, at time: Int64) throws {
    let rounded = (time + 500) / 1000 * 1000
    try writeFrames(before: rounded)
    try emit(TraceEvent(timestamp: rounded, .touch(sample)))
    lastTime = rounded
    summary.samples += 1
    if sample.phase == .began { summary.contacts += 1 }
    summary.duration = rounded - ((firstTime.map { ($0 + 500) / 1000 * 1000 }) ?? rounded)
  }

  /// Counts a skipped line under `--lenient`, or throws it with its place.
  mutating func skip(_ error: ImportError, line: Int) throws(ImportError) {
    var located = error
    located.line = line
    located.path = path
    guard options.isLenient, ![.io, .missingAxisRanges, .missingScreen].contains(error.code) else {
      throw located
    }
    summary.skippedLines += 1
    if summary.firstSkipped == nil { summary.firstSkipped = located }
  }

  /// The error for a log without a screen, and none in the options.
  static func missingScreen(line: Int, path: String) -> ImportError {
    ImportError(.missingScreen, "the log does not record the screen", line: line, path: path)
  }

  static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
