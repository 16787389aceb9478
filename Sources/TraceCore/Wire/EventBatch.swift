// scrolltrace — the events a reader has decoded ahead: touches by column, the rest beside them.

/// A reader's batch of decoded events: touches (nearly every event of a trace) in columns, frame
/// ticks as plain bytes, any other event beside them; an ordered list of entries says which comes
/// when.
///
/// A ``TraceEvent`` holds a reference (its rare large payload, out of line), so every copy of one
/// out of memory retains and releases it: a value-witness call each way, about 80 instructions an
/// event. Touches in columns and ``Entry`` values are `BitwiseCopyable`; a run of touches is
/// handed on as its columns and positions (the reader makes a `TouchRun` of them, which reads the
/// columns where they lie), and the event-by-event loop
/// builds each touch's event from them (docs/performance.md, "Round six").
struct EventBatch {
  /// Touches in a row, one frame tick, or one other event.
  struct Entry: BitwiseCopyable {
    /// The kind: `.touch` for a run of touches.
    var kind: EventKind
    /// A frame tick's timestamp, in nanoseconds; 0 for the others (their events hold theirs).
    var timestamp: Int64
    /// A run's first position in ``EventBatch/touches``; an other event's index in
    /// ``EventBatch/others``; 0 for a frame tick.
    var start: Int32
    /// The events of the entry: a run's touches, 1 for the others.
    var count: Int32
  }

  /// Where a loop over a batch is: the entry, and the touches of its run already handed on.
  struct Position: Equatable {
    var entry = 0
    var touch = 0
  }

  /// The entries, in order.
  private(set) var entries: [Entry] = []
  /// The touches, in order.
  var touches = TouchColumns()
  /// The events that are neither touches nor frame ticks, in order.
  private(set) var others: [TraceEvent] = []
  /// The events in the batch.
  private(set) var count = 0

  /// Appends a touch.
  @inline(__always)
  mutating func append(timestamp: Int64, touch sample: TouchSample) {
    touches.append(timestamp: timestamp, sample)
    extendRun(by: 1)
  }

  /// Counts the `added` touches written into ``touches`` after those it counts (a run, decoded in
  /// place, in room made with `touches.reserve`).
  mutating func didWriteTouches(_ added: Int) {
    guard added > 0 else { return }
    touches.didWrite(added)
    extendRun(by: added)
  }

  /// Counts the last `added` touches of ``touches`` as events: they join the last entry when it
  /// is the run before them.
  private mutating func extendRun(by added: Int) {
    count += added
    // A batch holds at most `TraceReader.batchSize` events, far below Int32.max.
    let end = Int32(truncatingIfNeeded: touches.count)
    let extra = Int32(truncatingIfNeeded: added)
    if let last = entries.indices.last, entries[last].kind == .touch,
      entries[last].start + entries[last].count == end - extra
    {
      entries[last].count += extra
      return
    }
    entries.append(Entry(kind: .touch, timestamp: 0, start: end - extra, count: extra))
  }

  /// Appends any event.
  mutating func append(_ event: TraceEvent) {
    if let sample = event.touch {
      append(timestamp: event.timestamp, touch: sample)
      return
    }
    count += 1
    if event.boxed == nil {
      entries.append(Entry(kind: event.kind, timestamp: event.timestamp, start: 0, count: 1))
      return
    }
    entries.append(
      Entry(
        kind: event.kind, timestamp: 0, start: Int32(truncatingIfNeeded: others.count), count: 1))
    others.append(event)
  }

  /// Empties the batch, keeping its storage for the next.
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    touches.removeAll()
    others.removeAll(keepingCapacity: true)
    count = 0
  }

  /// The timestamp of the first event, in nanoseconds.
  var firstTimestamp: Int64? { entries.first.map { timestamp(of: $0, at: 0) } }
  /// The timestamp of the last event, in nanoseconds.
  var lastTimestamp: Int64? { entries.last.map { timestamp(of: $0, at: Int($0.count) - 1) } }

  /// The scene items of the last event (none for a touch or a frame tick).
  var lastSceneItemCount: Int {
    guard let last = entries.last, last.kind != .touch, last.kind != .frameTick else { return 0 }
    return others[Int(last.start)].sceneItemCount
  }

  /// Whether every event from `position` on was handed on.
  func isExhausted(at position: Position) -> Bool { position.entry >= entries.count }

  /// The event at `position`, which moves past it.
  func next(at position: inout Position) -> TraceEvent {
    let entry = entries[position.entry]
    var event: TraceEvent
    if entry.kind == .touch {
      let index = Int(entry.start) + position.touch
      event = TraceEvent(timestamp: touches.timestamps[index], touch: touches.sample(at: index))
      position.touch += 1
      if position.touch == Int(entry.count) { position = Position(entry: position.entry + 1) }
    } else {
      event = self.event(entry)
      position = Position(entry: position.entry + 1)
    }
    return event
  }

  /// Calls `body` with each event from `position` on, moving `position` past each before the
  /// call.
  ///
  /// A touch or a frame tick is built from the batch's bytes; nothing is copied out of it but
  /// bytes.
  @inline(__always)
  func forEach(from position: inout Position, _ body: (borrowing TraceEvent) throws -> Void)
    rethrows
  {
    // One value for every touch and frame tick, its bytes overwritten: a new value for each would
    // be copied once more to be passed (the optimizer does not see that it holds no reference).
    var unboxed = TraceEvent(timestamp: 0, kind: .frameTick, unboxed: .filler)
    while position.entry < entries.count {
      let entry = entries[position.entry]
      guard entry.kind == .touch else {
        position = Position(entry: position.entry + 1)
        if entry.kind == .frameTick {
          unboxed.reuseUnboxed(timestamp: entry.timestamp, kind: .frameTick, sample: .filler)
          try body(unboxed)
        } else {
          try body(others[Int(entry.start)])
        }
        continue
      }
      let start = Int(entry.start)
      let end = start + Int(entry.count)
      for index in (start + position.touch)..<end {
        position =
          index + 1 == end
          ? Position(entry: position.entry + 1)
          : Position(entry: position.entry, touch: index + 1 - start)
        unboxed.reuseUnboxed(
          timestamp: touches.timestamps[index], kind: .touch, sample: touches.sample(at: index))
        try body(unboxed)
      }
    }
  }

  /// Calls `touches` with each run of touches from `position` on (the columns and the run's
  /// positions in them) and `others` with each other event, moving `position` past each before
  /// the call.
  @inline(__always)
  func forEachRun(
    from position: inout Position, touches: (TouchColumns, Range<Int>) throws -> Void,
    others: (borrowing TraceEvent) throws -> Void
  ) rethrows {
    while position.entry < entries.count {
      let entry = entries[position.entry]
      let offset = position.touch
      position = Position(entry: position.entry + 1)
      if entry.kind == .touch {
        let start = Int(entry.start)
        try touches(self.touches, (start + offset)..<(start + Int(entry.count)))
      } else {
        try others(event(entry))
      }
    }
  }

  @inline(__always)
  private func event(_ entry: Entry) -> TraceEvent {
    entry.kind == .frameTick
      ? TraceEvent(timestamp: entry.timestamp, kind: .frameTick, unboxed: .filler)
      : others[Int(entry.start)]
  }

  private func timestamp(of entry: Entry, at offset: Int) -> Int64 {
    switch entry.kind {
    case .touch: touches.timestamps[Int(entry.start) + offset]
    case .frameTick: entry.timestamp
    default: others[Int(entry.start)].timestamp
    }
  }
}
