// Encode ∘ decode is the identity, and decode ∘ encode reproduces the bytes.

import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct RoundTripTests {
  @Test(arguments: 0..<40)
  func randomStreamsRoundTripExactly(seed: Int) throws {
    var random = RandomTraces(seed: UInt64(seed))
    let events = random.events(
      count: random.int(0...600), start: Int64(random.int(-1_000_000...1_000_000)))
    let chunkSize = [8192, 16384, 65536, 256 << 10][seed % 4]
    for layout in ChunkLayout.allCases {
      let options = TraceWriter.Options(maximumChunkSize: chunkSize, chunkLayout: layout)
      let bytes = try TraceWriter.encode(header: sampleHeader, events: events, options: options)
      let (reader, decoded) = try readAll(bytes)
      #expect(decoded == events, "\(layout)")
      var header = sampleHeader
      header.version = layout.formatVersion
      #expect(reader.header == header)
      #expect(reader.index?.chunks.count == reader.stats.chunks)
      #expect(reader.stats.events == events.count)
      // Canonical: writing what was read gives the same bytes.
      let again = try TraceWriter.encode(header: reader.header, events: decoded, options: options)
      #expect(again == bytes, "\(layout)")
    }
  }

  @Test func emptyTraceHasAHeaderAndAnEmptyIndex() throws {
    let bytes = try TraceWriter.encode(header: sampleHeader, events: [])
    let (reader, events) = try readAll(bytes)
    #expect(events.isEmpty)
    #expect(reader.index == TraceIndex(chunks: []))
    #expect(reader.stats.chunks == 0)
  }

  @Test func oneEvent() throws {
    let event = TraceEvent(timestamp: 5, .marker("only"))
    let (_, events) = try readAll(try TraceWriter.encode(header: sampleHeader, events: [event]))
    #expect(events == [event])
  }

  @Test func extremeTimestampsAndQuanta() throws {
    var header = sampleHeader
    header.timestampQuantum = 1000
    let events = [
      TraceEvent(timestamp: -4_611_686_018_427_387_000, .frameTick),
      TraceEvent(timestamp: 0, .frameTick),
      TraceEvent(timestamp: 4_611_686_018_427_387_000, .frameTick),
      TraceEvent(timestamp: -1000, .frameTick),
    ]
    let (reader, decoded) = try readAll(try TraceWriter.encode(header: header, events: events))
    #expect(decoded == events)
    #expect(reader.stats.timestampsOutOfOrder == 1)
    // A delta that overflows 64 bits cannot be stored.
    let writer = try TraceWriter(header: header)
    try writer.append(TraceEvent(timestamp: 9_223_372_036_854_775_000, .frameTick))
    #expect(throws: TraceFormatError(.invalidValue, "")) {
      try writer.append(TraceEvent(timestamp: -9_223_372_036_854_775_000, .frameTick))
    }
  }

  @Test func aTimestampOffTheQuantumIsRefused() throws {
    var header = sampleHeader
    header.timestampQuantum = 1000
    let writer = try TraceWriter(header: header)
    #expect(throws: TraceFormatError(.invalidValue, "")) {
      try writer.append(TraceEvent(timestamp: 1500, .frameTick))
    }
  }

  @Test func eventsExactlyFillingChunksSplitAtTheBoundary() throws {
    // A frame tick at time 0 encodes in 3 bytes (delta 0, kind, length 0): a 64-byte chunk of
    // rows holds 21 of them exactly (63 bytes), and the 22nd starts a new chunk.
    let events = (0..<(21 * 5)).map { _ in TraceEvent(timestamp: 0, .frameTick) }
    let bytes = try TraceWriter.encode(
      header: sampleHeader, events: events, options: .init(maximumChunkSize: 64, chunkLayout: .rows)
    )
    let (reader, decoded) = try readAll(bytes)
    #expect(decoded == events)
    let chunks = try #require(reader.index).chunks
    #expect(chunks.map(\.eventCount) == Array(repeating: 21, count: 5))
    #expect(chunks.map(\.rawSize) == Array(repeating: 63, count: 5))
  }

  @Test func eventsFillingColumnChunksSplitAtTheBoundary() throws {
    // By column, the same ticks take 3 bytes each in three streams (times, kinds, lengths) after
    // a 14-byte table (marker 2, layout 1, count 1, stream count 1, nine lengths of 1 byte):
    // 16 fill 62 bytes of a 64-byte chunk, a 17th would need 65.
    let events = (0..<(21 * 5)).map { _ in TraceEvent(timestamp: 0, .frameTick) }
    let bytes = try TraceWriter.encode(
      header: sampleHeader, events: events, options: .init(maximumChunkSize: 64))
    let (reader, decoded) = try readAll(bytes)
    #expect(decoded == events)
    let chunks = try #require(reader.index).chunks
    #expect(chunks.map(\.eventCount) == Array(repeating: 16, count: 6) + [9])
    #expect(chunks.map(\.rawSize) == Array(repeating: 62, count: 6) + [14 + 3 * 9])
  }

  @Test func touchLocationsOffTheGridRoundToTheNearest256th() throws {
    let sample = TouchSample(touchID: 1, phase: .moved, location: Point(x: 100.1, y: -0.3))
    let (_, events) = try readAll(
      try TraceWriter.encode(
        header: sampleHeader, events: [TraceEvent(timestamp: 0, .touch(sample))]))
    guard case .touch(let decoded) = events.first?.payload else {
      Issue.record("expected a touch")
      return
    }
    #expect(abs(decoded.location.x - 100.1) <= 1.0 / 512)
    #expect(abs(decoded.location.y + 0.3) <= 1.0 / 512)
    #expect((decoded.location.x * 256).rounded() == decoded.location.x * 256)
  }

  @Test(arguments: [
    EventPayload.touch(TouchSample(touchID: 0, phase: .began, location: Point(x: .nan, y: 0))),
    .touch(TouchSample(touchID: 0, phase: .began, location: Point(x: 1e14, y: 0))),
    .touch(TouchSample(touchID: 0, phase: .began, location: .zero, force: -1)),
    .viewport(ViewportChange(size: Size(width: -1, height: 10))),
    .viewport(ViewportChange(size: Size(width: 1, height: 10), transitionDuration: -5)),
    .content(ContentGeometry(contentSize: Size(width: .infinity, height: 0))),
    .scene(Scene(axis: .vertical, layout: .pages(count: -1))),
    .scene(Scene(axis: .vertical, layout: .list([SceneItem(length: -3, reuseIdentifier: "x")]))),
    .sceneEdit(.delete(section: 0, index: -1, count: 1)),
    .programmaticScroll(
      ProgrammaticScroll(target: .offset(Point(x: .infinity, y: 0)), isAnimated: true)),
    .unknown(kind: 1, payload: []),
  ])
  func theWriterRefusesValuesTheFormatCannotHold(_ payload: EventPayload) throws {
    let writer = try TraceWriter(header: sampleHeader)
    #expect(throws: TraceFormatError(.invalidValue, "")) {
      try writer.append(TraceEvent(timestamp: 0, payload))
    }
    // Nothing was written for the refused event: the trace stays valid.
    try writer.append(TraceEvent(timestamp: 1, .marker("after")))
    let (_, events) = try readAll(try writer.close())
    #expect(events == [TraceEvent(timestamp: 1, .marker("after"))])
  }

  @Test func anEventLargerThanAChunkIsRefused() throws {
    let writer = try TraceWriter(header: sampleHeader, options: .init(maximumChunkSize: 64))
    #expect(throws: TraceFormatError(.invalidValue, "")) {
      try writer.append(TraceEvent(timestamp: 0, .marker(String(repeating: "x", count: 100))))
    }
  }

  @Test func headersRoundTripAndNewerMajorVersionsAreRefused() throws {
    let content = try HeaderCodec.encode(sampleHeader)
    #expect(try HeaderCodec.decode(content) == sampleHeader)
    var newer = sampleHeader
    newer.version = FormatVersion(major: 2, minor: 0)
    #expect(throws: TraceFormatError(.unsupportedVersion, "")) {
      try HeaderCodec.decode(try HeaderCodec.encode(newer))
    }
    var minor = sampleHeader
    minor.version = FormatVersion(major: 1, minor: 7)
    #expect(try HeaderCodec.decode(try HeaderCodec.encode(minor)).version == minor.version)
  }

  /// The device's adjusted inset (1.8) rides after a content event's 1.7 fields, and the frame in
  /// the window after a viewport event's: they round-trip by rows and by columns, a 1.7 payload
  /// (none) reads as none, and bytes a later version adds after them are passed over.
  @Test func adjustedInsetsRoundTripAndOlderPayloadsReadAsNone() throws {
    let with = ContentGeometry(
      contentSize: Size(width: 390, height: 5000), contentInset: EdgeInsets(bottom: 20),
      adjustmentBehavior: .automatic, adjustedContentInset: EdgeInsets(top: 91, bottom: 54))
    let without = ContentGeometry(contentSize: Size(width: 390, height: 5000))
    let framed = ViewportChange(
      size: Size(width: 390, height: 700), safeAreaInsets: EdgeInsets(top: 47),
      frameInWindow: Rect(x: 0, y: 60, width: 390, height: 700))
    let events = [
      TraceEvent(timestamp: 0, .content(with)), TraceEvent(timestamp: 1000, .content(without)),
      TraceEvent(timestamp: 2000, .viewport(framed)),
      TraceEvent(timestamp: 3000, .viewport(ViewportChange(size: framed.size))),
    ]
    for layout in [ChunkLayout.rows, .columns] {
      var header = sampleHeader
      header.version = .adjustedInsets
      let bytes = try TraceWriter.encode(
        header: header, events: events, options: .init(chunkLayout: layout))
      let reader = try TraceReader(bytes: bytes)
      var read: [TraceEvent] = []
      while let event = try reader.next() { read.append(event) }
      #expect(read == events)
    }
    // A row: the timestamp delta (0, one byte), the kind, the payload's length (one byte), the
    // payload.
    func row(_ content: ContentGeometry) throws -> [UInt8] {
      var encoder = EventEncoder()
      var out = ByteWriter()
      try encoder.encode(TraceEvent(timestamp: 0, .content(content)), into: &out)
      return out.bytes
    }
    let full = try row(with)
    let older = try row(without)
    #expect(full.count == older.count + 32)
    let decoder = EventDecoder(limits: .default)
    func decode(_ payload: [UInt8]) throws -> EventPayload {
      try payload.withUnsafeBytes { raw in
        var body = ByteReader(raw)
        return try decoder.payload(EventKind.content.rawValue, at: 0, &body)
      }
    }
    #expect(try decode(Array(older.dropFirst(3))) == .content(without))
    #expect(try decode(Array(full.dropFirst(3)) + [1, 2, 3]) == .content(with))
  }

  @Test func identicalInputGivesIdenticalBytes() throws {
    var first = RandomTraces(seed: 99)
    var second = RandomTraces(seed: 99)
    let a = try TraceWriter.encode(header: sampleHeader, events: first.events(count: 2000))
    let b = try TraceWriter.encode(header: sampleHeader, events: second.events(count: 2000))
    #expect(a == b)
  }

  @Test func seekingByChunkAndTimestampUsesTheIndex() throws {
    let events = (0..<1000).map { TraceEvent(timestamp: Int64($0) * 1000, .marker("event \($0)")) }
    let bytes = try TraceWriter.encode(
      header: sampleHeader, events: events, options: .init(maximumChunkSize: 512))
    let reader = try TraceReader(bytes: bytes)
    let index = try #require(reader.index)
    #expect(index.chunks.count > 10)
    try reader.seek(toChunk: 5)
    #expect(try reader.next()?.timestamp == index.chunks[5].firstTimestamp)
    try reader.seek(toTimestamp: 700_500)
    let event = try #require(try reader.next())
    #expect(event.timestamp <= 700_000)
    #expect(event.timestamp >= index.chunks[index.chunk(containing: 700_500)].firstTimestamp)
    #expect(throws: TraceFormatError(.invalidValue, "")) { try reader.seek(toChunk: 10_000) }
    // Chunk lookup by file offset: exact starts, offsets inside a chunk, past the end.
    for (number, chunk) in index.chunks.enumerated() {
      #expect(index.firstChunk(atOrAfter: chunk.fileOffset) == number)
      #expect(index.firstChunk(atOrAfter: chunk.fileOffset + 1) == number + 1)
    }
    #expect(index.firstChunk(atOrAfter: 0) == 0)
    #expect(index.firstChunk(atOrAfter: Int64.max) == index.chunks.count)
  }
}
