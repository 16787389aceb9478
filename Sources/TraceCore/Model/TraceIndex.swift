// scrolltrace — the table of chunks at the end of a trace.

/// The table of a trace's chunks, written at the end of the file when the writer closes.
///
/// With it a reader can seek to a chunk or a time without decoding what comes before.
public struct TraceIndex: Sendable, Hashable {
  /// One chunk: where it is and what it holds.
  public struct Chunk: Sendable, Hashable {
    /// The byte offset of the chunk's zstd frame in the file.
    public var fileOffset: Int64
    /// The size of the chunk's zstd frame, in bytes.
    public var compressedSize: Int
    /// The size of the chunk's decompressed events, in bytes.
    public var rawSize: Int
    /// How many events the chunk holds.
    public var eventCount: Int
    /// The timestamp of the chunk's first event, in nanoseconds.
    public var firstTimestamp: Int64
    /// The timestamp of the chunk's last event, in nanoseconds.
    public var lastTimestamp: Int64

    /// Creates a chunk entry.
    public init(
      fileOffset: Int64, compressedSize: Int, rawSize: Int, eventCount: Int,
      firstTimestamp: Int64, lastTimestamp: Int64
    ) {
      self.fileOffset = fileOffset
      self.compressedSize = compressedSize
      self.rawSize = rawSize
      self.eventCount = eventCount
      self.firstTimestamp = firstTimestamp
      self.lastTimestamp = lastTimestamp
    }
  }

  /// The chunks, in file order.
  public var chunks: [Chunk]

  /// Creates an index.
  public init(chunks: [Chunk]) { self.chunks = chunks }

  /// The index of the first chunk whose frame starts at or after byte `offset`, or `chunks.count`.
  ///
  /// - Complexity: O(log n) in the number of chunks.
  public func firstChunk(atOrAfter offset: Int64) -> Int {
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = (low + high) / 2
      if chunks[middle].fileOffset < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index of the first chunk that may hold events at or after `timestamp`: the last chunk
  /// whose first event is at or before it, or 0.
  ///
  /// - Complexity: O(log n) in the number of chunks.
  public func chunk(containing timestamp: Int64) -> Int {
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = (low + high) / 2
      if chunks[middle].firstTimestamp <= timestamp { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }
}
