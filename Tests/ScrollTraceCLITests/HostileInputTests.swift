// Hostile input (issue 16): each class of attack ends in one line, exit 2 (1 for reported losses
// under --recover), bounded time and memory, no file left behind and every device intact.
//
// The reproducers are committed in Tests/Hostile, small files made by `reproducers` below; run
// with SCROLLTRACE_WRITE_REPRODUCERS=1 to write them again.
import Foundation
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct HostileInputTests {
  static let folder = CLI.root.appendingPathComponent("Tests/Hostile")
  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static let header = TraceHeader(
    device: DeviceInfo(
      name: "hostile", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
      touchSampleRate: 120))

  /// The reproducers, by file name: each is a few hundred bytes (making the bombs takes a while).
  static func reproducers() throws -> [String: [UInt8]] {
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

  @Test func theReproducersAreCommitted() throws {
    if ProcessInfo.processInfo.environment["SCROLLTRACE_WRITE_REPRODUCERS"] == "1" {
      for (name, bytes) in try Self.reproducers() {
        try Data(bytes).write(to: Self.folder.appendingPathComponent(name))
      }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    // These twelve, and HostileRoundThreeTests' reproducers.
    #expect(names.count == 12 + (try HostileRoundThreeTests.reproducers().count), "\(names)")
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

  @Test func anIndexEntryPastInt64IsRefusedByEveryVerb() throws {
    let trace = Self.path("index-offset-overflow.sctrace")
    for arguments in [
      ["info", trace], ["dump", trace], ["replay", trace, "--engine", "plain"],
      ["info", trace, "--recover"],
    ] {
      let run = try CLI.run(arguments)
      if arguments.contains("--recover") {
        Self.expectRefused(run, status: 1, naming: trace, "index entry 0 runs past the index")
      } else {
        Self.expectRefused(run, naming: trace, "index entry 0 runs past the index")
      }
    }
  }

  @Test func recoveryOnlyMovesForward() throws {
    let trace = Self.path("skippable-over-index.sctrace")
    let run = try CLI.run(["info", trace, "--recover"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("lost chunks"), "\(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"))
  }

  @Test func duplicateTicksDoNotRecurse() throws {
    let trace = Self.path("duplicate-ticks.sctrace")
    for engine in ["plain", "cardfeed@1", "nested@2"] {
      let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "json"])
      #expect(run.status == 0 || run.status == 2, "\(engine): \(run.stderr)")
      #expect(!run.stderr.contains("Fatal error"))
    }
  }

  @Test func decodedAheadIsBoundedBySize() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
    for (name, verb) in [
      ("scene-bomb.sctrace", ["info"]),
      ("insert-bomb.sctrace", ["replay", "--engine", "cardfeed@1"]),
    ] {
      let trace = Self.path(name)
      let limit =
        "\(CLI.binary.path) \(verb[0]) \(trace) \(verb.dropFirst().joined(separator: " "))"
      // Peak memory from GNU time, in KiB: one chunk plus one event's items, not the batch's.
      let output = CLI.shell("/usr/bin/time -f 'peak %M' \(limit) 2>&1 >/dev/null; true") ?? ""
      let peak =
        output.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap {
          Int($0.dropFirst(5))
        } ?? 0
      #expect(peak > 0 && peak < 400_000, "\(name): \(output)")
    }
    let run = try CLI.run(["replay", Self.path("insert-bomb.sctrace"), "--engine", "cardfeed@1"])
    Self.expectRefused(run, naming: "insert-bomb.sctrace", "the limit is 1048576")
  }

  /// Times at the very bottom of the clock: every engine that lays out the trace's list replays it
  /// at once, with no walk across the saturated band (it took over 30 s before).
  @Test func timesAtTheEndOfTheClockReplayAtOnce() throws {
    let trace = Self.path("clock-saturation.sctrace")
    for engine in ["plain", "cardfeed@1", "cardfeed@2"] {
      let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "json"])
      #expect(run.status == 0, "\(engine): \(run.stderr)")
      #expect(run.stdout.contains(#""frames":"#))
    }
  }

  @Test func workIsBoundedByWhatTheTraceHolds() throws {
    let directory = try CLI.temporaryDirectory()
    let timeline = directory.appendingPathComponent("frames.jsonl").path
    let trace = Self.path("far-apart.sctrace")
    let run = try CLI.run(["replay", trace, "--engine", "plain", "--timeline", timeline])
    Self.expectRefused(run, naming: trace, "--max-frames raises the allowance")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    for verb in [
      [
        "export", "--chrome", directory.appendingPathComponent("c.json").path, trace, "--engine",
        "plain",
      ], ["diff", trace, "--baseline", "plain", "--candidate", "plain"],
    ] {
      Self.expectRefused(try CLI.run(verb), naming: trace, "--max-frames")
    }
    // A real pause of ten minutes (72 000 frames at 120 Hz) is past the default allowance;
    // --max-frames lets it replay.
    let pause = directory.appendingPathComponent("pause.sctrace")
    let list = Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")]))
    let events =
      [TraceEvent(timestamp: 0, .scene(list))]
      + [Int64(0), 600_000_000_000].map {
        TraceEvent(
          timestamp: $0,
          .touch(
            TouchSample(
              touchID: 1, phase: $0 == 0 ? .began : .ended, location: Point(x: 100, y: 400))))
      }
    try Data(try TraceWriter.encode(header: Self.header, events: events)).write(to: pause)
    Self.expectRefused(
      try CLI.run(["replay", pause.path, "--engine", "plain"]), naming: pause.path, "--max-frames")
    let raised = try CLI.run([
      "replay", pause.path, "--engine", "plain", "--max-frames", "100000", "--format", "json",
    ])
    #expect(raised.status == 0, "\(raised.stderr)")
    #expect(raised.stdout.contains("\"frames\":"))
  }

  @Test func itemsFramesReportAreBoundedByWhatTheTraceHolds() throws {
    let directory = try CLI.temporaryDirectory()
    let timeline = directory.appendingPathComponent("frames.jsonl").path
    let trace = Self.path("item-bomb.sctrace")
    // A minute of a million rows on screen; a lower allowance keeps the test quick (the default
    // stops within 20 frames, about a second in a release build).
    let run = try CLI.run([
      "replay", trace, "--engine", "nested@2", "--max-items", "3000000", "--timeline", timeline,
    ])
    Self.expectRefused(run, naming: trace, "--max-items raises the allowance")
    #expect(
      run.stderr.contains("more than 3196608 visible items, view events and view frames set"),
      "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    // What a user does next: raise the allowance. 20 000 thin rows for 2 s (about 5 M items)
    // replay under the default, stop under a lower one, and replay again with it raised.
    let thin = directory.appendingPathComponent("thin.sctrace")
    let rows = Scene(
      axis: .vertical,
      layout: .container(
        spacing: 0,
        children: [
          ContainerChild(
            .list(
              items: [SceneItem](
                repeating: SceneItem(length: 1e-6, reuseIdentifier: "row"), count: 20_000),
              contentInset: EdgeInsets()))
        ]))
    let touches = [Int64(0), 2_000_000_000].map {
      TraceEvent(
        timestamp: $0,
        .touch(
          TouchSample(touchID: 1, phase: $0 == 0 ? .began : .ended, location: Point(x: 100, y: 400))
        ))
    }
    try Data(
      try TraceWriter.encode(
        header: Self.header, events: [TraceEvent(timestamp: 0, .scene(rows))] + touches)
    ).write(to: thin)
    let replay = ["replay", thin.path, "--engine", "nested@2", "--format", "json"]
    #expect(try CLI.run(replay).status == 0)
    Self.expectRefused(
      try CLI.run(replay + ["--max-items", "1000000"]), naming: thin.path,
      "--max-items raises the allowance")
    let raised = try CLI.run(replay + ["--max-items", "10000000"])
    #expect(raised.status == 0, "\(raised.stderr)")
    #expect(raised.stdout.contains("\"frames\":"))
  }

  @Test func synthChecksTheScriptBeforeWriting() throws {
    let directory = try CLI.temporaryDirectory()
    for (name, words) in [
      ("synth-long-hold.json", "more than the limit of 100000000"),
      ("synth-long-wait.json", "at most 86400"),
      ("synth-huge-list.json", "more than 1048576 items"),
    ] {
      let out = directory.appendingPathComponent("\(name).sctrace").path
      Self.expectRefused(try CLI.run(["synth", Self.path(name), "-o", out]), naming: name, words)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    let out = directory.appendingPathComponent("jitter.sctrace").path
    let jitter = try CLI.run(["synth", Self.path("synth-huge-jitter.json"), "-o", out])
    #expect(jitter.status == 0, "\(jitter.stderr)")
    #expect(try CLI.run(["info", out]).status == 0)
  }

  @Test func pipesAndDevicesAreReadOnce() throws {
    let sample = CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path
    let direct = try CLI.run(["replay", sample, "--engine", "paging@2", "--format", "json"])
    let viaPipe = CLI.shell(
      "'\(CLI.binary.path)' replay <(cat '\(sample)') --engine paging@2 --format json"
        .replacingOccurrences(of: "'", with: "'\\''").wrappedInBash)
    #expect(direct.status == 0)
    let hash = { (json: String) in
      json.firstRange(of: /"contentHash":"[^"]*"/).map { String(json[$0]) }
    }
    #expect(viaPipe.map(hash) == hash(direct.stdout), "a pipe gives the file's own hash")
    // A FIFO is opened once and read to its end, as a file is.
    let fifo = try CLI.temporaryDirectory().appendingPathComponent("trace.fifo").path
    let viaFIFO = CLI.shell(
      "mkfifo '\(fifo)' && (cat '\(sample)' > '\(fifo)' &) && timeout 60 '\(CLI.binary.path)' replay '\(fifo)' --engine paging@2 --format json"
    )
    #expect(viaFIFO.map(hash) == hash(direct.stdout), "a FIFO gives the file's own hash")
    for device in ["/dev/zero", "/dev/null"] {
      for extra in [[], ["--recover"]] {
        let run = try CLI.run(["replay", device, "--engine", "plain"] + extra)
        // Empty /dev/null under --recover is a lost header: a reported loss, exit 1.
        #expect(
          run.status == 2 || (device == "/dev/null" && run.status == 1),
          "\(device) \(extra): \(run.stderr)")
        #expect(run.stderr.contains(device))
      }
    }
  }

  @Test func outputsNeverReplaceDevicesOrInputs() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("t.sctrace").path
    try FileManager.default.copyItem(
      atPath: CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path, toPath: trace)
    let before = try Data(contentsOf: URL(fileURLWithPath: trace))
    let run = try CLI.run(["replay", trace, "--engine", "paging@2", "-o", trace])
    Self.expectRefused(run, naming: trace, "the output is also an input")
    #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
    for verb in [
      ["replay", trace, "--engine", "paging@2", "-o", "/dev/null"],
      ["replay", trace, "--engine", "paging@2", "--timeline", "/dev/null"],
    ] {
      #expect(try CLI.run(verb).status == 0)
      let type =
        try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
      #expect(type == .typeCharacterSpecial, "/dev/null is still a device")
    }
  }

  @Test func signalsLeaveNoTemporaryFiles() throws {
    let directory = try CLI.temporaryDirectory()
    let timeline = directory.appendingPathComponent("frames.jsonl").path
    for signal in ["INT", "TERM", "HUP"] {
      // `set -m`: a job of its own, so that SIGINT is not ignored as in a plain background job.
      let command =
        "set -m; timeout 60 '\(CLI.binary.path)' replay '\(Self.path("far-apart.sctrace"))' --engine plain --max-frames 100000000 --timeline '\(timeline)' & pid=$!; sleep 1; kill -\(signal) $pid; wait $pid; echo status $?"
      let output =
        CLI.shell("bash -c \"\(command.replacingOccurrences(of: "$", with: "\\$"))\"") ?? ""
      #expect(output.contains("status"), "\(signal): \(output)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "\(signal)")
    }
  }

  @Test func strictModeRequiresZstdChecksums() throws {
    guard CLI.shell("command -v zstd") != nil else { return }
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("unchecked.sctrace").path
    let sample = CLI.root.appendingPathComponent("Traces/real/phone-single-drag.sctrace").path
    // The header frame as it is, then the chunks recompressed without zstd's content checksum.
    let make =
      "size=$(od -An -t u4 -j 4 -N 4 '\(sample)' | tr -d ' '); head -c $((8 + size)) '\(sample)' > '\(trace)'; tail -c +$((9 + size)) '\(sample)' | zstd -dc > '\(trace).raw'; zstd -q --no-check -c '\(trace).raw' >> '\(trace)'; rm '\(trace).raw'"
    #expect(CLI.shell(make) != nil)
    Self.expectRefused(try CLI.run(["info", trace]), naming: trace, "no content checksum")
    #expect(try CLI.run(["info", trace, "--recover"]).status == 0)
  }
}

extension String {
  /// The command run by bash (for `<(…)`), quoted for `sh -c`.
  fileprivate var wrappedInBash: String { "bash -c '\(self)'" }
}
