// scrolltrace — what a recording has written and what it lost.

/// What a ``TraceRecorder`` has done so far: what it wrote, what it lost and why it stopped.
///
/// An app may read it at any time, from any thread; nothing here is an error thrown at the app.
public struct RecordingStatus: Sendable, Hashable {
  /// Why a recording stopped.
  public enum StopReason: Sendable, Hashable {
    /// The app called ``TraceRecorder/stop()``.
    case stopped
    /// The file reached ``RecorderConfiguration/maximumFileSize``.
    case sizeCap
    /// The recording reached ``RecorderConfiguration/maximumDuration``.
    case timeCap
    /// Writing failed (a full disk, a removed file); the description says how. What was written
    /// before reads to its last whole chunk.
    case writeFailed(String)
  }

  /// Events accepted from the app.
  public var recordedEvents = 0
  /// Events in the file, in whole chunks.
  public var writtenEvents = 0
  /// Events dropped because ``RecorderConfiguration/maximumBufferedEvents`` were already waiting
  /// (the writer fell behind), or because the recording had stopped.
  public var droppedEvents = 0
  /// Events the format cannot hold (a non-finite coordinate, a negative length), left out.
  public var rejectedEvents = 0
  /// Events accepted but never written: waiting when a write failed or a cap was reached.
  public var unwrittenEvents = 0
  /// The most events waiting in memory at once.
  public var peakBufferedEvents = 0
  /// The file's size so far, in bytes.
  public var bytesWritten: Int64 = 0
  /// Why the recording stopped; `nil` while it records.
  public var stopReason: StopReason?

  /// Every event the app gave that is not in the file.
  public var lostEvents: Int { droppedEvents + rejectedEvents + unwrittenEvents }

  /// Creates an empty status.
  public init() {}
}
