// Crafted traces: each kind of attack a file can make (an index past Int64, recovery that would go
// back, duplicate ticks, a decompression bomb, times at the clock's end, work and items beyond
// what the trace holds, a tiny refresh rate, a missing checksum) ends in one line, exit 2 (1 for
// losses under --recover), in bounded time and memory, with nothing left behind.

import Foundation
import TestSupport
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct CraftedTraceTests {
  @Test func theReproducersAreCommitted() throws {
    if ProcessInfo.processInfo.environment["SCROLLTRACE_WRITE_REPRODUCERS"] == "1" {
      for (name, bytes) in try HostileFiles.craftedTraces() {
        try Data(bytes).write(to: HostileFiles.folder.appendingPathComponent(name))
      }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: HostileFiles.folder.path)
    // These twelve, and the crafted headers.
    #expect(names.count == 12 + (try HostileFiles.craftedHeaders().count), "\(names)")
  }

  @Test func reproducersAreCurrent() throws {
    for (name, bytes) in try HostileFiles.craftedHeaders() {
      let url = URL(fileURLWithPath: HostileFiles.path(name))
      if ProcessInfo.processInfo.environment["SCROLLTRACE_WRITE_REPRODUCERS"] != nil {
        try Data(bytes).write(to: url)
      }
      #expect(try Data(contentsOf: url) == Data(bytes), "\(name) is stale")
    }
  }

  @Test func anIndexEntryPastInt64IsRefusedByEveryVerb() throws {
    let trace = HostileFiles.path("index-offset-overflow.sctrace")
    for arguments in [
      ["info", trace], ["dump", trace], ["replay", trace, "--engine", "plain"],
      ["info", trace, "--recover"],
    ] {
      let run = try CLI.run(arguments)
      if arguments.contains("--recover") {
        HostileFiles.expectRefused(
          run, status: 1, naming: trace, "index entry 0 runs past the index")
      } else {
        HostileFiles.expectRefused(run, naming: trace, "index entry 0 runs past the index")
      }
    }
  }

  @Test func recoveryOnlyMovesForward() throws {
    let trace = HostileFiles.path("skippable-over-index.sctrace")
    let run = try CLI.run(["info", trace, "--recover"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("lost chunks"), "\(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"))
  }

  @Test func duplicateTicksDoNotRecurse() throws {
    let trace = HostileFiles.path("duplicate-ticks.sctrace")
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
      let trace = HostileFiles.path(name)
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
    let run = try CLI.run([
      "replay", HostileFiles.path("insert-bomb.sctrace"), "--engine", "cardfeed@1",
    ])
    HostileFiles.expectRefused(run, naming: "insert-bomb.sctrace", "the limit is 1048576")
  }

  /// Times at the very bottom of the clock: every engine that lays out the trace's list replays it
  /// at once, with no walk across the saturated band (it took over 30 s before).
  @Test func timesAtTheEndOfTheClockReplayAtOnce() throws {
    let trace = HostileFiles.path("clock-saturation.sctrace")
    for engine in ["plain", "cardfeed@1", "cardfeed@2"] {
      let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "json"])
      #expect(run.status == 0, "\(engine): \(run.stderr)")
      #expect(run.stdout.contains(#""frames":"#))
    }
  }

  @Test func workIsBoundedByWhatTheTraceHolds() throws {
    let directory = try CLI.temporaryDirectory()
    let timeline = directory.appendingPathComponent("frames.jsonl").path
    let trace = HostileFiles.path("far-apart.sctrace")
    let run = try CLI.run(["replay", trace, "--engine", "plain", "--timeline", timeline])
    HostileFiles.expectRefused(run, naming: trace, "--max-frames raises the allowance")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    for verb in [
      [
        "export", "--chrome", directory.appendingPathComponent("c.json").path, trace, "--engine",
        "plain",
      ], ["diff", trace, "--baseline", "plain", "--candidate", "plain"],
    ] {
      HostileFiles.expectRefused(try CLI.run(verb), naming: trace, "--max-frames")
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
    try Data(try TraceWriter.encode(header: HostileFiles.header, events: events)).write(to: pause)
    HostileFiles.expectRefused(
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
    let trace = HostileFiles.path("item-bomb.sctrace")
    // A minute of a million rows on screen; a lower allowance keeps the test quick (the default
    // stops within 20 frames, about a second in a release build).
    let run = try CLI.run([
      "replay", trace, "--engine", "nested@2", "--max-items", "3000000", "--timeline", timeline,
    ])
    HostileFiles.expectRefused(run, naming: trace, "--max-items raises the allowance")
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
        header: HostileFiles.header, events: [TraceEvent(timestamp: 0, .scene(rows))] + touches)
    ).write(to: thin)
    let replay = ["replay", thin.path, "--engine", "nested@2", "--format", "json"]
    #expect(try CLI.run(replay).status == 0)
    HostileFiles.expectRefused(
      try CLI.run(replay + ["--max-items", "1000000"]), naming: thin.path,
      "--max-items raises the allowance")
    let raised = try CLI.run(replay + ["--max-items", "10000000"])
    #expect(raised.status == 0, "\(raised.stderr)")
    #expect(raised.stdout.contains("\"frames\":"))
  }

  /// A refresh rate below what a display can have is refused where the header is read, by every
  /// verb, `--keep-going` included, with no temporary left.
  @Test func aTinyRefreshRateIsRefused() throws {
    let trace = HostileFiles.path("tiny-refresh-rate.sctrace")
    let directory = try CLI.temporaryDirectory()
    let out = directory.appendingPathComponent("r.json").path
    for arguments in [
      ["info", trace], ["replay", trace, "--engine", "plain", "-o", out],
      ["export", "--chrome", out, trace, "--engine", "plain"],
      ["diff", "--baseline", "plain", "--candidate", "plain", trace, "--no-timings", "-o", out],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("device.refreshRate must be within 1...1000 Hz"), "\(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1)
    }
    let kept = try CLI.run([
      "replay", trace, HostileFiles.pager, "--engine", "paging@2", "--keep-going", "-o", out,
    ])
    #expect(kept.status == 1, "\(kept.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("refreshRate"))
    #expect(try HostileFiles.leftovers(directory).isEmpty)
    // The script side: synth refuses the same rate.
    let script = directory.appendingPathComponent("s.json")
    try Data(
      #"{"device":{"screen":[390,844],"refreshRate":1e-10},"scene":{"pages":2},"steps":[{"wait":1}]}"#
        .utf8
    ).write(to: script)
    let synth = try CLI.run(["synth", script.path, "-o", out])
    #expect(synth.status == 2 && synth.stderr.contains("device.refreshRate"), "\(synth.stderr)")
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
    HostileFiles.expectRefused(try CLI.run(["info", trace]), naming: trace, "no content checksum")
    #expect(try CLI.run(["info", trace, "--recover"]).status == 0)
  }

  /// A 24-byte zstd frame declaring 1 GiB is refused from its block headers, before anything is
  /// allocated, whatever the chunk limit.
  @Test func memoryFollowsTheBytesPresent() throws {
    let trace = HostileFiles.path("declared-gigabyte.sctrace")
    let output =
      CLI.shell(
        "/usr/bin/time -f 'peak %M KB' '\(CLI.binary.path)' info '\(trace)' --max-chunk-size 1073741824 2>&1; echo status $?"
      ) ?? ""
    #expect(output.contains("can hold at most 100"), "\(output)")
    #expect(output.hasSuffix("status 2\n"))
    if let peak = output.split(separator: "\n").first(where: { $0.hasPrefix("peak ") })?
      .split(separator: " ")[1], let kilobytes = Int(peak)
    {
      #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
    }
  }
}
