// Truncated, corrupt and hostile files: a typed error, or in recovery mode every intact chunk.

import Foundation
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct DamageTests {
  /// A trace of several chunks of touches, and its events per chunk.
  static func sample() throws -> (bytes: [UInt8], events: [TraceEvent], index: TraceIndex) {
    var random = RandomTraces(seed: 5)
    var time: Int64 = 0
    let events = (0..<600).map { i -> TraceEvent in
      time += 8_333_000
      let sample = TouchSample(
        touchID: 0, phase: i == 0 ? .began : .moved,
        location: Point(x: 100 + Double(random.int(0...2560)) / 256, y: Double(i) * 3.5))
      return TraceEvent(timestamp: time, .touch(sample))
    }
    let bytes = try TraceWriter.encode(
      header: sampleHeader, events: events, options: .init(maximumChunkSize: 1024))
    let index = try #require(try TraceReader(bytes: bytes).index)
    return (bytes, events, index)
  }

  /// The events of the chunks that lie wholly inside the first `length` bytes.
  static func intactEvents(_ events: [TraceEvent], _ index: TraceIndex, before length: Int)
    -> [TraceEvent]
  {
    let whole = index.chunks.prefix { $0.fileOffset + Int64($0.compressedSize) <= Int64(length) }
    return Array(events.prefix(whole.reduce(0) { $0 + $1.eventCount }))
  }

  @Test func truncationAtEveryOffsetOfTheLastTwoChunksNeverCrashes() throws {
    let (bytes, events, index) = try Self.sample()
    let chunks = index.chunks
    #expect(chunks.count >= 4)
    let from = Int(chunks[chunks.count - 2].fileOffset)
    for length in from..<bytes.count {
      let prefix = Array(bytes[0..<length])
      let expected = Self.intactEvents(events, index, before: length)
      if chunks.contains(where: { Int($0.fileOffset) + $0.compressedSize == length }) {
        // Cut exactly after a chunk: a valid trace without an index, as a killed recorder leaves.
        #expect(try readAll(prefix).1 == expected, "cut at \(length)")
        continue
      }
      // Strict: a typed error (the index footer is gone, so the tail chunk is found cut off).
      do {
        _ = try readAll(prefix)
        Issue.record("a trace cut at \(length) of \(bytes.count) bytes read without error")
      } catch let error as TraceFormatError {
        #expect(
          [.truncated, .decompressionFailed, .badMagic].contains(error.code),
          "cut at \(length): \(error)")
        #expect(error.byteOffset != nil)
      }
      // Recovery: every chunk that is wholly present, and a loss record for the rest.
      let (reader, recovered) = try readAll(prefix, mode: .recover)
      #expect(recovered == expected, "cut at \(length)")
      #expect(!reader.losses.isEmpty, "cut at \(length)")
      #expect(reader.losses.last?.byteRange.upperBound == Int64(length))
    }
  }

  @Test func aFileWithoutItsIndexReadsInFull() throws {
    // What a killed recorder leaves after its last flush: header and complete chunks.
    let (bytes, events, index) = try Self.sample()
    let lastChunk = try #require(index.chunks.last)
    let withoutIndex = Array(bytes[0..<Int(lastChunk.fileOffset) + lastChunk.compressedSize])
    let (reader, decoded) = try readAll(withoutIndex)
    #expect(decoded == events)
    #expect(reader.index == nil)
  }

  @Test func aRecorderThatFlushesLeavesAReadableFileBeforeClosing() throws {
    // What a recorder killed after flush() leaves on disk: header and whole chunks, no index.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flush-\(UUID().uuidString).sctrace"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (_, events, _) = try Self.sample()
    let writer = try TraceWriter(
      path: path, header: sampleHeader, options: .init(maximumChunkSize: 1024))
    for event in events[0..<300] { try writer.append(event) }
    try writer.flush()
    for event in events[300..<310] { try writer.append(event) }  // Unflushed: in memory only.
    let reader = try TraceReader(path: path)
    var read: [TraceEvent] = []
    while let event = try reader.next() { read.append(event) }
    #expect(read == Array(events[0..<300]))
    #expect(reader.index == nil)
    for event in events[310...] { try writer.append(event) }
    try writer.close()
    let closed = try TraceReader(path: path)
    var reread: [TraceEvent] = []
    while let event = try closed.next() { reread.append(event) }
    #expect(reread == events)
    #expect(closed.index != nil)
  }

  @Test func aFlippedByteInTheHeaderIsDetected() throws {
    let (bytes, events, _) = try Self.sample()
    for offset in [9, 14, 20, 30] {
      var damaged = bytes
      damaged[offset] ^= 0x40
      #expect(throws: TraceFormatError.self) { _ = try readAll(damaged) }
      let (reader, recovered) = try readAll(damaged, mode: .recover)
      #expect(recovered == events, "flip at \(offset)")
      #expect(reader.header == .fallback)
      #expect(reader.losses.first?.part == .header)
    }
  }

  @Test func aFlippedByteInAChunkLosesOnlyThatChunk() throws {
    let (bytes, events, index) = try Self.sample()
    let victim = 2
    let chunk = index.chunks[victim]
    for delta in [6, chunk.compressedSize / 2, chunk.compressedSize - 2] {
      var damaged = bytes
      damaged[Int(chunk.fileOffset) + delta] ^= 0x01
      #expect {
        _ = try readAll(damaged)
      } throws: { error in
        guard let error = error as? TraceFormatError else { return false }
        return error.chunk == victim && error.byteOffset == chunk.fileOffset
      }
      let (reader, recovered) = try readAll(damaged, mode: .recover)
      let before = index.chunks[0..<victim].reduce(0) { $0 + $1.eventCount }
      var expected = Array(events[0..<before])
      expected += events[(before + chunk.eventCount)...]
      #expect(recovered == expected, "flip at +\(delta)")
      let loss = try #require(reader.losses.first)
      #expect(reader.losses.count == 1)
      #expect(loss.chunks == victim...victim)
      #expect(loss.eventCount == chunk.eventCount)
      #expect(loss.byteRange == chunk.fileOffset..<(chunk.fileOffset + Int64(chunk.compressedSize)))
      #expect(loss.earliestTimestamp == chunk.firstTimestamp)
      #expect(loss.latestTimestamp == chunk.lastTimestamp)
    }
  }

  @Test func aDamagedChunkWithoutAnIndexIsSkippedByScanning() throws {
    let (bytes, events, index) = try Self.sample()
    let last = try #require(index.chunks.last)
    var damaged = Array(bytes[0..<Int(last.fileOffset) + last.compressedSize])
    let chunk = index.chunks[1]
    damaged[Int(chunk.fileOffset) + chunk.compressedSize / 2] ^= 0xFF
    let (reader, recovered) = try readAll(damaged, mode: .recover)
    let before = index.chunks[0].eventCount
    #expect(recovered == Array(events[0..<before]) + events[(before + chunk.eventCount)...])
    let loss = try #require(reader.losses.first)
    #expect(loss.byteRange == chunk.fileOffset..<(chunk.fileOffset + Int64(chunk.compressedSize)))
    // Without an index the time bounds are the neighbours that were read.
    #expect(loss.earliestTimestamp == index.chunks[0].lastTimestamp)
    #expect(loss.latestTimestamp == index.chunks[2].firstTimestamp)
  }

  @Test func aFlippedByteInTheIndexIsDetected() throws {
    let (bytes, events, index) = try Self.sample()
    let last = try #require(index.chunks.last)
    let indexStart = Int(last.fileOffset) + last.compressedSize
    for offset in stride(from: indexStart, to: bytes.count, by: 7) {
      var damaged = bytes
      damaged[offset] ^= 0x10
      #expect(throws: TraceFormatError.self, "flip at \(offset)") { _ = try readAll(damaged) }
      let (_, recovered) = try readAll(damaged, mode: .recover)
      #expect(recovered == events, "flip at \(offset)")
    }
  }

  @Test func aChunkDeclaringOneGibibyteIsRefusedWithoutAllocating() throws {
    var bytes = try TraceWriter.encode(header: sampleHeader, events: [])
    bytes.removeLast(28)  // The empty index frame: 8 + "SCTI" + count + CRC + footer.
    // A zstd frame header: magic, descriptor 0xA0 (single segment, 4-byte content size), 2^30.
    bytes += [0x28, 0xB5, 0x2F, 0xFD, 0xA0, 0x00, 0x00, 0x00, 0x40, 0x01, 0x00, 0x00]
    #expect {
      _ = try readAll(bytes)
    } throws: { error in
      (error as? TraceFormatError)?.code == .limitExceeded && "\(error)".contains("1073741824")
    }
    let (reader, _) = try readAll(bytes, mode: .recover)
    #expect(reader.losses.count == 1)
  }

  @Test func aRunLengthBombInASceneIsRefused() throws {
    let items = Array(repeating: SceneItem(length: 1, reuseIdentifier: "x"), count: 5000)
    let bytes = try TraceWriter.encode(
      header: sampleHeader,
      events: [TraceEvent(timestamp: 0, .scene(Scene(axis: .vertical, layout: .list(items))))])
    #expect(throws: TraceFormatError(.limitExceeded, "")) {
      _ = try readAll(bytes, limits: DecodeLimits(maximumSceneItems: 4999))
    }
    #expect(try readAll(bytes, limits: DecodeLimits(maximumSceneItems: 5000)).1.count == 1)
  }

  @Test func notATraceAtAll() throws {
    for bytes: [UInt8] in [
      [], [1, 2, 3], Array("hello, world, not a trace".utf8), [0x28, 0xB5, 0x2F, 0xFD, 0, 0, 0, 0],
    ] {
      #expect(throws: TraceFormatError.self) { _ = try readAll(bytes) }
    }
  }

  @Test func randomGarbageNeverCrashesEitherMode() throws {
    let (bytes, _, _) = try Self.sample()
    var random = RandomTraces(seed: 77)
    for _ in 0..<300 {
      var damaged = bytes
      for _ in 0..<random.int(1...8) {
        damaged[random.int(0...(damaged.count - 1))] = UInt8(random.int(0...255))
      }
      if random.int(0...3) == 0 { damaged.removeLast(random.int(0...200)) }
      _ = try? readAll(damaged)
      _ = try? readAll(damaged, mode: .recover)
    }
  }
}
