// Touches decoded a stream at a time give exactly what decoding them one by one gives: the same
// events and the same first error, on random column chunks, damaged or not.

import Testing

@testable import TraceCore
@_spi(Fuzzing) @testable import TraceIngest

@Suite struct TouchRunTests {
  /// A column chunk's streams at random: runs of touches (some longer than a reader's batch),
  /// forces and radii now and then, a marker now and then, and in some chunks one damaged field.
  static func streams(seed: UInt64) -> (events: Int, streams: [[UInt8]]) {
    var random = RandomTraces(seed: seed)
    var streams = Array(repeating: ByteWriter(), count: ColumnStream.allCases.count)
    func write(_ stream: ColumnStream, _ body: (inout ByteWriter) -> Void) {
      body(&streams[stream.rawValue])
    }
    let count = random.int(1...1_200)
    let damaged = random.int(0...1) == 0 ? random.int(0...(count - 1)) : -1
    let damage = random.int(0...6)
    for event in 0..<count {
      let bad = event == damaged ? damage : -1
      write(.times) { $0.writeSignedVarint(bad == 0 ? .max : Int64(random.int(0...40_000))) }
      if random.int(0...15) == 0 {
        write(.kinds) { $0.writeUInt8(EventKind.marker.rawValue) }
        write(.lengths) { $0.writeVarint(1) }
        write(.payloads) { $0.writeUInt8(0x6D) }
        continue
      }
      write(.kinds) { $0.writeUInt8(EventKind.touch.rawValue) }
      let flags: UInt8 = random.int(0...3) == 0 ? UInt8(random.int(1...3)) : 0
      write(.touchHeads) {
        $0.writeUInt8(bad == 1 ? 5 : UInt8(random.int(0...4)))
        $0.writeUInt8(flags)
      }
      write(.touchIDs) {
        $0.writeVarint(bad == 2 ? UInt64(UInt32.max) + 1 : UInt64(random.int(0...20)))
      }
      write(.touchX) {
        $0.writeSignedVarint(bad == 3 ? 1 << 53 : Int64(random.int(-3_000...3_000)))
      }
      write(.touchY) { $0.writeSignedVarint(bad == 4 ? -(1 << 53) : Int64(random.int(-300...300))) }
      for bit: UInt8 in 1...2 where flags & bit != 0 {
        write(.touchExtras) { $0.writeFloat64(bad == 5 ? -1 : random.length()) }
      }
    }
    var bytes = streams.map(\.bytes)
    if damaged >= 0, damage == 6, !bytes[ColumnStream.touchY.rawValue].isEmpty {
      bytes[ColumnStream.touchY.rawValue].removeLast()
    }
    return (count, bytes)
  }

  /// The events of a column chunk decoded one by one, as decoding did before runs, and the
  /// reason of the first error (the leftover check included).
  static func oneByOne(_ content: [UInt8]) -> (events: [TraceEvent], error: String?) {
    var batch = EventBatch()
    let error: String? = content.withUnsafeBytes { raw in
      do throws(TraceFormatError) {
        guard let cursor = try ColumnCursor(content: raw) else { return "not a column chunk" }
        var readers = cursor.readers(raw)
        var decoder = EventDecoder(limits: .default)
        decoder.quantum = sampleHeader.timestampQuantum
        for event in 0..<cursor.eventCount {
          try decoder.decode(&readers, event: event, appendingTo: &batch)
        }
        return readers.leftover()?.reason
      } catch {
        return error.reason
      }
    }
    var events: [TraceEvent] = []
    var position = EventBatch.Position()
    batch.forEach(from: &position) { events.append(copy $0) }
    return (events, error)
  }

  @Test(arguments: 0..<48)
  func touchRunsDecodeAsEventByEvent(seed: Int) throws {
    let (count, streams) = Self.streams(seed: UInt64(seed))
    let content = ColumnLayoutTests.content(events: count, streams: streams)
    let expected = Self.oneByOne(content)
    let reader = try TraceReader(
      bytes: try TraceWriter.trace(header: sampleHeader, chunkContent: content),
      name: "runs.sctrace", mode: .recover)
    var events: [TraceEvent] = []
    try reader.forEachEvent { events.append(copy $0) }
    let differing = zip(events, expected.events).enumerated().first {
      $0.element.0 != $0.element.1
    }?.offset
    #expect(
      differing == nil && events.count == expected.events.count,
      "first difference at \(String(describing: differing)) of \(events.count) and \(expected.events.count) events"
    )
    #expect(reader.losses.map(\.reason) == (expected.error.map { [$0] } ?? []))
    #expect(reader.stats.events == expected.events.count)
    // The columnar loop: the same events and losses, touches from the columns.
    let byRuns = try TraceReader(
      bytes: try TraceWriter.trace(header: sampleHeader, chunkContent: content),
      name: "runs.sctrace", mode: .recover)
    var fromRuns: [TraceEvent] = []
    try byRuns.forEachEvent { run in
      for index in run.indices {
        fromRuns.append(TraceEvent(timestamp: run.timestamps[index], touch: run[index]))
      }
    } otherEvents: {
      fromRuns.append(copy $0)
    }
    #expect(fromRuns == events)
    #expect(byRuns.losses == reader.losses && byRuns.stats == reader.stats)
  }

  /// The generator does reach every damage, and undamaged chunks decode whole.
  @Test func theRandomChunksCoverEveryDamage() {
    var errors: Set<String> = []
    var whole = 0
    for seed in 0..<200 {
      let (count, streams) = Self.streams(seed: UInt64(seed))
      let decoded = Self.oneByOne(ColumnLayoutTests.content(events: count, streams: streams))
      if let error = decoded.error {
        errors.insert(String(error.prefix { $0 != "(" }))
      } else if decoded.events.count == count {
        whole += 1
      }
    }
    #expect(whole > 50)
    #expect(errors.count >= 6, "\(errors.sorted())")
  }
}
