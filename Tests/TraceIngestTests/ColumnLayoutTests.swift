// Format 1.1's chunks laid out by column: the same events as rows, fewer bytes, every size in
// the stream table checked, and format 1.0's files still read.

import Foundation
import Testing

@testable import TraceCore
@_spi(Fuzzing) @testable import TraceIngest

@Suite struct ColumnLayoutTests {
  /// A column chunk's content from its parts: `streams` in ``ColumnStream`` order (missing ones
  /// empty), the table computed unless overridden.
  static func content(
    events: Int, streams: [[UInt8]], layout: UInt8 = 1, listed: Int? = nil, lengths: [Int]? = nil,
    trailing: [UInt8] = []
  ) -> [UInt8] {
    var streams = streams
    while streams.count < ColumnStream.allCases.count { streams.append([]) }
    var out = ByteWriter()
    out.writeBytes(WireLayout.columnChunkMarker)
    out.writeUInt8(layout)
    out.writeVarint(UInt64(events))
    out.writeVarint(UInt64(listed ?? streams.count))
    for length in lengths ?? streams.map(\.count) { out.writeVarint(UInt64(length)) }
    for stream in streams { out.writeBytes(stream) }
    out.writeBytes(trailing)
    return out.bytes
  }

  /// Two touches and a marker, laid out by column by hand.
  static let twoTouchesAndAMarker: [[UInt8]] = [
    [0x02, 0x02, 0x02],  // times: +1 each
    [1, 1, 8],  // kinds: touch, touch, marker
    [0, 0, 1, 0],  // heads: began, moved; no flags
    [7, 7],  // ids
    [0x80, 0x02, 0x02],  // x: +128 (0.5 pt), +1
    [0x00, 0x01],  // y: 0, -1
    [],  // extras
    [2],  // lengths: the marker's
    Array("hi".utf8),  // payloads
  ]

  static func read(_ content: [UInt8], mode: TraceReader.Mode = .strict) throws -> [TraceEvent] {
    try readAll(try TraceWriter.trace(header: sampleHeader, chunkContent: content), mode: mode).1
  }

