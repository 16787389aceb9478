// What the device measured, through the verbs a user runs: measured pacing and fidelity in every
// format, a budget on the model's error, calibrate recovering a simulated device's costs, and
// Android's framestats imported with every frame accounted for.

import Foundation
import TestSupport
import Testing

@Suite struct MeasuredCLITests {
  /// A device's true costs, for `synth --busy-costs`.
  static let truth =
    #"{ "frame_us": 1200, "layoutPass_us": 180, "frameSet_us": 9, "itemConfigured_us": 650, "viewCreated_us": 2400, "poolScanStep_us": 4 }"#

  /// The card feed observed on a device running `device`, with work times priced by `truth`.
  static func observed(
    in directory: URL, device: String = "cardfeed@2", seed: Int = 1, noise: String = "0.02",
    name: String = "observed.sctrace", costs prices: String = truth
  ) throws -> String {
    let costs = directory.appendingPathComponent("\(name).costs.json")
    try prices.write(to: costs, atomically: true, encoding: .utf8)
    let trace = directory.appendingPathComponent(name).path
    let run = try CLI.run([
      "synth", "Traces/scripts/cardfeed-mixed.json", "--observe", device, "--drop-frames", "40",
      "41", "--busy-costs", costs.path, "--busy-noise", noise, "--busy-seed", String(seed), "-o",
      trace,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    return trace
  }

  /// The JSON report's section for `trace` replayed through `engine` with `flags`, as
  /// `replay --format json` prints it.
  static func jsonReport(
    of trace: String, engine: String, flags: [String] = []
  ) throws -> [String: Any] {
    let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "json"] + flags)
    #expect(run.status == 0, "\(run.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return try #require((report["traces"] as? [[String: Any]])?.first)
  }

  /// The device ran cardfeed@2: replayed through cardfeed@2 the model matches it frame for frame;
  /// through cardfeed@1 it parts after a release, and every format says where.
  @Test func fidelityInEveryFormat() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = try Self.observed(in: directory)

    let sameTrace = try Self.jsonReport(of: trace, engine: "cardfeed@2")
    let fidelity = try #require(sameTrace["fidelity"] as? [String: Any])
    #expect(fidelity["divergedFrames"] as? Int == 0)
    #expect(fidelity["firstDivergence"] is NSNull)
    let measured = try #require(sameTrace["measured"] as? [String: Any])
    // Frames 40 and 41 were dropped: the frame before them is two refreshes late.
    #expect(measured["hitches"] as? Int == 1)
    #expect(abs((measured["hitchTime_ms"] as? Double ?? 0) - 33.334) < 0.01)
    let metrics = try #require(sameTrace["metrics"] as? [String: Any])
    #expect(metrics["fidelity.offsetError.max"] as? Double == 0)
    #expect(metrics["measured.hitches"] as? Int == 1)

