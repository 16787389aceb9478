// Stored zstd frames, written in Swift alone: published hash vectors, round trips through this
// reader and through the reference decoder (`zstd -dc`), and damage that must be caught.

import Foundation
import Testing

@testable import TraceCore

@Suite struct StoredFramesTests {
  /// XXH64 with seed 0.
  ///
  /// The empty input's value is the one xxHash's own tests publish
  /// (https://github.com/Cyan4973/xxHash, `XXH64("", 0)`); the others come from the reference C
  /// implementation through its Python binding (python-xxhash 3.6, `xxhash.xxh64(data)`), and
  /// cover each tail path: bytes, a 4-byte word, 8-byte words, and the 32-byte stripes.
  @Test(arguments: [
    ("", 0xEF46_DB37_51D8_E999 as UInt64),
    ("a", 0xD24E_C4F1_A98C_6E5B),
    ("abc", 0x44BC_2CF5_AD77_0999),
    ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1),
  ])
  func xxh64MatchesTheReference(_ text: String, _ expected: UInt64) {
    #expect(Array(text.utf8).withUnsafeBytes { XXH64.hash($0) } == expected)
  }

  @Test func xxh64OfLongInputMatchesTheReference() {
    // `bytes(range(256)) * 3`: 768 bytes, 24 stripes and no tail.
    let bytes = (0..<768).map { UInt8($0 % 256) }
    #expect(bytes.withUnsafeBytes { XXH64.hash($0) } == 0x8E03_C838_C596_036F)
  }

  /// Every content-size field width, and block boundaries at 128 KiB.
  static let sizes = [0, 1, 255, 256, 65_791, 65_792, 131_072, 131_073, 300_000]

  @Test(arguments: sizes)
  func framesRoundTripThroughThisReader(_ size: Int) throws {
    let content = Self.content(size)
    let frame = StoredFrames().compress(content)
    let blocks = max(1, (size + StoredFrames.blockSize - 1) / StoredFrames.blockSize)
    #expect(frame.count <= content.count + 18 + 3 * blocks)
    #expect(try Self.decompress(frame, capacity: size) == content)
    let probe = frame.withUnsafeBytes { ZstdFrameHeader.probe($0) }
    #expect(probe == .contentSize(UInt64(size), hasChecksum: true))
    #expect(try frame.withUnsafeBytes { try ZstdFrameHeader.frameSize($0) } == frame.count)
  }

  @Test(arguments: sizes)
  func framesRoundTripThroughTheReferenceDecoder(_ size: Int) throws {
    let content = Self.content(size)
    let output = try Self.zstd(["-dc"], input: StoredFrames().compress(content))
    #expect(output == content)
  }

  @Test func anRLEBlockIsRead() throws {
    // Magic, descriptor (single segment, 1-byte size, checksum), size 5, an RLE block of 5 × 'z'
    // (last, type 1, size 5), then the checksum of "zzzzz".
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0b0010_0100, 5]
    let blockHeader = 5 << 3 | 1 << 1 | 1
    frame += [UInt8(blockHeader & 0xFF), UInt8(blockHeader >> 8 & 0xFF), 0, UInt8(ascii: "z")]
    let checksum = Array("zzzzz".utf8).withUnsafeBytes { XXH64.hash($0) }
    frame += (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
    #expect(try Self.decompress(frame, capacity: 5) == Array("zzzzz".utf8))
    #expect(try Self.zstd(["-dc"], input: frame) == Array("zzzzz".utf8))
  }

  @Test func aChangedByteFailsTheChecksum() throws {
    var frame = StoredFrames().compress(Self.content(1000))
    frame[100] ^= 0x40
    #expect(throws: ZstdFrameError("the content does not match the frame's checksum")) {
      try Self.decompress(frame, capacity: 1000)
    }
  }

  @Test func aTruncatedFrameSaysWhere() throws {
    let frame = StoredFrames().compress(Self.content(1000))
    for cut in [2, 5, 8, 500, frame.count - 2] {
      #expect(throws: ZstdFrameError.self) {
        try Self.decompress(Array(frame[..<cut]), capacity: 1000)
      }
    }
  }

  @Test func aDeclaredSizeTheBlocksDoNotFillIsRefused() throws {
    var frame = StoredFrames().compress(Self.content(10))
    frame[5] = 11  // The content size field: one more than the blocks hold.
    #expect(throws: ZstdFrameError("the frame declares 11 bytes of content but holds 10")) {
      try Self.decompress(frame, capacity: 11)
    }
  }

  @Test func aCompressedBlockIsRefusedByName() throws {
    let frame = try Self.zstd(
      ["-c", "-q", "--no-check"], input: Array(repeating: 7, count: 4096) + Self.content(4096))
    #expect {
      try Self.decompress(frame, capacity: 8192)
    } throws: { error in
      "\(error)".contains("a compressed block")
    }
  }

  @Test func aTraceOfStoredChunksReadsBackAndThroughTheReferenceDecoder() throws {
    let header = TraceHeader(
      device: DeviceInfo(
        name: "Test Phone", screenSize: Size(width: 390, height: 844), scale: 3,
        refreshRate: 120, touchSampleRate: 240))
    var events: [TraceEvent] = []
    for index in 0..<5_000 {
      let time = Int64(index) * 4_166_667
      events.append(
        TraceEvent(
          timestamp: time,
          touch: TouchSample(
            touchID: 1, phase: index == 0 ? .began : .moved,
            location: Point(x: 200, y: 700 - Double(index % 600)))))
      if index % 2 == 0 {
        events.append(
          TraceEvent(
            timestamp: time,
            .observedFrame(
              ObservedFrame(
                targetTimestamp: time + 8_333_333, contentOffset: Point(x: 0, y: Double(index)),
                contentSize: Size(width: 390, height: 20_000), busyDuration: 2_000_000))))
      }
    }
    let options = TraceWriter.Options(maximumChunkSize: 16 << 10)
    let bytes = try TraceWriter.encode(
      header: header, events: events, options: options, compressor: StoredFrames())
    let reader = try TraceReader(bytes: bytes, decompressor: StoredFrames())
    var read: [TraceEvent] = []
    while let event = try reader.next() { read.append(event) }
    #expect(read == events)
    #expect(reader.header.version == FormatVersion(major: 1, minor: 3))
    // The whole file is a sequence of zstd frames: the reference decoder skips the skippable
    // header and index, and prints the chunks' content.
    let raw = try Self.zstd(["-dc"], input: bytes)
    #expect(Int64(raw.count) == reader.stats.rawBytes)
  }

  // MARK: - Helpers

  static func content(_ size: Int) -> [UInt8] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<size).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  static func decompress(_ frame: [UInt8], capacity: Int) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: capacity)
    let written = try frame.withUnsafeBytes { source in
      try out.withUnsafeMutableBytes { try StoredFrames().decompress(source, into: $0) }
    }
    return Array(out[..<written])
  }

  /// Runs the reference `zstd` tool on `input`; its standard output.
  static func zstd(_ arguments: [String], input: [UInt8]) throws -> [UInt8] {
    let directory = FileManager.default.temporaryDirectory
    let file = directory.appendingPathComponent("scrolltrace-stored-\(UUID().uuidString)")
    try Data(input).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["zstd"] + arguments + [file.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "zstd \(arguments) failed (is zstd installed?)")
    return Array(data)
  }
}
