// scrolltrace — what a recording holds and where it stops.

public import TraceCore

/// How a ``TraceRecorder`` writes: the device it describes, its caps, and how often it hands events
/// to its writer.
///
/// The defaults suit a phone recording a scrolling session: memory stays under
/// ``maximumBufferedEvents`` events (2.75 MiB at the most, docs/recording.md), a killed app
/// loses at most ``flushInterval`` of events, and a forgotten recorder stops at 64 MiB or 30
/// minutes.
public struct RecorderConfiguration {
  /// The device the trace describes: screen size and scale, refresh and touch sample rates.
  public var device: DeviceInfo
  /// Free-form key-value pairs for the header (the app's build, the screen's name).
  ///
  /// Never put
  /// text a person typed or an identifier of a person here: the trace is meant to leave the device.
  public var metadata: [String: String]
  /// The size at which the recorder stops, in bytes of file written.
  ///
  /// Default 64 MiB.
  public var maximumFileSize: Int64
  /// The recording time after which the recorder stops, in nanoseconds from the first event.
  ///
  /// Default 30 minutes.
  public var maximumDuration: Int64
  /// The most events held in memory, waiting to be written; past it, events are dropped and
  /// counted (``RecordingStatus/droppedEvents``), never queued.
  ///
  /// Default 16,384.
  public var maximumBufferedEvents: Int
  /// How many events make one hand-off to the writer (and one chunk, or a few).
  ///
  /// Default 2,048.
  public var eventsPerHandOff: Int
  /// The most time between two hand-offs, in nanoseconds: what a killed app can lose.
  ///
  /// Default 1 s.
  public var flushInterval: Int64
  /// What compresses each chunk.
  ///
  /// Default `StoredFrames`, which needs no C library; a tool or a
  /// test with libzstd may pass its own.
  public var compressor: any ChunkCompressor

  /// Creates a configuration for `device`.
  public init(
    device: DeviceInfo, metadata: [String: String] = [:], maximumFileSize: Int64 = 64 << 20,
    maximumDuration: Int64 = 30 * 60 * 1_000_000_000, maximumBufferedEvents: Int = 16_384,
    eventsPerHandOff: Int = 2_048, flushInterval: Int64 = 1_000_000_000,
    compressor: any ChunkCompressor = StoredFrames()
  ) {
    self.device = device
    self.metadata = metadata
    self.maximumFileSize = maximumFileSize
    self.maximumDuration = maximumDuration
    self.maximumBufferedEvents = maximumBufferedEvents
    self.eventsPerHandOff = eventsPerHandOff
    self.flushInterval = flushInterval
    self.compressor = compressor
  }
}
