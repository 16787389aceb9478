// The borrowing loop gives exactly what `next()` gives; events keep rare payloads out of line, and
// a reader's batch keeps the rest as plain bytes.

import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct BorrowingLoopTests {
  /// Up to 3,000 random events from `seed`, and a trace of them in 8 KiB chunks.
  static func randomTrace(seed: UInt64) throws -> (events: [TraceEvent], bytes: [UInt8]) {
    var random = RandomTraces(seed: seed)
    let events = random.events(count: random.int(0...3_000))
    return (
      events,
      try TraceWriter.encode(
        header: sampleHeader, events: events, options: .init(maximumChunkSize: 8192))
    )
  }

  @Test(arguments: 0..<12)
  func forEachEventGivesWhatNextGives(seed: Int) throws {
    let (events, bytes) = try Self.randomTrace(seed: UInt64(1_000 + seed))
    let reader = try TraceReader(bytes: bytes)
    // Half by `next()`, the rest by the loop: it continues where `next()` left off.
    var read: [TraceEvent] = []
    for _ in 0..<(events.count / 2) {
      if let event = try reader.next() { read.append(event) }
    }
    try reader.forEachEvent { read.append(copy $0) }
    #expect(read == events)
    #expect(reader.stats.events == events.count)
    #expect(try reader.next() == nil)
  }

  /// The columnar loop hands the same events, touches as runs, from where `next()` left off, and
  /// the reader counts the same.
  @Test(arguments: 0..<12)
  func forEachEventByRunsGivesWhatNextGives(seed: Int) throws {
    let (events, bytes) = try Self.randomTrace(seed: UInt64(2_000 + seed))
    let whole = try TraceReader(bytes: bytes)
    try whole.forEachEvent { _ in }
    let reader = try TraceReader(bytes: bytes)
    var read: [TraceEvent] = []
    for _ in 0..<(events.count / 3) {
      if let event = try reader.next() { read.append(event) }
    }
    var runs = 0
    try reader.forEachEvent { run in
      runs += 1
      #expect(run.count > 0 && run.count == run.timestamps.count && run.count == run.x.count)
      for index in run.indices {
        #expect(run.touchIDs[index] == run[index].touchID && run.phases[index] == run[index].phase)
        #expect(run.x[index] == run[index].location.x && run.y[index] == run[index].location.y)
        read.append(TraceEvent(timestamp: run.timestamps[index], touch: run[index]))
      }
    } otherEvents: {
      read.append(copy $0)
    }
    #expect(read == events)
    #expect(reader.stats == whole.stats)
    #expect(runs > 0 || !events.contains { $0.kind == .touch })
    #expect(try reader.next() == nil)
  }

  @Test func aThrowingRunLeavesTheTouchesAfterItToRead() throws {
    struct Stop: Error {}
    let events = (0..<2_000).map {
      TraceEvent(
        timestamp: Int64($0),
        touch: TouchSample(touchID: 1, phase: .moved, location: Point(x: Double($0), y: 1)))
    }
    let reader = try TraceReader(
      bytes: try TraceWriter.encode(header: sampleHeader, events: events))
    var handed = 0
    #expect(throws: Stop.self) {
      try reader.forEachEvent { run in
        handed += run.count
        throw Stop()
      } otherEvents: { _ in
      }
    }
    var rest: [TraceEvent] = []
    while let event = try reader.next() { rest.append(event) }
    #expect(handed > 0 && rest == Array(events[handed...]))
  }

  @Test func aStrictReaderThrowsFromTheColumnarLoopWhereNextThrows() throws {
    let (bytes, _, _) = try DamageTests.sample()
    var damaged = bytes
    damaged[bytes.count / 2] ^= 0xFF
    let nextError = #expect(throws: TraceFormatError.self) {
      let reader = try TraceReader(bytes: damaged)
      while try reader.next() != nil {}
    }
    let loopError = #expect(throws: TraceFormatError.self) {
      let reader = try TraceReader(bytes: damaged)
      try reader.forEachEvent(touches: { _ in }, otherEvents: { _ in })
    }
    #expect(loopError?.description == nextError?.description)
  }

  /// Touches and frame ticks are kept as plain bytes; any other event beside them, in order.
  @Test func aBatchKeepsOnlyRareEventsOutOfLine() {
    let items = [
      SceneItem(length: 44, reuseIdentifier: "row"), SceneItem(length: 88, reuseIdentifier: "card"),
    ]
    let events = [
      TraceEvent(
        timestamp: 1,
        touch: TouchSample(touchID: 3, phase: .began, location: Point(x: 1, y: 2), force: 0.5)),
      TraceEvent(timestamp: 2, .frameTick),
      TraceEvent(timestamp: 3, .scene(Scene(axis: .vertical, layout: .list(items)))),
      TraceEvent(
        timestamp: 4, touch: TouchSample(touchID: 3, phase: .ended, location: Point(x: 5, y: 6))),
      TraceEvent(timestamp: 5, .marker("rotate")),
    ]
    var batch = EventBatch()
    var itemCounts: [Int] = []
    for event in events {
      batch.append(event)
      itemCounts.append(batch.lastSceneItemCount)
    }
    #expect(batch.count == 5)
    #expect(batch.others.count == 2)
    #expect(batch.touches.count == 2)
    #expect(batch.firstTimestamp == 1 && batch.lastTimestamp == 5)
    #expect(itemCounts == [0, 0, 2, 0, 0])
    var position = EventBatch.Position()
    var byNext: [TraceEvent] = []
    while !batch.isExhausted(at: position) { byNext.append(batch.next(at: &position)) }
    #expect(byNext == events)
    position = EventBatch.Position(entry: 1)
    var handed: [TraceEvent] = []
    batch.forEach(from: &position) { handed.append(copy $0) }
    #expect(batch.isExhausted(at: position))
    #expect(handed == Array(events[1...]))
    batch.removeAll()
    #expect(batch.count == 0 && batch.others.isEmpty && batch.lastSceneItemCount == 0)
    #expect(batch.touches.count == 0 && batch.firstTimestamp == nil)
  }

  /// Touches in a row are one entry, however they were appended; a loop by runs hands them as
  /// one run from where a loop by events left off.
  @Test func touchesInARowAreOneRun() {
    let touches = (0..<6).map {
      TraceEvent(
        timestamp: Int64($0),
        touch: TouchSample(
          touchID: 1, phase: .moved, location: Point(x: Double($0), y: 0),
          majorRadius: $0 == 3 ? 7 : nil))
    }
    var batch = EventBatch()
    for event in touches[0..<3] { batch.append(event) }
    batch.append(TraceEvent(timestamp: 6, .frameTick))
    for event in touches[3...] { batch.append(event) }
    #expect(batch.entries.map(\.count) == [3, 1, 3])
    var position = EventBatch.Position()
    _ = batch.next(at: &position)
    var runs: [[TouchSample]] = []
    var others: [TraceEvent] = []
    batch.forEachRun(from: &position) { columns, indices in
      let run = TouchRun(columns, indices)
      runs.append(run.indices.map { run[$0] })
      #expect(Array(run.timestamps) == run.indices.map { Int64($0) })
    } others: {
      others.append(copy $0)
    }
    #expect(runs == [touches[1..<3].compactMap(\.touch), touches[3...].compactMap(\.touch)])
    #expect(others == [TraceEvent(timestamp: 6, .frameTick)])
    #expect(batch.isExhausted(at: position))
  }

  @Test func aThrowingBodyLeavesTheRestToRead() throws {
    struct Stop: Error {}
    var random = RandomTraces(seed: 7)
    let events = random.events(count: 1_500)
    let reader = try TraceReader(
      bytes: try TraceWriter.encode(header: sampleHeader, events: events))
    var seen = 0
    #expect(throws: Stop.self) {
      try reader.forEachEvent { _ in
        seen += 1
        if seen == 700 { throw Stop() }
      }
    }
    var rest: [TraceEvent] = []
    while let event = try reader.next() { rest.append(event) }
    #expect(rest == Array(events[700...]))
  }

  @Test func readingFromTheBodyIsRefused() throws {
    let events = (0..<10).map { TraceEvent(timestamp: Int64($0), .frameTick) }
    let reader = try TraceReader(
      bytes: try TraceWriter.encode(header: sampleHeader, events: events))
    var errors: [TraceFormatError] = []
    try reader.forEachEvent { _ in
      do { _ = try reader.next() } catch let error as TraceFormatError { errors.append(error) }
      do { try reader.seek(toChunk: 0) } catch let error as TraceFormatError {
        errors.append(error)
      }
      do { try reader.forEachEvent { _ in } } catch let error as TraceFormatError {
        errors.append(error)
      }
    }
    #expect(errors.count == 30)
    #expect(errors.allSatisfy { $0.code == .invalidValue && $0.reason.contains("forEachEvent") })
  }

  @Test func aStrictReaderThrowsFromTheLoopWhereNextThrows() throws {
    let (bytes, _, _) = try DamageTests.sample()
    var damaged = bytes
    damaged[bytes.count / 2] ^= 0xFF
    var fromNext = 0
    let byNext = try TraceReader(bytes: damaged)
    let nextError = #expect(throws: TraceFormatError.self) {
      while try byNext.next() != nil { fromNext += 1 }
    }
    var fromLoop = 0
    let byLoop = try TraceReader(bytes: damaged)
    let loopError = #expect(throws: TraceFormatError.self) {
      try byLoop.forEachEvent { _ in fromLoop += 1 }
    }
    #expect(fromLoop == fromNext)
    #expect(loopError?.description == nextError?.description)
  }

  @Test func touchAndTickEventsAreInlineEveryOtherKindIsBoxed() {
    let sample = TouchSample(touchID: 3, phase: .moved, location: Point(x: 1.5, y: -2), force: 0.5)
    let touch = TraceEvent(timestamp: 9, .touch(sample))
    #expect(touch == TraceEvent(timestamp: 9, touch: sample))
    #expect(touch.touch == sample && touch.boxed == nil && touch.payload == .touch(sample))
    let tick = TraceEvent(timestamp: 9, .frameTick)
    #expect(tick.touch == nil && tick.boxed == nil && tick.payload == .frameTick && tick != touch)
    // An unknown kind that reuses a known tag is still its own payload, not a touch or a tick.
    for tag: UInt8 in [1, 7, 200] {
      let unknown = TraceEvent(timestamp: 9, .unknown(kind: tag, payload: [1, 2, 3]))
      #expect(unknown.touch == nil && unknown.boxed != nil)
      #expect(unknown.payload == .unknown(kind: tag, payload: [1, 2, 3]))
      #expect(unknown != touch && unknown != tick)
    }
    var edited = touch
    edited.payload = .marker("m")
    #expect(edited.kind == .marker && edited.touch == nil && edited.payload == .marker("m"))
    let set: Set<TraceEvent> = [touch, TraceEvent(timestamp: 9, touch: sample), tick, edited]
    #expect(set.count == 3)
  }
}