  @Test func aHandMadeColumnChunkDecodes() throws {
    let events = try Self.read(Self.content(events: 3, streams: Self.twoTouchesAndAMarker))
    #expect(
      events == [
        TraceEvent(
          timestamp: 1,
          .touch(TouchSample(touchID: 7, phase: .began, location: Point(x: 0.5, y: 0)))),
        TraceEvent(
          timestamp: 2,
          .touch(
            TouchSample(
              touchID: 7, phase: .moved, location: Point(x: 0.5 + 1.0 / 256, y: -1.0 / 256)))),
        TraceEvent(timestamp: 3, .marker("hi")),
      ])
  }

  @Test func bothLayoutsHoldTheSameEventsAndColumnsAreSmaller() throws {
    // One block of the benchmark's jittered pager workload.
    let json = try Data(contentsOf: URL(fileURLWithPath: "Benchmarks/workloads/paging.json"))
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json)))
    let events = try synthesizer.events()
    var sizes: [ChunkLayout: Int] = [:]
    for layout in ChunkLayout.allCases {
      let bytes = try TraceWriter.encode(
        header: synthesizer.header, events: events, options: .init(chunkLayout: layout))
      #expect(try readAll(bytes).1 == events)
      sizes[layout] = bytes.count
    }
    // Measured 38 % on the jittered benchmark workload (docs/performance.md); this trace is shorter.
    let saving = 1 - Double(sizes[.columns] ?? 0) / Double(sizes[.rows] ?? 1)
    #expect(saving >= 0.2, "columns \(sizes[.columns] ?? 0) bytes, rows \(sizes[.rows] ?? 0)")
  }

  @Test func theWriterDeclaresTheVersionOfItsLayout() throws {
    var header = sampleHeader
    header.version = FormatVersion(major: 1, minor: 0)  // As read from a 1.0 file.
    let columns = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(columns.header.version == FormatVersion(major: 1, minor: 3))
    // A header that asks for 1.4's content changes gets it; by rows, a file is 1.0 all the same.
    header.version = .contentChanges
    let changing = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(changing.header.version == FormatVersion(major: 1, minor: 4))
    // One that asks for 1.5's keyboard gets 1.5, 1.6's rows 1.6, 1.7's deadlines 1.7, and 1.8's
    // adjusted insets 1.8, the current version; a later one is written as the current version,
    // which is all this writer knows.
    header.version = .keyboard
    let typing = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(typing.header.version == FormatVersion(major: 1, minor: 5))
    header.version = .rows
    let shared = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(shared.header.version == FormatVersion(major: 1, minor: 6))
    header.version = .deadlines
    let judged = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(judged.header.version == FormatVersion(major: 1, minor: 7))
    header.version = .adjustedInsets
    let adjusted = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(adjusted.header.version == FormatVersion(major: 1, minor: 8))
    header.version = .resolvedSizes
    let resolved = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(resolved.header.version == FormatVersion(major: 1, minor: 9))
    #expect(resolved.header.version == FormatVersion.current)
    header.version = FormatVersion(major: 1, minor: 10)
    let later = try TraceReader(bytes: try TraceWriter.encode(header: header, events: []))
    #expect(later.header.version == FormatVersion.current)
    header.version = FormatVersion(major: 1, minor: 1)
    let rows = try TraceReader(
      bytes: try TraceWriter.encode(header: header, events: [], options: .init(chunkLayout: .rows)))
    #expect(rows.header.version == FormatVersion(major: 1, minor: 0))
  }

  @Test func nineStreams() {
    // ColumnChunkWriter.Mark keeps one count per stream inline, sized 9.
    #expect(ColumnStream.allCases.count == 9)
  }

  @Test func aFormatOneDotZeroReaderRefusesAColumnChunkAtItsFirstByte() {
    // 1.0's reader is the row decoder: the marker is a non-minimal varint it refuses.
    let content = Self.content(events: 3, streams: Self.twoTouchesAndAMarker)
    var decoder = EventDecoder(limits: .default)
    var events = EventBatch()
    content.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      #expect(throws: TraceFormatError(.malformedEvent, "")) {
        try decoder.decode(&reader, appendingTo: &events)
      }
    }
  }

  @Test(arguments: ["cardfeed-mixed", "phone-two-finger-drag"])
  func formatOneDotZeroFilesStillRead(_ name: String) throws {
    let old = try TraceReader(path: "Tests/Compatibility/\(name).format-1.0.sctrace")
    #expect(old.header.version == FormatVersion(major: 1, minor: 0))
    var oldEvents: [TraceEvent] = []
    try old.forEachEvent { oldEvents.append(copy $0) }
    let current = try TraceReader(
      path: name.hasPrefix("phone") ? "Traces/real/\(name).sctrace" : "Traces/\(name).sctrace")
    var currentEvents: [TraceEvent] = []
    try current.forEachEvent { currentEvents.append(copy $0) }
    #expect(current.header.version == FormatVersion(major: 1, minor: 3))
    #expect(!oldEvents.isEmpty)
    #expect(oldEvents == currentEvents)
    #expect(old.stats.rawBytes > current.stats.rawBytes)
  }

  /// Every size the table declares is checked; each of these is refused in strict mode with the
  /// code given, and read without a crash in recovery mode.
  static let damaged: [(String, [UInt8], TraceFormatError.Code)] = [
    (
      "a layout from the future", content(events: 3, streams: twoTouchesAndAMarker, layout: 2),
      .unsupportedVersion
    ),
    (
      "the table cut short", Array(content(events: 3, streams: twoTouchesAndAMarker).prefix(8)),
      .malformedChunk
    ),
    ("only the marker", WireLayout.columnChunkMarker, .malformedChunk),
    (
      "fewer streams than nine",
      content(
        events: 3, streams: twoTouchesAndAMarker, listed: 8, lengths: [3, 3, 4, 2, 3, 2, 0, 1]),
      .malformedChunk
    ),
    (
      "streams past the end",
      content(events: 3, streams: twoTouchesAndAMarker, lengths: [3, 3, 4, 2, 3, 2, 0, 1, 200]),
      .malformedChunk
    ),
    (
      "bytes after the streams", content(events: 3, streams: twoTouchesAndAMarker, trailing: [0]),
      .malformedChunk
    ),
    (
      "a huge stream length",
      content(
        events: 3, streams: twoTouchesAndAMarker, lengths: [3, 3, 4, 2, 3, 2, 0, 1, Int(Int64.max)]),
      .malformedChunk
    ),
    (
      "an event count beyond the chunk", content(events: 1 << 40, streams: twoTouchesAndAMarker),
      .malformedChunk
    ),
    (
      "kinds that do not match the count", content(events: 2, streams: twoTouchesAndAMarker),
      .malformedChunk
    ),
    (
      "a touch field missing",
      content(
        events: 3,
        streams: Array(twoTouchesAndAMarker.prefix(5)) + [[0x00], [], [2], Array("hi".utf8)]),
      .malformedEvent
    ),
    (
      "a payload past its stream",
      content(events: 3, streams: Array(twoTouchesAndAMarker.prefix(7)) + [[5], Array("hi".utf8)]),
      .malformedEvent
    ),
    (
      "bytes no event reads",
      content(
        events: 3,
        streams: Array(twoTouchesAndAMarker.prefix(3)) + [[7, 7, 7]]
          + Array(twoTouchesAndAMarker.suffix(5))), .malformedChunk
    ),
    (
      "a time that overflows",
      content(
        events: 3,
        streams: [[0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x02, 0x02]]
          + Array(twoTouchesAndAMarker.dropFirst())), .malformedEvent
    ),
  ]

  @Test(arguments: damaged.indices)
  func damagedTablesAndStreamsAreRefused(_ index: Int) throws {
    let (name, content, code) = Self.damaged[index]
    let trace = try TraceWriter.trace(header: sampleHeader, chunkContent: content)
    do {
      _ = try readAll(trace)
      Issue.record("\(name): read without an error")
    } catch let error as TraceFormatError {
      #expect(error.code == code, "\(name): \(error)")
      #expect(error.chunk == 0, "\(name): \(error)")
    }
    let (reader, _) = try readAll(trace, mode: .recover)
    #expect(!reader.losses.isEmpty, "\(name)")
  }
}
