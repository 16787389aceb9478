// scrolltrace — what a reader saw, counted.

/// Counts of what a reader decoded: chunks, bytes, events by kind, and the anomalies a real trace
/// may legitimately contain.
public struct DecodeStats: Sendable, Hashable {
  /// Chunks decoded.
  public var chunks = 0
  /// Events decoded.
  public var events = 0
  /// Events decoded, by kind (kinds never seen are absent).
  public var eventsByKind: [EventKind: Int] {
    var counts: [EventKind: Int] = [:]
    for (tag, count) in countsByTag.enumerated() where count > 0 {
      counts[EventKind(rawValue: UInt8(tag))] = count
    }
    return counts
  }
  /// One counter per wire tag: the per-event path indexes an array instead of hashing.
  private var countsByTag = [Int](repeating: 0, count: 256)
  /// Decompressed bytes of the chunks decoded (what `zstd -dc` prints for them).
  public var rawBytes: Int64 = 0
  /// Compressed bytes of the chunks decoded.
  public var compressedBytes: Int64 = 0
  /// The timestamp of the first event, in nanoseconds.
  public var firstTimestamp: Int64?
  /// The timestamp of the last event, in nanoseconds.
  public var lastTimestamp: Int64?
  /// Events whose timestamp is earlier than the previous event's (info severity: recorders that
  /// merge streams may write them).
  public var timestampsOutOfOrder = 0
  /// Skippable frames other than the header and index, skipped (written by other tools).
  public var unknownFramesSkipped = 0

  /// Creates empty stats.
  public init() {}

  /// The duration from the first to the last event, in nanoseconds.
  public var duration: Int64 {
    guard let first = firstTimestamp, let last = lastTimestamp else { return 0 }
    return last - first
  }

  mutating func count(_ kind: EventKind, at timestamp: Int64) {
    events += 1
    countsByTag[Int(kind.rawValue)] += 1
    if firstTimestamp == nil { firstTimestamp = timestamp }
    if let last = lastTimestamp, timestamp < last { timestampsOutOfOrder += 1 }
    lastTimestamp = timestamp
  }

  /// Counts `count` touches in a row from `first` to `last` (nanoseconds), `outOfOrder` of them
  /// after the first earlier than the touch before: what counting each with
  /// ``count(_:at:)`` gives.
  mutating func count(
    touches count: Int, first: Int64, last: Int64, outOfOrderWithin outOfOrder: Int
  ) {
    events += count
    countsByTag[Int(EventKind.touch.rawValue)] += count
    if firstTimestamp == nil { firstTimestamp = first }
    if let previous = lastTimestamp, first < previous { timestampsOutOfOrder += 1 }
    timestampsOutOfOrder += outOfOrder
    lastTimestamp = last
  }
}
