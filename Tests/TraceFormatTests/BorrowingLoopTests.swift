// The borrowing loop gives exactly what `next()` gives; events keep rare payloads out of line.

import Testing
@testable import TraceFormat

@Suite struct BorrowingLoopTests {
  @Test(arguments: 0..<12)
  func forEachEventGivesWhatNextGives(seed: Int) throws {
    var random = RandomTraces(seed: UInt64(1_000 + seed))
    let events = random.events(count: random.int(0...3_000))
    let bytes = try TraceWriter.encode(header: sampleHeader, events: events, options: .init(maximumChunkSize: 8192))
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

  @Test func aThrowingBodyLeavesTheRestToRead() throws {
    struct Stop: Error {}
    var random = RandomTraces(seed: 7)
    let events = random.events(count: 1_500)
    let reader = try TraceReader(bytes: try TraceWriter.encode(header: sampleHeader, events: events))
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
    let reader = try TraceReader(bytes: try TraceWriter.encode(header: sampleHeader, events: events))
    var errors: [TraceFormatError] = []
    try reader.forEachEvent { _ in
      do { _ = try reader.next() } catch let error as TraceFormatError { errors.append(error) }
      do { try reader.seek(toChunk: 0) } catch let error as TraceFormatError { errors.append(error) }
      do { try reader.forEachEvent { _ in } } catch let error as TraceFormatError { errors.append(error) }
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
    let nextError = #expect(throws: TraceFormatError.self) { while try byNext.next() != nil { fromNext += 1 } }
    var fromLoop = 0
    let byLoop = try TraceReader(bytes: damaged)
    let loopError = #expect(throws: TraceFormatError.self) { try byLoop.forEachEvent { _ in fromLoop += 1 } }
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