    let other = try CLI.run(["replay", trace, "--engine", "cardfeed@1"])
    #expect(other.status == 0, "\(other.stderr)")
    #expect(other.stdout.contains("fidelity      model vs device over"))
    #expect(
      other.stdout.contains("parts at frame 226 (3.800 s) by 555.0 pt, 0.717 s after a release"))
    #expect(other.stdout.contains("measured      1 hitch, 33.3 ms"))
    let markdown = try CLI.run(["replay", trace, "--engine", "cardfeed@1", "--format", "markdown"])
    #expect(markdown.stdout.contains("| measured hitch ratio | model error p99 |"))
    #expect(
      markdown.stdout.contains("they part at frame 226 (3.800 s) by 555.0 pt, after a release"))
    let ndjson = try CLI.run(["replay", trace, "--engine", "cardfeed@1", "--format", "ndjson"])
    #expect(ndjson.stdout.contains(#""fidelity.divergedFrames":"#))
    let html = directory.appendingPathComponent("report.html").path
    #expect(try CLI.run(["replay", trace, "--engine", "cardfeed@1", "-o", html]).status == 0)
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.contains("measured against estimated frame time"))
    #expect(page.contains("the model against the device: offset error over time"))
    #expect(page.contains("model and device part at frame 226"))
    #expect(page.contains("the costliest frames by estimate"))
    let chrome = directory.appendingPathComponent("trace.json").path
    #expect(
      try CLI.run(["export", "--chrome", chrome, trace, "--engine", "cardfeed@1"]).status == 0)
    let export = try String(contentsOfFile: chrome, encoding: .utf8)
    #expect(export.contains(#""estimateShare_pct":{"frame":"#))
    #expect(export.contains(#""model − device offset (pt)""#))
  }

  /// Jank as the field counts it, as a user reads it.
  ///
  /// The two dropped callbacks (40 and 41) leave the frame before them on screen for three
  /// refreshes — one frame Chrome calls delayed, two vsyncs missed, and Sentry's frames delay of
  /// 50.000 − 16.949 ms (three intervals less the slow threshold at 60 Hz). The device ran the
  /// engine replayed, so its offsets are as smooth as the model's, frame for frame.
  @Test func jankAsTheFieldCountsItInEveryFormat() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = try Self.observed(in: directory)
    let first = try Self.jsonReport(of: trace, engine: "cardfeed@2")
    let measured = try #require(first["measured"] as? [String: Any])
    #expect(abs((measured["framesDelay_ms"] as? Double ?? 0) - 33.0515) < 1e-4)
    let delayed = try #require(measured["delayedFrames"] as? [String: Any])
    #expect(delayed["delayed"] as? Int == 1)
    #expect(delayed["missedVsyncs"] as? Int == 2)
    #expect((delayed["presented"] as? Int ?? 0) > 600)
    let smoothness = try #require(first["smoothness"] as? [String: Any])
    let model = try #require(smoothness["model"] as? [String: Any])
    let device = try #require(smoothness["device"] as? [String: Any])
    #expect((model["frames"] as? Int ?? 0) > 600)
    #expect(NSDictionary(dictionary: model) == NSDictionary(dictionary: device))

    let table = try CLI.run(["replay", trace, "--engine", "cardfeed@2"])
    #expect(table.stdout.contains("frames delay 33.1 ms (Sentry) · delayed 1 of"))
    // A display link's frames: the report says what they cannot see.
    #expect(measured["displayLinkFrames"] as? Int == measured["frames"] as? Int)
    #expect(table.stdout.contains("a display link's: main-thread hitches only"))
    let markdown = try CLI.run(["replay", trace, "--engine", "cardfeed@2", "--format", "markdown"])
    #expect(markdown.stdout.contains("frames delay 33.1 ms (Sentry) · delayed 1 of"))
    #expect(markdown.stdout.contains("a display link's: main-thread hitches only"))
  }

  /// "p99 model error ≤ 0.5 pt" in a budget: the engine the device ran holds it, the other fails.
  @Test func aBudgetHoldsTheModelsError() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = try Self.observed(in: directory)
    let budget = directory.appendingPathComponent("fidelity.json")
    try #"{ "budgets": [ { "metric": "fidelity.offsetError.p99", "max": 0.5 } ] }"#.write(
      to: budget, atomically: true, encoding: .utf8)
    let holds = try CLI.run(["gate", "--budget", budget.path, "--candidate", "cardfeed@2", trace])
    #expect(holds.status == 0, "\(holds.stdout)\(holds.stderr)")
    let fails = try CLI.run(["gate", "--budget", budget.path, "--candidate", "cardfeed@1", trace])
    #expect(fails.status == 1, "\(fails.stdout)\(fails.stderr)")
    // A trace without observed frames has no error to judge: the gate fails closed.
    let none = try CLI.run([
      "gate", "--budget", budget.path, "--candidate", "cardfeed@2", "Traces/cardfeed-mixed.sctrace",
    ])
    #expect(none.status != 0, "\(none.stdout)\(none.stderr)")
  }

  /// A fit that predicts its held-out frames worse than their own mean writes nothing.
  ///
  /// The held-out recording comes from a device ten times slower at everything but the frame's
  /// fixed cost: calibrate says so, writes no cost model, and exits 1.
  @Test func aFitWorseThanAConstantOnHeldOutFramesWritesNothing() throws {
    let directory = try CLI.temporaryDirectory()
    let slower =
      #"{ "frame_us": 1200, "layoutPass_us": 1800, "frameSet_us": 90, "itemConfigured_us": 6500, "viewCreated_us": 24000, "poolScanStep_us": 40 }"#
    let fitted = try Self.observed(in: directory, device: "cardfeed@1", name: "fitted.sctrace")
    let held = try Self.observed(
      in: directory, device: "cardfeed@1", seed: 2, name: "held.sctrace", costs: slower)
    let model = directory.appendingPathComponent("device.json").path
    let run = try CLI.run([
      "calibrate", fitted, held, "--engine", "cardfeed@1", "--fix", "poolScanStep_us=4",
      "--hold-out", "1", "-o", model,
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("no cost model written"), "\(run.stderr)")
    #expect(run.stderr.contains("held-out frames worse than their mean work time"))
    #expect(run.stderr.contains("held out     854 frames · R² -"), "the check it failed, shown")
    #expect(!FileManager.default.fileExists(atPath: model))
    // The same device held out: the check passes and the model is written.
    let same = try Self.observed(in: directory, device: "cardfeed@1", seed: 3, name: "same.sctrace")
    let passes = try CLI.run([
      "calibrate", fitted, same, "--engine", "cardfeed@1", "--fix", "poolScanStep_us=4",
      "--hold-out", "1", "-o", model,
    ])
    #expect(passes.status == 0, "\(passes.stderr)")
    #expect(FileManager.default.fileExists(atPath: model))
  }

  /// calibrate recovers the simulated device's costs from its work times, checked on a trace held
  /// out of the fit; the file it writes is a cost model replay takes.
  @Test func calibrateRecoversASimulatedDevicesCosts() throws {
    let directory = try CLI.temporaryDirectory()
    let traces = try (1...3).map {
      try Self.observed(in: directory, device: "cardfeed@1", seed: $0, name: "device-\($0).sctrace")
    }
    let fitted = directory.appendingPathComponent("device.json").path
    let run = try CLI.run(
      ["calibrate"] + traces + [
        "--engine", "cardfeed@1", "--fix", "poolScanStep_us=4", "-o", fitted,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    // Frames 40 and 41 were missed: 854 observed frames in each.
    #expect(run.stderr.contains("\n  held out     854 frames"), "\(run.stderr)")
    #expect(!run.stderr.contains("\\n"), "each line of the summary on its own, never escaped")
    let model = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fitted)))
        as? [String: Any])
    let truth = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.truth.utf8)) as? [String: Double])
    // Within 5 % or 3 µs of the truth (2 % noise on about 1 700 frames; docs/report-schema.md).
    for (key, expected) in truth {
      let value = try #require(model[key] as? Double)
      #expect(abs(value - expected) <= max(0.05 * expected, 3), "\(key): \(value)")
    }
    let provenance = try #require(model["provenance"] as? [String: Any])
    #expect(provenance["engine"] as? String == "cardfeed@1")
    let heldOut = try #require(provenance["heldOut"] as? [String: Any])
    #expect((heldOut["rSquared"] as? Double ?? 0) > 0.95)
    let replay = try CLI.run([
      "replay", traces[0], "--engine", "cardfeed@1", "--cost-model", fitted,
    ])
    #expect(replay.status == 0, "\(replay.stderr)")

    // cardfeed@2 configures, sets and searches in the same frames: refused by name.
    let refused = try CLI.run(["calibrate", traces[0], "--engine", "cardfeed@2", "-o", fitted])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("cannot be told apart"), "\(refused.stderr)")
    #expect(refused.stderr.contains("hold it with --fix"), "\(refused.stderr)")
    // A trace with no measured work time is nothing to fit.
    let nothing = try CLI.run([
      "calibrate", "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@1", "-o", fitted,
    ])
    #expect(nothing.status == 2)
    #expect(nothing.stderr.contains("no frame of the traces fitted has a measured work time"))
  }

  /// The measured side accounts for every observed frame, frames at rest stepped one by one or in
  /// bulk.
  @Test func everyObservedFrameIsAccountedFor() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = try Self.observed(in: directory)
    let info = try CLI.run(["info", trace, "--json"]).stdout
    let observed = try #require(
      (try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]).flatMap {
        ($0["eventsByKind"] as? [String: Any])?["observedFrame"] as? Int
      })
    for flags in [[String](), ["--step-idle-frames"]] {
      let section = try MeasuredCLITests.jsonReport(of: trace, engine: "cardfeed@2", flags: flags)
      let measured = try #require(section["measured"] as? [String: Any])
      let parts = ["outliers", "paced", "presentationUnknown"].map {
        measured[$0] as? Int ?? -1
      }
      #expect(measured["frames"] as? Int == observed)
      #expect(parts.reduce(0, +) == observed)
    }
  }

  /// Two recordings of one session that differ only by noise change no measured figure.
  ///
  /// 10 % noise on every frame's work, two seeds, either as the baseline: a p99 4 % apart is
  /// within both recordings' noise. A device half again as slow on every frame is a regression,
  /// and a relative budget on a figure within noise is not broken.
  @Test func noiseOnlyRecordingsGiveNoVerdict() throws {
    let directory = try CLI.temporaryDirectory()
    var reports: [String] = []
    let slower =
      #"{ "frame_us": 1800, "layoutPass_us": 270, "frameSet_us": 14, "itemConfigured_us": 975, "viewCreated_us": 3600, "poolScanStep_us": 6 }"#
    for (side, seed, costs) in [("a", 1, Self.truth), ("b", 2, Self.truth), ("c", 3, slower)] {
      let folder = directory.appendingPathComponent(side)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let trace = try Self.observed(
        in: folder, seed: seed, noise: "0.1", name: "feed.sctrace", costs: costs)
      let report = directory.appendingPathComponent("\(side).json").path
      let run = try CLI.run([
        "replay", trace, "--engine", "cardfeed@2", "--format", "json", "-o", report,
      ])
      #expect(run.status == 0, "\(run.stderr)")
      reports.append(report)
    }
    let section = try #require(
      (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reports[0])))
        as? [String: Any]).flatMap { ($0["traces"] as? [[String: Any]])?.first })
    let noise = try #require(section["noise"] as? [String: [Double]])
    let p99 = try #require(noise["measured.frameTime.p99"])
    let value = try #require(
      (section["metrics"] as? [String: Any])?["measured.frameTime.p99"] as? Double)
    #expect(p99.count == 2 && p99[0] <= value && value <= p99[1])
    func rows(_ baseline: String, _ candidate: String) throws -> [[String: Any]] {
      let run = try CLI.run(["diff", baseline, candidate, "--format", "json"])
      #expect(run.status == 0, "\(run.stderr)")
      return try #require(
        (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["rows"]
          as? [[String: Any]])
    }
    for (baseline, candidate) in [(reports[0], reports[1]), (reports[1], reports[0])] {
      let measured = try rows(baseline, candidate).filter {
        ($0["metric"] as? String)?.hasPrefix("measured.") == true
      }
      #expect(measured.count == 12)
      for row in measured {
        #expect(
          row["verdict"] as? String != "regressed" && row["verdict"] as? String != "improved",
          "\(row)")
      }
      // The p99 moved by more than its 1 % tolerance: only the noise says it is no change.
      let p99Row = try #require(
        measured.first { $0["metric"] as? String == "measured.frameTime.p99" })
      #expect(p99Row["verdict"] as? String == "withinNoise")
      #expect((p99Row["noise"] as? [String: Any])?["baseline"] is [Double])
    }
    let slow = try rows(reports[0], reports[2])
    for metric in ["measured.frameTime.p50", "measured.frameTime.p90"] {
      #expect(
        slow.first { $0["metric"] as? String == metric }?["verdict"] as? String == "regressed")
    }
    let budget = directory.appendingPathComponent("budget.json")
    try Data(#"{"budgets":[{"metric":"measured.frameTime.p99","maxIncrease":2}]}"#.utf8).write(
      to: budget)
    // b's p99 is a's less 4 %: a after b is the noise's increase.
    let gate = try CLI.run(["gate", "--budget", budget.path, reports[1], reports[0]])
    #expect(gate.status == 0, "\(gate.stdout)")
  }
}

