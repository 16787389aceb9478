// scrolltrace — refusing events too far apart to replay.

/// Refuses a gap of more than ``ReaderEvents/maximumGap`` between two events
/// (`eventGap`): the replay renders every frame of a gap, and a hostile
/// timestamp could ask for billions of them.
///
/// Events that go back in time are allowed (recorders
/// that merge streams write them); the gap is measured from the latest time seen.
struct EventGapCheck {
  private var latest: Int64?

  /// Checks the event at `timestamp` (nanoseconds) against the latest before it.
  mutating func check(_ timestamp: Int64) throws(ReplayError) {
    if let latest, timestamp > latest,
      timestamp &- latest > ReaderEvents.maximumGap || timestamp &- latest < 0
    {
      throw ReplayError(
        .eventGap,
        "the events at \(latest) ns and \(timestamp) ns are more than 24 hours apart; a replay renders every frame between them",
        at: timestamp)
    }
    latest = max(latest ?? timestamp, timestamp)
  }
}
