// scrolltrace — a device made of a replay: what it displayed, as observed frames.

public import Replay
public import TraceFormat

/// A stand-in for a device: replays a trace's events through an engine and adds what that
/// "device" displayed at each frame as an observed-frame event (format 1.2), as the recorder
/// writes them on a phone.
///
/// A recording with known answers, for `synth --observe`, tests and
/// examples: replayed through the same engine, every observation matches the model.
public enum SimulatedDevice {
  /// `events` (in time order) with one observation per frame of their replay through `engine`,
  /// each after the events of its time; frames whose index is in `droppedFrames` have none, as a
  /// display link that missed them.
  ///
  /// The observations replace the frame ticks: as in a recording,
  /// the frames are the display link's.
  ///
  /// Times are rounded down to the header's timestamp quantum, as a recorder's clock would give
  /// them; the target timestamp is one refresh interval after the frame; the busy time is left out
  /// (nothing measured it).
  ///
  /// - Throws: what the replay throws (`ReplayError`, `TraceFormatError`).
  public static func observe(
    _ events: [TraceEvent], header: TraceHeader, engine: EngineRegistry.Entry,
    droppedFrames: Set<Int64> = [], settleLimit: Double = ReplaySettings.defaultSettleLimit
  ) throws -> [TraceEvent] {
    let reader = try TraceReader(bytes: try TraceWriter.encode(header: header, events: events))
    let quantum = max(1, header.timestampQuantum)
    let onQuantum = { (time: Int64) in time - ((time % quantum) + quantum) % quantum }
    let interval = Int64((1e9 / header.device.refreshRate).rounded())
    var observations: [TraceEvent] = []
    try engine.replay(reader, settleLimit: settleLimit) { frame, _ in
      guard !droppedFrames.contains(frame.index) else { return }
      let time = onQuantum(frame.time)
      let (target, overflow) = time.addingReportingOverflow(interval)
      let observed = ObservedFrame(
        targetTimestamp: overflow ? time : onQuantum(target), contentOffset: frame.contentOffset,
        contentSize: frame.contentSize)
      observations.append(TraceEvent(timestamp: time, .observedFrame(observed)))
    }
    // Merged in time order; at equal times the trace's events first, as the replay applies them
    // before the frame.
    var merged: [TraceEvent] = []
    merged.reserveCapacity(events.count + observations.count)
    var next = observations.makeIterator()
    var observation = next.next()
    for event in events where event.kind != .frameTick {
      while let pending = observation, pending.timestamp < event.timestamp {
        merged.append(pending)
        observation = next.next()
      }
      merged.append(event)
    }
    while let pending = observation {
      merged.append(pending)
      observation = next.next()
    }
    return merged
  }
}
