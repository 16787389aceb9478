// The crafted files hostile input is tested with: traces (Tests/Hostile, committed; run with
// SCROLLTRACE_WRITE_REPRODUCERS=1 to write them again), their headers and frames, and what a test
// checks a folder for afterwards.

import Foundation
import TestSupport
import Testing

@testable import TraceCore
@testable import TraceIngest

enum HostileFiles {
  static let folder = CLI.root.appendingPathComponent("Tests/Hostile")
  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static let header = TraceHeader(
    device: DeviceInfo(
      name: "hostile", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
      touchSampleRate: 120))

  static let pager = "Traces/pager-rotation.sctrace"

  /// The crafted traces of round one, by file name: each is a few hundred bytes (making the bombs takes a while).
  static func craftedTraces() throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let list = Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")]))
    let touch = { (time: Int64, phase: TouchSample.Phase, y: Double) in
      TraceEvent(
        timestamp: time,
        .touch(TouchSample(touchID: 1, phase: phase, location: Point(x: 100, y: y))))
    }
    // 1. An index entry at a file offset near Int64.max, behind a correct CRC.
    var trace = try TraceWriter.encode(
      header: header, events: [TraceEvent(timestamp: 0, .scene(list)), touch(0, .began, 400)])
    let indexStart =
      trace.count
      - Int(
        UInt32(trace[trace.count - 8]) | UInt32(trace[trace.count - 7]) << 8 | UInt32(
          trace[trace.count - 6]) << 16 | UInt32(trace[trace.count - 5]) << 24)
    let entry = indexStart + 8 + 8
    for (i, byte) in withUnsafeBytes(of: (Int64.max - 16).littleEndian, Array.init).enumerated() {
      trace[entry + i] = byte
    }
    let crc = CRC32.checksum(trace[(indexStart + 8)..<(entry + WireLayout.indexEntrySize)])
    for (i, byte) in withUnsafeBytes(of: crc.littleEndian, Array.init).enumerated() {
      trace[entry + WireLayout.indexEntrySize + i] = byte
    }
    files["index-offset-overflow.sctrace"] = trace
    // 2. An unknown skippable frame whose size runs into the index's footer: recovery used to go
    //    back to the index frame, behind the loss it was recording.
    var spanning = try TraceWriter.encode(
      header: header, events: [TraceEvent(timestamp: 0, .scene(list)), touch(0, .began, 400)])
    let footer = Array(spanning.suffix(8))
    let index = Array(
      spanning[
        (spanning.count
          - Int(
            UInt32(footer[0]) | UInt32(footer[1]) << 8 | UInt32(footer[2]) << 16 | UInt32(footer[3])
              << 24))...])
    spanning.removeLast(index.count)
    let frameSize = UInt32(index.count - 2)  // Ends 2 bytes before the end of the file.
    spanning += [0x51, 0x2A, 0x4D, 0x18] + withUnsafeBytes(of: frameSize.littleEndian, Array.init)
    spanning += index
    files["skippable-over-index.sctrace"] = spanning
    // 3. 12 000 frame ticks that do not move forward.
    files["duplicate-ticks.sctrace"] = try TraceWriter.encode(
      header: header,
      events: [TraceEvent(timestamp: 0, .scene(list))]
        + (0..<12_000).map { _ in TraceEvent(timestamp: 5, .frameTick) })
    // 4. Scenes and inserts as large as the reader allows, many times over.
    let huge = [SceneItem](
      repeating: SceneItem(length: 44, reuseIdentifier: "row"),
      count: DecodeLimits.default.maximumSceneItems)
    files["scene-bomb.sctrace"] = try TraceWriter.encode(
      header: header,
      events: (0..<24).map {
        TraceEvent(timestamp: Int64($0), .scene(Scene(axis: .vertical, layout: .list(huge))))
      })
    files["insert-bomb.sctrace"] = try TraceWriter.encode(
      header: header,
      events: [TraceEvent(timestamp: 0, .scene(list))]
        + (1...40).map {
          TraceEvent(timestamp: Int64($0), .sceneEdit(.insert(section: 0, index: 0, items: huge)))
        })
    // 5. A 1000 Hz display and touches just under 24 hours apart.
    let fast = TraceHeader(
      device: DeviceInfo(
        name: "hostile", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 1000,
        touchSampleRate: 1000))
    let day: Int64 = 86_399_000_000_000
    var farApart = [TraceEvent(timestamp: 0, .scene(list))]
    for step in 1...4 {
      let phase: TouchSample.Phase = step % 2 == 1 ? .began : .ended
      farApart.append(touch(Int64(step) * day, phase, 400))
    }
    files["far-apart.sctrace"] = try TraceWriter.encode(header: fast, events: farApart)
    // 5b. Touches and a frame tick near Int64.min after an event at 0 (found by FuzzReplay): the
    //     frame clock used to walk a band of 2.8 × 10⁹ frames where its time saturated.
    let edge = Int64.min + 1_000
    files["clock-saturation.sctrace"] = try TraceWriter.encode(
      header: header,
      events: [
        TraceEvent(timestamp: 0, .scene(list)), touch(edge, .began, 400),
        TraceEvent(timestamp: edge + 2_500_000, .frameTick),
        touch(edge + 8_000_000, .moved, 300), touch(edge + 16_000_000, .ended, 200),
      ])
    // 5c. A container list of a million rows a millionth of a point tall, in one run: every row
    //     shows on every frame, so the frames would report billions of items (found by FuzzReplay
    //     as a slow unit with 5 377 such rows).
    let flat = Scene(
      axis: .vertical,
      layout: .container(
        spacing: 0,
        children: [
          ContainerChild(
            .list(
              items: [SceneItem](
                repeating: SceneItem(length: 1e-6, reuseIdentifier: "row"),
                count: DecodeLimits.default.maximumSceneItems - 1), contentInset: EdgeInsets()))
        ]))
    files["item-bomb.sctrace"] = try TraceWriter.encode(
      header: header,
      events: [
        TraceEvent(timestamp: 0, .scene(flat)), touch(0, .began, 400),
        touch(60_000_000_000, .ended, 400),
      ])
    // 6. Scripts: a long hold at 10 kHz, a wait of 10¹⁵ s, jitter of 10³⁰⁰ s, a 5M-item list.
    let device =
      #""device": {"name": "d", "screen": [390, 844], "scale": 3, "refreshRate": 120, "touchRate": 10000}"#
    files["synth-long-hold.json"] = Array(
      #"{\#(device), "scene": {"pages": 3}, "steps": [{"hold": {"at": [100, 100], "duration": 86400}}, {"hold": {"at": [100, 100], "duration": 86400}}]}"#
        .utf8)
    files["synth-long-wait.json"] = Array(
      #"{\#(device), "scene": {"pages": 3}, "steps": [{"wait": 1e15}]}"#.utf8)
    files["synth-huge-jitter.json"] = Array(
      #"{\#(device), "jitter": {"timing": 1e300}, "scene": {"pages": 3}, "steps": [{"drag": {"from": [300, 400], "by": [-240, 0], "duration": 0.25}}]}"#
        .utf8)
    files["synth-huge-list.json"] = Array(
      #"{\#(device), "scene": {"list": [{"length": 44, "repeat": 1000000}, {"length": 44, "repeat": 1000000}, {"length": 44, "repeat": 1000000}, {"length": 44, "repeat": 1000000}, {"length": 44, "repeat": 1000000}]}, "steps": []}"#
        .utf8)
    return files
  }