@Suite struct FramestatsImportCLITests {
  static let log = "Recordings/monkeyhelper-getevent/raw/Phone/phone-single-drag.txt"
  static let calibration = ["--screen", "480x800@1.5", "--axis-range", "0:1023,0:1023"]

  /// Each Android version's dump beside the real touch log: a trace whose observed frames are the
  /// dump's, every row accounted for, replayed with a measured side.
  @Test(arguments: ["android11", "android13", "android15"])
  func aDumpBesideATouchLogBecomesObservedFrames(version: String) throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("phone.sctrace").path
    let run = try CLI.run(
      ["import", "--from", "getevent", Self.log] + Self.calibration + [
        "--framestats", "Traces/framestats/phone-single-drag.\(version).txt", "-o", trace,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("\n  frames: 96 observed frames"))
    #expect(!run.stderr.contains("\\n"), "each line of the summary on its own, never escaped")
    #expect(run.stderr.contains("note: 1 flagged (outliers, left out of pacing)"))
    if version == "android15" {
      #expect(run.stderr.contains("note: 30 rows repeated by a later dump, kept once"))
    }
    let info = try CLI.run(["info", trace]).stdout
    #expect(info.contains("observedFrame 96"))
    #expect(
      info.contains("import.framestats.window = com.example.feed/com.example.feed.FeedActivity"))
    let section = try MeasuredCLITests.jsonReport(of: trace, engine: "paging@2")
    let measured = try #require(section["measured"] as? [String: Any])
    #expect(measured["frames"] as? Int == 96)
    #expect(measured["displayLinkFrames"] as? Int == 0, "Android's own records: no display link")
    #expect(measured["outliers"] as? Int == 1)
    #expect(measured["framesOverBudget"] as? Int == 2)
    // No offsets in a frame-timing record: nothing to compare the model with.
    #expect(section["fidelity"] is NSNull)
    if version != "android11" {
      #expect(measured["hitches"] as? Int == 1)
      // Android 12 and later give each frame's deadline: Android's own verdict, and the overrun.
      #expect(run.stderr.contains("measured against FrameDeadline"))
      #expect(info.contains("format       1.7"))
      let deadline = try #require(measured["deadline"] as? [String: Any])
      #expect((deadline["frames"] as? Int ?? 0) > 0)
      #expect(deadline["overrun"] is [String: Any])
    } else {
      // Android 11 has no FrameDeadline: no deadline, and the trace stays 1.3.
      #expect(measured["deadline"] is NSNull)
      #expect(info.contains("format       1.3"))
    }
  }

  @Test func unusableDumpsExitTwoNamingTheProblem() throws {
    for (name, message) in [
      ("failed.txt", "the device could not take the dump"),
      ("legacy-ms.txt", "per-frame durations in milliseconds only"),
      ("two-windows.txt", "several windows have frames; choose one: "),
      ("two-windows.txt", "; choose one with --window NAME"),
    ] {
      let run = try CLI.run(
        ["import", "--from", "getevent", Self.log] + Self.calibration + [
          "--framestats", "Traces/framestats/\(name)", "-o", "/tmp/unused.sctrace",
        ])
      #expect(run.status == 2)
      #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
    }
    let moved = try CLI.run(
      ["import", "--from", "getevent", Self.log] + Self.calibration + [
        "--framestats", "Traces/framestats/phone-single-drag.android13.txt", "--frames-offset",
        "100", "-o", "/tmp/unused.sctrace",
      ])
    #expect(moved.status == 2)
    #expect(moved.stderr.contains("do not overlap"))
    #expect(moved.stderr.contains("--frames-offset SECONDS moves the frames"))
  }
}

