// scrolltrace-bench — the benchmark suite: decode, replay, memory and parallel replay, in one run.

import ArgumentParser
import Foundation
import ScrollTraceRecorder
@_spi(Benchmarks) import TraceIngest

/// `scrolltrace-bench`: writes large deterministic traces, then measures decoding beside
/// `zstd -dc`, replay with every analyzer per engine, peak memory at two trace lengths, and
/// `replay --jobs` over many traces; prints every figure and checks it against its target.
///
/// `scripts/benchmark` builds it in release mode and runs it (docs/performance.md).
@main
struct Benchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scrolltrace-bench",
    abstract: "Measure decode, replay, memory and parallel replay on large generated traces.",
    discussion: """
      Run from the repository's root after `swift build -c release` (scripts/benchmark does both).
      The traces go to --directory and are rewritten on every run, identically. Timings are the
      median of --repetitions runs; the spread is half the range around it.
      """
  )

  @Option(help: ArgumentHelp("The scrolltrace executable to measure.", valueName: "path"))
  var scrolltrace = ".build/release/scrolltrace"

  @Option(help: ArgumentHelp("Where the workload scripts are.", valueName: "directory"))
  var workloads = "Benchmarks/workloads"

  @Option(
    help: ArgumentHelp("Where to write the generated traces and reports.", valueName: "directory"))
  var directory = ".build/bench"

  @Option(help: "Runs of each timing; the median is reported.")
  var repetitions = 3

  @Option(help: ArgumentHelp("Events in the smaller traces.", valueName: "count"))
  var smallEvents = 1_000_000

  @Option(help: ArgumentHelp("Events in the larger trace.", valueName: "count"))
  var largeEvents = 10_000_000

  @Option(help: ArgumentHelp("Traces for the --jobs measurement.", valueName: "count"))
  var jobTraces = 16

  @Option(help: ArgumentHelp("Events in each trace of the --jobs measurement.", valueName: "count"))
  var jobTraceEvents = 150_000

  @Option(
    help: ArgumentHelp(
      "Length of the field-like trace (mostly at rest), in seconds.", valueName: "seconds"))
  var fieldSeconds = 3600

  @Option(help: ArgumentHelp("Also write the figures as JSON to this file.", valueName: "file"))
  var json: String?

  @Option(
    help: ArgumentHelp(
      "Where the previous run's replay reports are kept, to compare this build's with (default: <directory>/previous).",
      valueName: "directory"))
  var previous: String?

  /// The parts of the suite.
  enum Part: String, CaseIterable, ExpressibleByArgument {
    case decode, replay, field, layout, memory, jobs, recorder, startup
  }

  @Option(
    name: .customLong("only"), parsing: .upToNextOption,
    help: ArgumentHelp(
      "Run only these parts: decode, replay, field, layout, memory, jobs, recorder, startup (default: all).",
      valueName: "part"))
  var parts: [Part] = Part.allCases

  func validate() throws {
    guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
    guard smallEvents >= 1000, largeEvents >= smallEvents else {
      throw ValidationError(
        "--small-events must be at least 1000 and --large-events at least --small-events")
    }
    guard fieldSeconds >= 60 else { throw ValidationError("--field-seconds must be at least 60") }
    guard jobTraces >= 2, jobTraceEvents >= 1000 else {
      throw ValidationError("--job-traces must be at least 2 and --job-trace-events at least 1000")
    }
  }

  func run() throws {
    guard access(scrolltrace, X_OK) == 0 else {
      throw ValidationError(
        "\(scrolltrace) is not an executable: build it first with `swift build -c release`")
    }
    mkdir(directory, 0o755)
    var results = Results()
    let machine = Machine.describe(directory: directory)
    print(machine.text)
    results.machine = machine.json

    if !Set(parts).isSubset(of: [.recorder, .startup]) {
      let suite = try generate(into: &results)
      if parts.contains(.decode) { try measureDecode(suite, into: &results) }
      if parts.contains(.replay) { try measureReplay(suite, into: &results) }
      if parts.contains(.field) { try measureField(suite, into: &results) }
      if parts.contains(.layout) { try measureLayout(suite, into: &results) }
      if parts.contains(.memory) { try measureMemory(suite, into: &results) }
      if parts.contains(.jobs) { try measureJobs(suite, into: &results) }
    }
    if parts.contains(.recorder) { try measureRecorder(into: &results) }
    if parts.contains(.startup) { try measureStartup(into: &results) }

    print("\ntargets")
    for target in results.targets {
      print(
        "  " + pad(target.name, 52) + pad(target.measured, 14, right: true) + "   "
          + (target.isMet ? "met" : "NOT MET"))
    }
    if let json { try results.write(to: json) }
  }

  // MARK: - Traces

  /// The traces of one run.
  struct Suite {
    var small: [String: TraceFacts] = [:]
    var large: TraceFacts
    var field: TraceFacts
    var jobs: [TraceFacts]
  }

  private func generate(into results: inout Results) throws -> Suite {
    print(
      "\ntraces (written to \(directory); every block a few seconds of gestures, 120 Hz display, 240 Hz touch)"
    )
    var small: [String: TraceFacts] = [:]
    for name in ["paging", "cardfeed", "nested", "magazine", "chat"] {
      let workload = try Workload(name: name, directory: workloads)
      small[name] = try workload.writeTrace(
        to: "\(directory)/\(name)-small.sctrace", eventCount: smallEvents, seed: 1)
    }
    let paging = try Workload(name: "paging", directory: workloads)
    let large = try paging.writeTrace(
      to: "\(directory)/paging-large.sctrace", eventCount: largeEvents, seed: 1)
    let field = try Workload(name: "field", directory: workloads).writeTrace(
      to: "\(directory)/field.sctrace", eventCount: 0,
      duration: Int64(fieldSeconds) * 1_000_000_000, seed: 1)
    var jobs: [TraceFacts] = []
    for number in 0..<jobTraces {
      jobs.append(
        try paging.writeTrace(
          to: "\(directory)/jobs-\(number).sctrace", eventCount: jobTraceEvents,
          seed: 1000 + UInt64(number) * 100_000))
    }
    print(
      "  " + pad("trace", 24) + pad("events", 12, right: true) + pad("touch", 12, right: true)
        + pad("duration", 12, right: true) + pad("bytes", 13, right: true)
        + pad("bytes/event", 13, right: true))
    let listed =
      ["paging", "cardfeed", "nested", "magazine", "chat"].compactMap { small[$0] } + [
        large, field,
      ]
    for facts in listed {
      let perEvent = Double(facts.fileBytes) / Double(facts.events)
      print(
        "  " + pad(lastComponent(facts.path), 24) + pad(grouped(facts.events), 12, right: true)
          + pad(grouped(facts.touchEvents), 12, right: true)
          + pad(fixed(Double(facts.durationNanoseconds) / 3.6e12, 2) + " h", 12, right: true)
          + pad(grouped(Int(facts.fileBytes)), 13, right: true)
          + pad(fixed(perEvent, 2), 13, right: true))
      results.traces.append([
        "name": lastComponent(facts.path), "events": facts.events, "touchEvents": facts.touchEvents,
        "durationSeconds": Double(facts.durationNanoseconds) / 1e9, "fileBytes": facts.fileBytes,
        "compressedBytesPerEvent": perEvent,
      ])
    }
    print(
      "  and \(jobTraces) traces of \(grouped(jobTraceEvents)) events (the paging block, other seeds) for --jobs"
    )
    return Suite(small: small, large: large, field: field, jobs: jobs)
  }

  // MARK: - Recorder

  @Option(help: ArgumentHelp("Seconds of recording for the recorder part.", valueName: "seconds"))
  var recorderSeconds = 600

  /// The recorder's cost per call on the calling thread (the app's main thread), and its file per
  /// minute of scrolling.
  private func measureRecorder(into results: inout Results) throws {
    print(
      "\nrecorder: \(recorderSeconds) s at 240 Hz touches and 120 Hz frames, each call timed on the calling thread (clock reads included)"
    )
    let path = "\(directory)/recorder.sctrace"
    let run = try RecorderRun.measure(seconds: recorderSeconds, path: path)
    print(
      "  " + pad("call", 14) + pad("calls", 12, right: true) + pad("p50 ns", 10, right: true)
        + pad("p99 ns", 10, right: true) + pad("p99.9 ns", 10, right: true)
        + pad("max µs", 10, right: true))
    var figures: [String: Any] = [:]
    let calls = [
      ("touch", run.touchCalls), ("frame", run.frameCalls), ("sizeResolved", run.sizeCalls),
      ("update", run.updateCalls),
    ]
    for (name, calls) in calls {
      let p50 = RecorderRun.quantile(calls, 0.5)
      let p99 = RecorderRun.quantile(calls, 0.99)
      let p999 = RecorderRun.quantile(calls, 0.999)
      let most = calls.last ?? 0
      print(
        "  " + pad(name, 14) + pad(grouped(calls.count), 12, right: true)
          + pad(String(p50), 10, right: true) + pad(String(p99), 10, right: true)
          + pad(String(p999), 10, right: true) + pad(fixed(Double(most) / 1e3, 1), 10, right: true))
      figures[name] = ["calls": calls.count, "p50": p50, "p99": p99, "p999": p999, "max": most]
    }
    let perMinute = Double(run.fileBytes) / Double(run.seconds) * 60
    print(
      "  file: \(grouped(Int(run.fileBytes))) bytes stored (\(fixed(perMinute / 1e6, 2)) MB a minute); lost \(run.status.lostEvents) events; peak \(grouped(run.status.peakBufferedEvents)) waiting"
    )
    let compressed = "\(directory)/recorder-compressed.sctrace"
    _ = try runChild([scrolltrace, "convert", path, "-o", compressed])
    let compressedBytes = fileSize(compressed)
    print(
      "  after `scrolltrace convert`: \(grouped(Int(compressedBytes))) bytes (\(fixed(Double(compressedBytes) / Double(run.seconds) * 60 / 1e3, 0)) kB a minute)"
    )
    figures["fileBytes"] = run.fileBytes
    figures["bytesPerMinute"] = perMinute
    figures["compressedBytes"] = compressedBytes
    figures["lostEvents"] = run.status.lostEvents
    results.recorder = figures
    print(
      "  sizeResolved: a row of \(grouped(RecorderRun.rows)) sized as it comes into view; update: a message arriving each second in \(grouped(RecorderRun.updateListLength)) or more, BatchUpdate(from:to:) included"
    )
    let touchP99 = RecorderRun.quantile(run.touchCalls, 0.99)
    let frameP99 = RecorderRun.quantile(run.frameCalls, 0.99)
    let sizeP99 = RecorderRun.quantile(run.sizeCalls, 0.99)
    results.targets.append(
      Target(
        name: "recorder: a touch costs the main thread ≤ 2 µs (p99)", measured: "\(touchP99) ns",
        isMet: touchP99 <= 2_000))
    results.targets.append(
      Target(
        name: "recorder: a frame costs the main thread ≤ 4 µs (p99)", measured: "\(frameP99) ns",
        isMet: frameP99 <= 4_000))
    results.targets.append(
      Target(
        name: "recorder: a size resolved costs the main thread ≤ 2 µs (p99), as a touch",
        measured: "\(sizeP99) ns", isMet: !run.sizeCalls.isEmpty && sizeP99 <= 2_000))
    results.targets.append(
      Target(
        name: "recorder: nothing lost, under the memory cap",
        measured: "\(run.status.lostEvents) lost",
        isMet: run.status.lostEvents == 0
          && run.status.peakBufferedEvents <= run.maximumBufferedEvents))
  }

  // MARK: - Decode

  private func measureDecode(_ suite: Suite, into results: inout Results) throws {
    print(
      "\ndecode: TraceReader in process beside `zstd -dc FILE > /dev/null`, median of \(repetitions): by columns (forEachEvent(touches:otherEvents:), as a replay reads; every column read) and by events (forEachEvent(_:), every event materialised)"
    )
    print(
      "  " + pad("trace", 24) + pad("raw B/event", 12, right: true)
        + pad("zstd MB/s", 12, right: true)
        + pad("columns MB/s", 14, right: true) + pad("events/s", 12, right: true)
        + pad("ratio", 9, right: true) + pad("spread", 10, right: true)
        + pad("events MB/s", 13, right: true) + pad("ratio", 9, right: true))
    for facts in [suite.small["paging"], suite.large].compactMap({ $0 }) {
      var zstd = Timings()
      var columns = Timings()
      var events = Timings()
      var raw: Int64 = 0
      for _ in 0..<repetitions {
        zstd.runs.append(try runChild(["zstd", "-q", "-dc", facts.path]).wallTime)
        let run = try DecodeRun.measure(facts.path, loop: .columns)
        columns.runs.append(run.wallTime)
        events.runs.append(try DecodeRun.measure(facts.path, loop: .events).wallTime)
        raw = run.rawBytes
      }
      let zstdRate = zstd.rate(Double(raw))
      let decodeRate = columns.rate(Double(raw))
      let ratio = decodeRate / zstdRate
      let eventsRate = events.rate(Double(raw))
      print(
        "  " + pad(lastComponent(facts.path), 24)
          + pad(fixed(Double(raw) / Double(facts.events), 2), 12, right: true)
          + pad(fixed(zstdRate / 1e6, 0), 12, right: true)
          + pad(fixed(decodeRate / 1e6, 0), 14, right: true)
          + pad(millions(columns.rate(Double(facts.events))), 12, right: true)
          + pad(fixed(ratio * 100, 0) + " %", 9, right: true)
          + pad(columns.spread, 10, right: true)
          + pad(fixed(eventsRate / 1e6, 0), 13, right: true)
          + pad(fixed(eventsRate / zstdRate * 100, 0) + " %", 9, right: true))
      results.decode.append([
        "trace": lastComponent(facts.path), "rawBytes": raw,
        "zstdMegabytesPerSecond": zstdRate / 1e6,
        "decodeMegabytesPerSecond": decodeRate / 1e6,
        "decodeEventsPerSecond": columns.rate(Double(facts.events)),
        "ratioToZstd": ratio,
        "eventByEventMegabytesPerSecond": eventsRate / 1e6,
        "eventByEventRatioToZstd": eventsRate / zstdRate,
      ])
      if facts.path == suite.large.path {
        results.targets.append(
          Target(
            name: "decode ≥ 80 % of zstd -dc (large trace, columns)",
            measured: fixed(ratio * 100, 0) + " %", isMet: ratio >= 0.8))
      }
    }
  }

  // MARK: - Replay

  /// The engines measured, each on the workload whose scene it lays out.
  static let engines: [(engine: String, workload: String)] = [
    ("plain", "cardfeed"), ("paging@1", "paging"), ("paging@2", "paging"),
    ("cardfeed@1", "cardfeed"),
    ("cardfeed@2", "cardfeed"), ("nested@1", "nested"), ("nested@2", "nested"),
    ("nested@3", "nested"), ("table@1", "magazine"), ("magazine@1", "magazine"),
    ("magazine@2", "magazine"),
    ("magazine@3", "magazine"), ("magazine@4", "magazine"), ("chat@1", "chat"),
    ("chat@2", "chat"), ("chat@3", "chat"),
  ]

  /// Touch events a second each engine's replay should reach with every analyzer (issue 20; the
  /// self-sizing engines, issues 48 and 49).
  static let replayTargets: [String: Double] = [
    "paging@2": 3e6, "cardfeed@2": 1e6, "nested@2": 1e6, "table@1": 1e6, "magazine@1": 1e6,
    "magazine@2": 1e6,
    "magazine@3": 1e6, "magazine@4": 1e6, "chat@1": 1e6, "chat@2": 1e6, "chat@3": 1e6,
  ]

  private func measureReplay(_ suite: Suite, into results: inout Results) throws {
    print(
      "\nreplay with every analyzer: `scrolltrace replay TRACE --engine E --format json -o FILE`, one process, median of \(repetitions)"
    )
    print(
      "  " + pad("engine", 12) + pad("trace", 22) + pad("frames", 11, right: true)
        + pad("seconds", 9, right: true)
        + pad("events/s", 11, right: true) + pad("touch/s", 11, right: true)
        + pad("frames/s", 11, right: true)
        + pad("spread", 9, right: true))
    var reports: [(name: String, path: String)] = []
    for (engine, workload) in Self.engines {
      guard let facts = suite.small[workload] else { continue }
      let name = "replay-\(engine.replacingOccurrences(of: "@", with: "-"))"
      let report = "\(directory)/\(name).json"
      reports.append((name, report))
      var timings = Timings()
      for _ in 0..<repetitions {
        timings.runs.append(
          try runChild([
            scrolltrace, "replay", facts.path, "--engine", engine, "--format", "json", "-o", report,
          ]).wallTime)
      }
      let frames = try ReportFile.frames(report)
      print(
        "  " + pad(engine, 12) + pad(lastComponent(facts.path), 22)
          + pad(grouped(frames), 11, right: true)
          + pad(fixed(Double(timings.median) / 1e9, 2), 9, right: true)
          + pad(millions(timings.rate(Double(facts.events))), 11, right: true)
          + pad(millions(timings.rate(Double(facts.touchEvents))), 11, right: true)
          + pad(millions(timings.rate(Double(frames))), 11, right: true)
          + pad(timings.spread, 9, right: true))
      results.replay.append([
        "engine": engine, "trace": lastComponent(facts.path), "events": facts.events,
        "touchEvents": facts.touchEvents,
        "frames": frames, "seconds": Double(timings.median) / 1e9,
        "eventsPerSecond": timings.rate(Double(facts.events)),
        "touchEventsPerSecond": timings.rate(Double(facts.touchEvents)),
        "framesPerSecond": timings.rate(Double(frames)),
      ])
      let rate = timings.rate(Double(facts.touchEvents))
      if let target = Self.replayTargets[engine] {
        results.targets.append(
          Target(
            name: "\(engine) replay ≥ \(millions(target)) touch events/s", measured: millions(rate),
            isMet: rate >= target))
      }
      if engine == "paging@2" {
        results.targets.append(
          Target(
            name: "paging@2 replay ≥ 5M touch events/s (the aim)", measured: millions(rate),
            isMet: rate >= 5e6))
      }
    }
    try compareWithPreviousRun(reports, into: &results)
  }

  /// Compares the replay reports with the previous run's (``PreviousReports``), prints and
  /// records the outcome as a target, then keeps this run's reports for the next.
  private func compareWithPreviousRun(
    _ reports: [(name: String, path: String)], into results: inout Results
  ) throws {
    let kept = PreviousReports(directory: previous ?? "\(directory)/previous")
    let build = PreviousReports.describeBuild(
      scrolltrace: scrolltrace, scratch: "\(directory)/build-name.txt")
    var differing: [String] = []
    var compared = 0
    for (name, path) in reports {
      guard let same = try kept.matches(path, name: name) else { continue }
      compared += 1
      if !same { differing.append(name) }
    }
    let measured: String
    if let keptBuild = kept.build, compared > 0 {
      print(
        "  reports beside the previous run's (\(keptBuild)), host timings aside: "
          + (differing.isEmpty
            ? "identical for all \(compared)"
            : "DIFFERENT for \(differing.joined(separator: ", ")) (of \(compared))"))
      measured = "\(compared - differing.count) of \(compared)"
    } else {
      print("  no previous run's reports to compare with: this run's are kept for the next")
      measured = "no earlier run"
    }
    results.replayComparison = [
      "previousBuild": kept.build ?? NSNull(), "compared": compared, "differing": differing,
      "build": build,
    ]
    results.targets.append(
      Target(
        name: "replay reports identical to the previous run's", measured: measured,
        isMet: compared == reports.count && compared > 0 && differing.isEmpty))
    try kept.keep(reports, build: build)
  }

  // MARK: - Field

  /// The engines replayed on the field-like trace.
  static let fieldEngines = ["cardfeed@2", "plain"]

  private func measureField(_ suite: Suite, into results: inout Results) throws {
    let facts = suite.field
    let hours = Double(facts.durationNanoseconds) / 3.6e12
    print(
      "\nfield-like trace: \(fixed(hours, 2)) h of a card feed mostly at rest, a gesture every 10–20 s; `replay` with every analyzer, frames at rest in runs, and with --step-idle-frames; median of \(repetitions)"
    )
    print(
      "  " + pad("engine", 12) + pad("frames", 11, right: true) + pad("seconds", 9, right: true)
        + pad("frames/s", 11, right: true) + pad("stepped s", 11, right: true)
        + pad("stepped f/s", 13, right: true)
        + pad("speed-up", 10, right: true) + pad("same", 6, right: true))
    for engine in Self.fieldEngines {
      let name = engine.replacingOccurrences(of: "@", with: "-")
      let (runs, stepped) = (
        "\(directory)/field-\(name).json", "\(directory)/field-\(name)-stepped.json"
      )
      var fast = Timings()
      var slow = Timings()
      for _ in 0..<repetitions {
        let command = [
          scrolltrace, "replay", facts.path, "--engine", engine, "--format", "json", "-o",
        ]
        fast.runs.append(try runChild(command + [runs]).wallTime)
        slow.runs.append(try runChild(command + [stepped, "--step-idle-frames"]).wallTime)
      }
      let frames = try ReportFile.frames(runs)
      let same = try ReportFile.sameApartFromHost(runs, stepped)
      let rate = fast.rate(Double(frames))
      print(
        "  " + pad(engine, 12) + pad(grouped(frames), 11, right: true)
          + pad(fixed(Double(fast.median) / 1e9, 3), 9, right: true)
          + pad(millions(rate), 11, right: true)
          + pad(fixed(Double(slow.median) / 1e9, 3), 11, right: true)
          + pad(millions(slow.rate(Double(frames))), 13, right: true)
          + pad(fixed(Double(slow.median) / Double(max(fast.median, 1)), 1) + "×", 10, right: true)
          + pad(same ? "yes" : "NO", 6, right: true))
      results.field.append([
        "engine": engine, "frames": frames, "hours": hours, "events": facts.events,
        "seconds": Double(fast.median) / 1e9,
        "framesPerSecond": rate, "steppedSeconds": Double(slow.median) / 1e9,
        "steppedFramesPerSecond": slow.rate(Double(frames)),
        "reportsIdentical": same,
      ])
      if engine == Self.fieldEngines[0] {
        results.targets.append(
          Target(
            name: "field-like \(engine) ≥ 20M frames/s", measured: millions(rate),
            isMet: rate >= 20e6))
      }
      results.targets.append(
        Target(
          name: "field-like \(engine) report identical with --step-idle-frames",
          measured: same ? "yes" : "no", isMet: same))
    }
  }

  // MARK: - Layout

  private func measureLayout(_ suite: Suite, into results: inout Results) throws {
    print(
      "\nbytes per event by chunk layout: each trace (written by column, format 1.1) copied with rows (format 1.0's layout), zstd level 3, 256 KiB chunks; and decode, rows against columns, median of \(repetitions)"
    )
    print(
      "  " + pad("trace", 24) + pad("rows", 9, right: true) + pad("columns", 9, right: true)
        + pad("saving", 9, right: true)
        + pad("decode rows", 13, right: true) + pad("columns", 11, right: true)
        + pad("ratio", 8, right: true))
    var benchmarkSaving = 0.0
    var benchmarkDecodeRatio = 0.0
    for facts in [
      suite.small["paging"], suite.small["cardfeed"], suite.small["nested"], suite.field,
    ].compactMap({ $0 }) {
      let rowsPath = facts.path.replacingOccurrences(of: ".sctrace", with: "-rows.sctrace")
      _ = try runChild([
        scrolltrace, "convert", facts.path, "--chunk-layout", "rows", "-o", rowsPath,
      ])
      let events = Double(facts.events)
      let rows = Double(fileSize(rowsPath)) / events
      let columns = Double(facts.fileBytes) / events
      let saving = 1 - columns / rows
      var rowsDecode = Timings()
      var columnsDecode = Timings()
      for _ in 0..<repetitions {
        rowsDecode.runs.append(try DecodeRun.measure(rowsPath, loop: .events).wallTime)
        columnsDecode.runs.append(try DecodeRun.measure(facts.path, loop: .events).wallTime)
      }
      let decodeRatio = columnsDecode.rate(events) / rowsDecode.rate(events)
      if facts.path == suite.small["paging"]?.path {
        benchmarkSaving = saving
        benchmarkDecodeRatio = decodeRatio
      }
      print(
        "  " + pad(lastComponent(facts.path), 24) + pad(fixed(rows, 2), 9, right: true)
          + pad(fixed(columns, 2), 9, right: true)
          + pad(fixed(saving * 100, 1) + " %", 9, right: true)
          + pad(millions(rowsDecode.rate(events)), 13, right: true)
          + pad(millions(columnsDecode.rate(events)), 11, right: true)
          + pad(fixed(decodeRatio, 2) + "×", 8, right: true))
      results.layout.append([
        "trace": lastComponent(facts.path), "events": facts.events, "rowBytesPerEvent": rows,
        "columnBytesPerEvent": columns,
        "saving": saving, "rowsDecodeEventsPerSecond": rowsDecode.rate(events),
        "columnsDecodeEventsPerSecond": columnsDecode.rate(events),
      ])
    }
    print(
      "  format 1.1 lays chunks out by column because that saves ≥ 20 % on the jittered benchmark workload (paging) without slowing decode: \(fixed(benchmarkSaving * 100, 1)) %, decode \(fixed(benchmarkDecodeRatio, 2))× rows' (wall clock; docs/performance.md has instruction counts)"
    )
    results.targets.append(
      Target(
        name: "columnar chunks save ≥ 20 % (format 1.1)",
        measured: fixed(benchmarkSaving * 100, 1) + " %", isMet: benchmarkSaving >= 0.2))
  }

  // MARK: - Memory

  private func measureMemory(_ suite: Suite, into results: inout Results) throws {
    guard let small = suite.small["paging"] else { return }
    let scratch = "\(directory)/peak.txt"
    let exact = try peakMemory(of: ["true"], scratch: scratch) != nil
    print(
      "\npeak resident memory of the process (\(exact ? "GNU time's %M" : "ru_maxrss from wait4, an upper bound: install GNU time for exact figures"))"
    )
    print(
      "  " + pad("command", 44)
        + pad("1 trace of " + millions(Double(small.events)), 20, right: true)
        + pad("1 trace of " + millions(Double(suite.large.events)), 20, right: true)
        + pad("ratio", 8, right: true))
    let commands: [(String, [String])] = [
      (
        "replay --engine paging@2 --format json",
        ["replay", "--engine", "paging@2", "--format", "json", "-o", "\(directory)/memory.json"]
      ),
      ("info (decodes every event)", ["info"]),
    ]
    for (label, arguments) in commands {
      var peaks: [Int64] = []
      for facts in [small, suite.large] {
        let command = [scrolltrace] + arguments.prefix(1) + [facts.path] + arguments.dropFirst()
        var peak: Int64 = 0
        for _ in 0..<repetitions {
          peak = max(
            peak,
            try peakMemory(of: command, scratch: scratch) ?? runChild(command).peakResidentBytes)
        }
        peaks.append(peak)
      }
      let ratio = Double(peaks[1]) / Double(max(peaks[0], 1))
      print(
        "  " + pad(label, 44)
          + pad(fixed(Double(peaks[0]) / 1_048_576, 1) + " MiB", 20, right: true)
          + pad(fixed(Double(peaks[1]) / 1_048_576, 1) + " MiB", 20, right: true)
          + pad(fixed(ratio, 2) + "×", 8, right: true))
      results.memory.append([
        "command": label, "smallPeakBytes": peaks[0], "largePeakBytes": peaks[1], "ratio": ratio,
        "exact": exact,
      ])
      if label.hasPrefix("replay") {
        results.targets.append(
          Target(
            name:
              "replay peak memory at \(millions(Double(suite.large.events)))events ≤ 1.2× at \(millions(Double(small.events)))",
            measured: fixed(ratio, 2) + "×", isMet: ratio <= 1.2))
      }
    }
  }

  // MARK: - Jobs

  private func measureJobs(_ suite: Suite, into results: inout Results) throws {
    let events = suite.jobs.reduce(0) { $0 + $1.events }
    print(
      "\nparallel replay: `scrolltrace replay` of \(suite.jobs.count) traces (\(grouped(events)) events) --engine paging@2 --jobs N"
    )
    print(
      "  runs alternate --jobs 1, --jobs 2 and two separate processes, so a change in the machine's load falls on all; speed-ups are medians over the rounds"
    )
    var timings: [Int: Timings] = [1: Timings(), 2: Timings()]
    var speedups = Timings()
    var ceilings = Timings()
    let half = suite.jobs.count / 2
    for _ in 0..<max(repetitions, 3) {
      var pair: [Int: UInt64] = [:]
      for jobs in [1, 2] {
        let run = try runChild(
          [scrolltrace, "replay"] + suite.jobs.map(\.path)
            + [
              "--engine", "paging@2", "--format", "json", "-o", "\(directory)/jobs-\(jobs).json",
              "--jobs", "\(jobs)",
            ])
        pair[jobs] = run.wallTime
        timings[jobs]?.runs.append(run.wallTime)
      }
      // Speed-ups in thousandths, so that the median helper applies.
      speedups.runs.append(UInt64(Double(pair[1] ?? 0) / Double(max(pair[2] ?? 1, 1)) * 1000))
      // The machine's own ceiling: two independent processes, each replaying half the traces.
      let halves = try runChildren(
        [Array(suite.jobs[..<half]), Array(suite.jobs[half...])].enumerated().map {
          number, traces in
          [scrolltrace, "replay"] + traces.map(\.path)
            + [
              "--engine", "paging@2", "--format", "json", "-o", "\(directory)/half-\(number).json",
            ]
        })
      let both = halves.map(\.wallTime).max() ?? 1
      ceilings.runs.append(UInt64(Double(pair[1] ?? 0) / Double(max(both, 1)) * 1000))
    }
    for jobs in [1, 2] {
      guard let timing = timings[jobs] else { continue }
      print(
        "  --jobs \(jobs)   " + pad(fixed(Double(timing.median) / 1e9, 2) + " s", 9, right: true)
          + pad(millions(timing.rate(Double(events))) + " events/s", 20, right: true)
          + pad(timing.spread, 9, right: true))
    }
    let speedup = Double(speedups.median) / 1000
    let ceiling = Double(ceilings.median) / 1000
    print(
      "  two separate processes, half the traces each, at once: \(fixed(ceiling, 2))× (pairs: \(ceilings.runs.map { fixed(Double($0) / 1000, 2) }.joined(separator: ", "))): what this machine gives two busy cores"
    )
    let identical = try ReportFile.sameApartFromHost(
      "\(directory)/jobs-1.json", "\(directory)/jobs-2.json")
    print(
      "  speed-up with 2 jobs: \(fixed(speedup, 2))× (pairs: \(speedups.runs.map { fixed(Double($0) / 1000, 2) }.joined(separator: ", "))); reports identical apart from host timings: \(identical ? "yes" : "NO")"
    )
    results.jobs = [
      "traces": suite.jobs.count, "events": events, "speedup": speedup,
      "reportsIdentical": identical,
      "pairSpeedups": speedups.runs.map { Double($0) / 1000 }, "twoProcessesSpeedup": ceiling,
    ]
    results.targets.append(
      Target(
        name: "replay --jobs 2 ≥ 1.8× faster than --jobs 1", measured: fixed(speedup, 2) + "×",
        isMet: speedup >= 1.8))
    results.targets.append(
      Target(
        name: "--jobs 2 report identical to --jobs 1 (host aside)",
        measured: identical ? "yes" : "no", isMet: identical))
  }
}

/// The last path component of `path`.
func lastComponent(_ path: String) -> String {
  path.split(separator: "/").last.map(String.init) ?? path
}
