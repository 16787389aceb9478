// scrolltrace — a trace held as its header and events, to be cut down and written again.

public import Pipeline
public import TraceIngest

/// A whole trace in memory — its header and events — for reduction: units of events dropped,
/// samples thinned, pauses shortened, then written again (`encoded()`).
///
/// Memory holds every event (about 40 bytes each): reduction is for the minute of a recording
/// that shows a finding, not for a fleet.
public struct TraceEvents: Sendable {
  /// The trace's header.
  public var header: TraceHeader
  /// Its events, in time order.
  public var events: [TraceEvent]
  /// The size of the trace it was read from, in bytes (0 when made in memory).
  public var byteCount: Int

  /// A trace from its parts.
  public init(header: TraceHeader, events: [TraceEvent], byteCount: Int = 0) {
    self.header = header
    self.events = events
    self.byteCount = byteCount
  }

  /// The most events a trace to reduce may hold: 2 million, a few minutes of touches at 240 Hz
  /// (about 80 MB in memory).
  public static let maximumEvents = 2_000_000

  /// The events of the trace `source` holds, read as `settings` say.
  ///
  /// - Throws: the reader's `TraceFormatError`; ``ExploreError`` `invalid` for a trace of more
  ///   than ``maximumEvents`` events, refused when it reaches them.
  public init(source: TraceSource, settings: ReplaySettings) throws {
    let reader = try source.open(settings)
    var events: [TraceEvent] = []
    try reader.forEachEvent { event in
      guard events.count < Self.maximumEvents else {
        throw ExploreError(
          .invalid,
          "\(source.path): more than \(Self.maximumEvents) events, more than a reduction holds in memory; reduce a shorter recording"
        )
      }
      events.append(copy event)
    }
    self.init(
      header: reader.header, events: events, byteCount: Int(clamping: reader.fileSize ?? 0))
  }

  /// From the first event to the last, in seconds.
  public var duration: Double {
    guard let first = events.first, let last = events.last else { return 0 }
    return Double(last.timestamp &- first.timestamp) / 1e9
  }

  /// The trace written again (zstd, as `convert` writes it).
  ///
  /// - Throws: `TraceFormatError` for an event the format cannot hold.
  public func encoded() throws -> [UInt8] {
    let writer = try TraceWriter(header: header)
    for event in events { try writer.append(event) }
    return try writer.close()
  }
}
