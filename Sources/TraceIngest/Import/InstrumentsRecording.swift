// scrolltrace — Instruments' frames placed in the recorder's trace of the same session.

extension InstrumentsFrames {
  /// What placing the frames in a recording did.
  public struct Placed: Sendable, Hashable {
    /// The recorder's timing against Instruments'.
    public var check: DisplayLinkCheck
    /// Instruments' frames written: those within the recording's span.
    public var frames = 0
    /// Instruments' frames before the recording's first event or after its last, left out.
    public var outside = 0
    /// The recording's own observed frames, replaced.
    public var replaced = 0
  }

  /// Writes the recording `open` reads (the iOS recorder's trace of the same session) with these
  /// frames in place of its own observed frames: its touches, scenes and every other event kept,
  /// each of these frames carrying the geometry and busy time of the display-link frame that
  /// targeted its vsync (``merged(with:)``), those outside the recording's span left out.
  ///
  /// `open` is called twice: once to read the recording's frames, once to copy it. The header is
  /// the recording's, declaring format 1.7 when a frame carries a deadline, with `metadata` added.
  ///
  /// - Throws: ``ImportError`` (`unmatchedFrames`) when no frame falls within the recording's span,
  ///   (`outOfRange`) when its timestamps are not in whole microseconds; whatever `open`, the
  ///   reader, `begin` or `emit` throw.
  public func place(
    inRecording open: () throws -> TraceReader, path: String, metadata: [String: String],
    begin: (TraceHeader) throws -> Void, emit: (TraceEvent) throws -> Void
  ) throws -> Placed {
    var recorded: [TraceEvent] = []
    var span: ClosedRange<Int64>?
    let first = try open()
    guard 1000 % max(1, first.header.timestampQuantum) == 0 else {
      throw ImportError(
        .outOfRange,
        "the recording's timestamps are multiples of \(first.header.timestampQuantum) ns; "
          + "Instruments' frames are placed in whole microseconds", path: path)
    }
    try first.forEachEvent { event in
      span =
        span.map { min($0.lowerBound, event.timestamp)...max($0.upperBound, event.timestamp) }
        ?? event.timestamp...event.timestamp
      if case .observedFrame = event.payload { recorded.append(copy event) }
    }
    let (frames, check) = merged(with: recorded)
    var placed = Placed(check: check, replaced: recorded.count)
    let inside = frames.filter { span?.contains($0.timestamp) ?? false }
    placed.frames = inside.count
    placed.outside = frames.count - inside.count
    guard !inside.isEmpty else {
      throw ImportError(
        .unmatchedFrames,
        "Instruments' frames (\(Self.seconds(summary.span?.lowerBound ?? 0))…"
          + "\(Self.seconds(summary.span?.upperBound ?? 0)) s) and the recording "
          + "(\(Self.seconds(span?.lowerBound ?? 0))…\(Self.seconds(span?.upperBound ?? 0)) s) "
          + "do not overlap: an export counts from its recording's start, the recorder from boot",
        path: path)
    }
    let reader = try open()
    var header = reader.header
    let deadlines = inside.contains {
      if case .observedFrame(let frame) = $0.payload { frame.deadline != nil } else { false }
    }
    if deadlines, header.version < .deadlines { header.version = .deadlines }
    header.metadata.merge(metadata) { _, new in new }
    try begin(header)
    var next = 0
    try reader.forEachEvent { event in
      if case .observedFrame = event.payload { return }
      while next < inside.count, inside[next].timestamp < event.timestamp {
        try emit(inside[next])
        next += 1
      }
      try emit(copy event)
    }
    for frame in inside[next...] { try emit(frame) }
    return placed
  }

  /// Nanoseconds as seconds with three decimals, for messages.
  private static func seconds(_ nanoseconds: Int64) -> String {
    TextFormat.fixed(Double(nanoseconds) / 1e9, 3)
  }
}