  /// The crafted traces, by file name.
  static func craftedHeaders() throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let list = Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")]))
    let events = [
      TraceEvent(timestamp: 0, .scene(list)),
      TraceEvent(
        timestamp: 0, .touch(TouchSample(touchID: 1, phase: .began, location: Point(x: 9, y: 9)))),
    ]
    // 1. A header whose refresh rate is 10⁻¹⁰ Hz, behind a correct CRC: it used to pass the header
    //    check and trap the frame clock ("Double value cannot be converted to Int64").
    var trace = try TraceWriter.encode(header: HostileFiles.header, events: events)
    let contentStart = 8
    let contentLength = Int(
      UInt32(littleEndian: trace[4..<8].withUnsafeBytes { $0.load(as: UInt32.self) }))
    let rate = withUnsafeBytes(of: Double(120).bitPattern.littleEndian, Array.init)
    let header = contentStart..<(contentStart + contentLength)
    guard
      let at = (header.lowerBound..<(header.upperBound - 8)).first(where: {
        Array(trace[$0..<($0 + 8)]) == rate
      })
    else { throw CocoaError(.coderInvalidValue) }
    for (i, byte) in withUnsafeBytes(of: (1e-10).bitPattern.littleEndian, Array.init).enumerated() {
      trace[at + i] = byte
    }
    let crc = CRC32.checksum(trace[contentStart..<(header.upperBound - 4)])
    for (i, byte) in withUnsafeBytes(of: crc.littleEndian, Array.init).enumerated() {
      trace[header.upperBound - 4 + i] = byte
    }
    files["tiny-refresh-rate.sctrace"] = trace
    // 2. A chunk whose zstd frame declares 1 GiB of content in 24 bytes: one RLE block of 100
    //    bytes. It made the reader allocate and touch the declared size before failing.
    var bomb = try TraceWriter.encode(header: HostileFiles.header, events: events)
    let chunkStart = contentStart + contentLength
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
    frame.append(0b1000_0100)  // Frame_Content_Size 4 bytes, a content checksum, a window.
    frame.append(0x58)  // Window_Descriptor: 2^(10+11) bytes.
    frame += withUnsafeBytes(of: UInt32(1 << 30).littleEndian, Array.init)
    let block = UInt32(100) << 3 | UInt32(1) << 1 | 1  // RLE, last, 100 bytes.
    frame += [UInt8(block & 0xFF), UInt8(block >> 8 & 0xFF), UInt8(block >> 16), 0x41]
    frame += [0, 0, 0, 0]  // The checksum (never reached).
    let chunkEnd = chunkStart + (try HostileFiles.frameLength(bomb, at: chunkStart))
    bomb.replaceSubrange(chunkStart..<chunkEnd, with: frame)
    // The index no longer matches: drop it (a reader does without).
    files["declared-gigabyte.sctrace"] = Array(bomb[..<(chunkStart + frame.count)])
    return files
  }

  /// The length of the zstd frame at `offset`, read with the tool's own reader of frame sizes.
  static func frameLength(_ bytes: [UInt8], at offset: Int) throws -> Int {
    try bytes[offset...].withUnsafeBytes { raw in
      guard let size = try ZstdFrameHeader.frameSize(raw) else {
        throw CocoaError(.coderInvalidValue)
      }
      return size
    }
  }

  /// The one-line error contract: exit `status`, one line naming `file`, nothing on stdout.
  static func expectRefused(
    _ run: Run, status: Int32 = 2, naming file: String, _ words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(run.status == status, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(file), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(words), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(!run.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
  }

  /// A temporary output left in `directory`, if any.
  static func leftovers(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix(".scrolltrace-") || $0.contains(".tmp-")
    }
  }

  // MARK: - Traps
}

extension String {
  /// The command run by bash (for `<(…)`), quoted for `sh -c`.
  var wrappedInBash: String { "bash -c '\(self)'" }
}
