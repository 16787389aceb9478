// scrolltrace — what a trace holds, summarised (the data behind `scrolltrace info`).

public import TraceCore

/// A summary of one trace after it was read to the end: header, counts, sizes and losses.
public struct TraceSummary: Sendable, Hashable {
  /// The trace's path.
  public var path: String
  /// The trace's header.
  public var header: TraceHeader
  /// What the reader decoded.
  public var stats: DecodeStats
  /// Whether the file has an intact index.
  public var hasIndex: Bool
  /// The file's size on disk, in bytes.
  public var fileSize: Int64
  /// What a recovering reader skipped.
  public var losses: [TraceLoss]

  /// Reads `reader` to its end and summarises it.
  ///
  /// - Throws: the reader's `TraceFormatError`.
  /// - Complexity: O(n) in the trace's events, in constant memory.
  public init(reading reader: TraceReader, fileSize: Int64) throws {
    // The reader counts what it decodes; the columnar loop reads every event without building
    // one per touch.
    try reader.forEachEvent(touches: { _ in }, otherEvents: { _ in })
    path = reader.path
    header = reader.header
    stats = reader.stats
    hasIndex = reader.index != nil
    self.fileSize = fileSize
    losses = reader.losses
  }

  /// The file's bytes per event: what a trace costs to store.
  public var bytesPerEvent: Double {
    stats.events == 0 ? 0 : Double(fileSize) / Double(stats.events)
  }

  /// The decompressed event stream's bytes per event.
  public var rawBytesPerEvent: Double {
    stats.events == 0 ? 0 : Double(stats.rawBytes) / Double(stats.events)
  }
}
