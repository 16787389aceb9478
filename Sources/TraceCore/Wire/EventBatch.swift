// scrolltrace — the events a reader has decoded ahead, kept as plain bytes where they can be.

/// A reader's batch of decoded events: touches and frame ticks (nearly every event of a trace) as
/// plain bytes, any other event beside them.
///
/// A ``TraceEvent`` holds a reference (its rare large payload, out of line), so every copy of one
/// out of memory retains and releases it: a value-witness call each way, about 80 instructions an
/// event, whether or not the reference is there. A ``Slot`` is `BitwiseCopyable`: appending one,
/// reading one and building the ``TraceEvent`` handed to a consumer copy bytes and nothing else
/// (docs/performance.md, "Round five").
struct EventBatch {
  /// One event as the batch keeps it.
  struct Slot: BitwiseCopyable {
    /// The event's timestamp, in nanoseconds.
    var timestamp: Int64
    /// The event's kind.
    var kind: EventKind
    /// The sample of a touch; a filler for any other kind.
    var touch: TouchSample
    /// The index in ``EventBatch/others`` of an event that is neither a touch nor a frame tick;
    /// -1 for those two.
    var other: Int32
  }

  /// The events, in order.
  private(set) var slots: [Slot] = []
  /// The events that are neither touches nor frame ticks, in order.
  private(set) var others: [TraceEvent] = []

  /// The events in the batch.
  var count: Int { slots.count }

  /// Appends a touch.
  @inline(__always)
  mutating func append(timestamp: Int64, touch sample: TouchSample) {
    slots.append(Slot(timestamp: timestamp, kind: .touch, touch: sample, other: -1))
  }

  /// Appends any event.
  mutating func append(_ event: TraceEvent) {
    if event.boxed == nil {
      slots.append(
        Slot(timestamp: event.timestamp, kind: event.kind, touch: event.touchSample, other: -1))
      return
    }
    // A batch holds at most `TraceReader.batchSize` events, far below Int32.max.
    slots.append(
      Slot(
        timestamp: event.timestamp, kind: event.kind, touch: .filler,
        other: Int32(truncatingIfNeeded: others.count)))
    others.append(event)
  }

  /// Empties the batch, keeping its storage for the next, with room for `capacity` events.
  mutating func removeAll(reservingCapacity capacity: Int = 0) {
    slots.removeAll(keepingCapacity: true)
    slots.reserveCapacity(capacity)
    others.removeAll(keepingCapacity: true)
  }

  /// The event at `index`.
  subscript(index: Int) -> TraceEvent { event(slots[index]) }

  /// The scene items of the last event (none for a touch or a frame tick).
  var lastSceneItemCount: Int {
    guard let last = slots.last, last.other >= 0 else { return 0 }
    return others[Int(last.other)].sceneItemCount
  }

  /// Calls `body` with each event from `index` on, advancing `index` past each before the call.
  ///
  /// A touch or a frame tick is built from its slot; nothing is copied out of the batch but bytes.
  @inline(__always)
  func forEach(from index: inout Int, _ body: (borrowing TraceEvent) throws -> Void) rethrows {
    // One value for every touch and frame tick, its bytes overwritten: a new value for each would
    // be copied once more to be passed (the optimizer does not see that it holds no reference).
    var unboxed = TraceEvent(timestamp: 0, kind: .frameTick, unboxed: .filler)
    try slots.withUnsafeBufferPointer { slots in
      while index < slots.count {
        let slot = slots[index]
        index += 1
        if slot.other < 0 {
          unboxed.reuseUnboxed(timestamp: slot.timestamp, kind: slot.kind, sample: slot.touch)
          try body(unboxed)
        } else {
          try body(others[Int(slot.other)])
        }
      }
    }
  }

  @inline(__always)
  private func event(_ slot: Slot) -> TraceEvent {
    slot.other < 0
      ? TraceEvent(timestamp: slot.timestamp, kind: slot.kind, unboxed: slot.touch)
      : others[Int(slot.other)]
  }
}
