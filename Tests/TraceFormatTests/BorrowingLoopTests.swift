// The borrowing loop gives exactly what `next()` gives; events keep rare payloads out of line, and
// a reader's batch keeps the rest as plain bytes.

import Testing

@testable import TraceCore
@testable import TraceFormat

@Suite struct BorrowingLoopTests {
  @Test(arguments: 0..<12)
  func forEachEventGivesWhatNextGives(seed: Int) throws {
    var random = RandomTraces(seed: UInt64(1_000 + seed))
    let events = random.events(count: random.int(0...3_000))
    let bytes = try TraceWriter.encode(
      header: sampleHeader, events: events, options: .init(maximumChunkSize: 8192))
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
    #expect(itemCounts == [0, 0, 2, 0, 0])
    #expect((0..<5).map { batch[$0] } == events)
    var index = 1
    var handed: [TraceEvent] = []
    batch.forEach(from: &index) { handed.append(copy $0) }
    #expect(index == 5)
    #expect(handed == Array(events[1...]))
    batch.removeAll(reservingCapacity: 8)
    #expect(batch.count == 0 && batch.others.isEmpty && batch.lastSceneItemCount == 0)
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
