// scrolltrace — a trace reader as an iterator of events.

package import TraceCore

/// A trace reader as an iterator of events, for a ``FrameSchedule``; a read error ends the
/// iteration and is kept in ``failure``. (A replay reads with the reader's columnar loop instead,
/// `TraceReader.forEachEvent(touches:otherEvents:)`, which builds no event per touch.)
///
/// A gap of more than ``maximumGap`` between two events is refused too (`eventGap`):
/// the replay renders every frame of a gap, and a hostile timestamp could ask for billions of them.
package final class ReaderEvents: IteratorProtocol {
  private let reader: TraceReader
  private var gaps = EventGapCheck()
  /// The error that ended the events, if one did.
  package private(set) var failure: (any Error)?
  /// The longest gap between consecutive events a replay renders, in nanoseconds (24 hours).
  package static let maximumGap: Int64 = 24 * 3600 * 1_000_000_000

  /// The events of `reader`, from its current position.
  package init(_ reader: TraceReader) { self.reader = reader }

  /// The next event, or nil at the end of the trace or at the first error.
  package func next() -> TraceEvent? {
    guard failure == nil else { return nil }
    do {
      guard let event = try reader.next() else { return nil }
      try gaps.check(event.timestamp)
      return event
    } catch {
      failure = error
      return nil
    }
  }
}

@available(*, unavailable)
extension ReaderEvents: Sendable {}