@Suite struct InstrumentsImportCLITests {
  static let recordingB = [
    "--instruments", "Traces/instruments/display-surface-swap.xml", "--instruments",
    "Traces/instruments/hitches-renders.xml", "--instruments",
    "Traces/instruments/display-vsyncs-interval.xml",
  ]

  /// Recording B's tables on their own: a trace of its twelve frames on glass, every table
  /// accounted for, replayed with a measured side that judges them by Apple's rule.
  @Test func anAnimationHitchesRecordingBecomesATrace() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("b.sctrace").path
    let run = try CLI.run(
      ["import"] + Self.recordingB + [
        "--instruments", "Traces/instruments/potential-hangs.xml", "--screen", "1179x2556@3", "-o",
        trace,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "  frames: 12 observed frames from Instruments, display Built-In Display at 60.0 Hz (period from vsyncs of Display 1)"
      ))
    #expect(
      run.stderr.contains(
        "  tables: display-surface-swap 12 rows; hitches-renders 12 rows; display-vsyncs-interval 10 rows; potential-hangs 23 rows (not read)"
      ))
    #expect(run.stderr.contains("render server: 12 rows, 9 of these frames"))
    let info = try CLI.run(["info", trace]).stdout
    #expect(info.contains("observedFrame 12") && info.contains("format       1.7"))
    #expect(info.contains("import.instruments.display = Built-In Display"))
    let section = try MeasuredCLITests.jsonReport(of: trace, engine: "paging@2")
    let measured = try #require(section["measured"] as? [String: Any])
    #expect(measured["frames"] as? Int == 12)
    #expect(measured["hitches"] as? Int == 0)
    let deadline = try #require(measured["deadline"] as? [String: Any])
    #expect(deadline["frames"] as? Int == 12 && deadline["missed"] as? Int == 0)
  }

  /// Instruments' frames placed in the recorder's trace of the session: its touches kept, its
  /// frames replaced by Instruments' carrying its offsets (so fidelity still compares), and its
  /// display link's callbacks checked against Instruments' vsyncs — on them when the clocks are
  /// aligned, 5 ms off when they are not.
  @Test func framesPlacedInARecordingCheckItsDisplayLink() throws {
    let directory = try CLI.temporaryDirectory()
    let recording = directory.appendingPathComponent("recorded.sctrace").path
    let synth = try CLI.run([
      "synth", "Traces/scripts/cardfeed-mixed.json", "--observe", "cardfeed@2", "-o", recording,
    ])
    #expect(synth.status == 0, "\(synth.stderr)")
    let tables = [
      "--instruments", "Traces/instruments/display-surface-swap.xml", "--instruments",
      "Traces/instruments/display-vsyncs-interval.xml",
    ]
    let trace = directory.appendingPathComponent("placed.sctrace").path
    // The recording's vsyncs fall at whole 60 Hz frames from 0; Instruments' first at 481.099833 ms.
    let aligned = try CLI.run(
      ["import"] + tables + [
        "--recording", recording, "--frames-offset", "0.002233167", "-o", trace,
      ])
    #expect(aligned.status == 0, "\(aligned.stderr)")
    #expect(aligned.stderr.contains("with 12 frames of Instruments in place of its 856 own"))
    #expect(
      aligned.stderr.contains("  display link: 10 of 10 callbacks on a vsync of Instruments'"))
    #expect(
      aligned.stderr.contains("  matched: 12 frames carry the recorder's offset and busy time"))
    let info = try CLI.run(["info", trace]).stdout
    #expect(info.contains("touch 390") && info.contains("observedFrame 12"))
    let section = try MeasuredCLITests.jsonReport(of: trace, engine: "cardfeed@2")
    let fidelity = try #require(section["fidelity"] as? [String: Any])
    #expect(fidelity["frames"] as? Int == 12)
    let off = try CLI.run(
      ["import"] + tables + [
        "--recording", recording, "--frames-offset", "0.0072", "-o",
        directory.appendingPathComponent("off.sctrace").path,
      ])
    #expect(off.status == 0, "\(off.stderr)")
    #expect(
      off.stderr.contains(
        "  display link: 0 of 9 callbacks on a vsync of Instruments' (within 0.5 ms; median 4.97 ms"
      ))
    let apart = try CLI.run(
      ["import"] + tables + ["--recording", recording, "--frames-offset", "100", "-o", trace])
    #expect(apart.status == 2)
    #expect(apart.stderr.contains("do not overlap"))
    #expect(apart.stderr.contains("--frames-offset SECONDS moves the frames"))
  }

  /// Beside a touch log: the frames moved onto the log's clock join its touches, as framestats'
  /// do; left on their own clock they do not overlap the touches, and the import says how to move
  /// them.
  @Test func framesBesideATouchLog() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("beside.sctrace").path
    let log =
      ["import", "--from", "getevent", FramestatsImportCLITests.log]
      + FramestatsImportCLITests.calibration + [
        "--instruments", "Traces/instruments/display-surface-swap.xml", "--instruments",
        "Traces/instruments/display-vsyncs-interval.xml",
      ]
    let run = try CLI.run(log + ["--frames-offset", "1411.3", "-o", trace])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains(": 25 touch samples, 1 finger(s)"))
    #expect(run.stderr.contains("  frames: 12 observed frames from Instruments"))
    let info = try CLI.run(["info", trace]).stdout
    #expect(info.contains("touch 25, observedFrame 12"))
    #expect(info.contains("import.instruments.display = Built-In Display"))
    let apart = try CLI.run(log + ["-o", trace])
    #expect(apart.status == 2)
    #expect(apart.stderr.contains("do not overlap"))
    #expect(apart.stderr.contains("--frames-offset SECONDS moves the frames"))
  }

  /// A table that gives no frames, a display that is not there, two recordings' frames at once:
  /// exit 2 or a usage error, naming the problem and the flag past it.
  @Test func unusableExportsExitTwoNamingTheProblem() throws {
    let alone = try CLI.run([
      "import", "--instruments", "Traces/instruments/hitches.xml", "--screen", "1179x2556@3", "-o",
      "/tmp/unused.sctrace",
    ])
    #expect(alone.status == 2)
    #expect(
      alone.stderr.contains("hitches.xml: unmatchedFrames: no table gives frames"),
      "\(alone.stderr)")
    #expect(alone.stderr.contains("add --instruments with the display-surface-swap table"))
    let display = try CLI.run(
      ["import"] + Self.recordingB + [
        "--display", "Display 7", "--screen", "1179x2556@3", "-o", "/tmp/unused.sctrace",
      ])
    #expect(display.status == 2)
    #expect(display.stderr.contains("no display is named like 'Display 7': Built-In Display"))
    let both = try CLI.run(
      ["import"] + Self.recordingB + [
        "--framestats", "Traces/framestats/two-windows.txt", "--screen", "1179x2556@3", "-o",
        "/tmp/unused.sctrace",
      ])
    #expect(both.status != 0 && both.stderr.contains("give one"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/unused.sctrace"))
  }
}
