// scrolltrace — what a recovering reader could not read.

/// A stretch of a trace that a reader in recovery mode could not read, and skipped.
public struct TraceLoss: Sendable, Hashable, CustomStringConvertible {
  /// What was lost.
  public enum Part: Sendable, Hashable {
    /// The header; the reader went on with `TraceHeader.fallback`.
    case header
    /// One or more chunks of events.
    case chunks
    /// The rest of one chunk, after a malformed event.
    case chunkTail
    /// The trailing index; no events were lost with it.
    case index
  }

  /// What was lost.
  public var part: Part
  /// The bytes of the file skipped, as absolute offsets.
  public var byteRange: Range<Int64>
  /// The zero-based indexes of the chunks lost, when known (exact when the index is intact).
  public var chunks: ClosedRange<Int>?
  /// The earliest time the lost events can have, in nanoseconds: the first lost event's time when
  /// the index is intact, else the last event read before the loss; `nil` when there is none.
  public var earliestTimestamp: Int64?
  /// The latest time the lost events can have, in nanoseconds: the last lost event's time when the
  /// index is intact, else the first event read after the loss; `nil` when there is none.
  public var latestTimestamp: Int64?
  /// How many events were lost, when the index says.
  public var eventCount: Int?
  /// Why the bytes could not be read.
  public var reason: String

  /// Creates a loss record.
  public init(
    part: Part, byteRange: Range<Int64>, chunks: ClosedRange<Int>? = nil,
    earliestTimestamp: Int64? = nil, latestTimestamp: Int64? = nil, eventCount: Int? = nil,
    reason: String
  ) {
    self.part = part
    self.byteRange = byteRange
    self.chunks = chunks
    self.earliestTimestamp = earliestTimestamp
    self.latestTimestamp = latestTimestamp
    self.eventCount = eventCount
    self.reason = reason
  }

  /// One line: what, which bytes, which chunks, which times, why.
  public var description: String {
    var text = "lost \(part) at bytes \(byteRange.lowerBound)..<\(byteRange.upperBound)"
    if let chunks {
      text +=
        chunks.count == 1
        ? " (chunk \(chunks.lowerBound))" : " (chunks \(chunks.lowerBound)...\(chunks.upperBound))"
    }
    if let eventCount { text += ", \(eventCount) events" }
    switch (earliestTimestamp, latestTimestamp) {
    case (let earliest?, let latest?): text += ", between \(earliest) and \(latest) ns"
    case (let earliest?, nil): text += ", after \(earliest) ns"
    case (nil, let latest?): text += ", before \(latest) ns"
    case (nil, nil): break
    }
    return text + ": \(reason)"
  }
}
