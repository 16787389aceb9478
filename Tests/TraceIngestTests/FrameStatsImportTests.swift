// Android's `dumpsys gfxinfo … framestats` as real dumps arrive: every layout and encoding the
// samples in Traces/framestats hold, every row accounted for, and refusals that name the problem.

import Foundation
import Testing
import TraceIngest

@Suite struct FrameStatsImportTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func sample(_ name: String) -> String {
    root.appendingPathComponent("Traces/framestats/\(name)").path
  }

  /// Android 11, 13 and 15's column sets, in UTF-8 and UTF-16, LF, CRLF and CR CR LF: the same 96
  /// frames, each row accounted for.
  @Test(arguments: [
    ("phone-single-drag.android11.txt", 96, 0),
    ("phone-single-drag.android13.txt", 96, 0),
    ("phone-single-drag.android15.txt", 126, 30),
  ])
  func everyLayoutImportsEveryFrame(name: String, rows: Int, duplicates: Int) throws {
    let dump = try FrameStatsDump(path: Self.sample(name))
    let frames = try FrameStatsFrames(dump, path: name, placement: .init())
    let s = frames.summary
    #expect(s.window == "com.example.feed/com.example.feed.FeedActivity")
    #expect(s.rows == rows)
    #expect(s.duplicates == duplicates)
    #expect(s.frames == s.rows - s.duplicates)
    #expect(s.frames == 96)
    #expect(s.outliers == 1)
    #expect(frames.events.count == 96)
    let times = frames.events.map(\.timestamp)
    #expect(times == times.sorted())
    #expect(times.first == 1_411_700_000_000)
    let observed = frames.events.compactMap { event -> ObservedFrame? in
      if case .observedFrame(let frame) = event.payload { return frame }
      return nil
    }
    #expect(observed.allSatisfy { $0.source == .frameTimeline && !$0.hasGeometry })
    if name.contains("android11") {
      // No period, no present time in this layout: the fallback period, every presentation unknown.
      #expect(s.periodAssumed == 96 && s.refreshRate == nil)
      #expect(observed.allSatisfy { $0.presentationTimestamp == nil })
      #expect(observed.allSatisfy { $0.busyDuration != nil })
    } else {
      // The period read by its value, whatever the column's name; a present time of 0, a stale
      // present time and a stale FrameCompleted, each counted.
      #expect(s.periodAssumed == 0)
      #expect(abs((s.refreshRate ?? 0) - 60) < 0.01)
      #expect(s.presentationUnknown == 1)
      #expect(s.presentationBeforeCompletion == 1)
      #expect(s.completionUnknown == 1)
      #expect(observed.filter { $0.presentationTimestamp == nil }.count == 2)
      #expect(observed.filter { $0.busyDuration == nil }.count == 1)
    }
    #expect(dump.hasSwappedPeriodNames == name.contains("android13"))
  }

  /// Two windows with frames: the importer asks which, and takes one by part of its name.
  @Test func severalWindowsAreChosenByName() throws {
    let dump = try FrameStatsDump(path: Self.sample("two-windows.txt"))
    #expect(throws: ImportError(.unmatchedFrames, "")) {
      try FrameStatsFrames(dump, path: "two-windows.txt", placement: .init())
    }
    let popup = try FrameStatsFrames(dump, path: "", placement: .init(window: "Popup"))
    #expect(popup.summary.frames == 5)
    #expect(throws: ImportError(.unmatchedFrames, "")) {
      try FrameStatsFrames(dump, path: "", placement: .init(window: "Toast"))
    }
  }

  /// A failed capture, Android 5's durations, and text that is no dump: refused by name.
  @Test func unusableDumpsAreRefusedByName() throws {
    #expect(throws: ImportError(.failedDump, "")) {
      try FrameStatsDump(path: Self.sample("failed.txt"))
    }
    #expect(throws: ImportError(.unsupportedDump, "")) {
      try FrameStatsDump(path: Self.sample("legacy-ms.txt"))
    }
    #expect(throws: ImportError(.unsupportedDump, "")) {
      try FrameStatsDump(bytes: Array("hello\nworld\n".utf8), path: "x")
    }
    #expect(throws: ImportError(.malformedLine, "")) {
      try FrameStatsDump(bytes: [0xFF, 0xFE, 0x41], path: "odd UTF-16")
    }
  }

  /// A malformed row stops the read with its line, or is skipped and counted under lenience; a
  /// dump cut inside a block likewise.
  @Test func malformedRowsAreNamedOrCounted() throws {
    let text = """
      Window: app
      ---PROFILEDATA---
      Flags,IntendedVsync,Vsync,FrameCompleted,
      0,1000000000,1000000000,1008000000,
      0,1016666667,x,1020000000,
      0,1033333333,1033333333,1040000000,
      ---PROFILEDATA---
      """
    do {
      _ = try FrameStatsDump(bytes: Array(text.utf8), path: "d.txt")
      Issue.record("a malformed row was read")
    } catch let error as ImportError {
      #expect(error.line == 5)
      #expect(error.code == .malformedLine)
    }
    let lenient = try FrameStatsDump(bytes: Array(text.utf8), path: "d.txt", isLenient: true)
    #expect(lenient.skippedRows == 1)
    #expect(lenient.windows.first?.rows.count == 2)
    let cut = String(text.dropLast("---PROFILEDATA---".count))
    #expect(throws: ImportError(.malformedLine, "")) {
      try FrameStatsDump(bytes: Array(cut.utf8), path: "cut.txt")
    }
    #expect(
      try FrameStatsDump(bytes: Array(cut.utf8), path: "cut.txt", isLenient: true)
        .windows.first?.rows.count == 2)
  }

  /// A block without its header says so (it said "a column twice" when the first row repeated a
  /// value); a window is named in any case; a name several windows share lists only those.
  @Test func headersAndWindowNamesAreReadAsTheyAre() throws {
    let headerless = "Window: app\n---PROFILEDATA---\n0,0,0,0,\n---PROFILEDATA---\n"
    do {
      _ = try FrameStatsDump(bytes: Array(headerless.utf8), path: "d.txt")
      Issue.record("a block without a header was read")
    } catch let error as ImportError {
      #expect(error.reason.contains("expected a framestats header naming Flags"), "\(error)")
    }
    let dump = try FrameStatsDump(path: Self.sample("two-windows.txt"))
    let popup = try FrameStatsFrames(dump, path: "", placement: .init(window: "popup"))
    #expect(popup.summary.frames == 5)
    do {
      _ = try FrameStatsFrames(dump, path: "", placement: .init(window: "O"))
      Issue.record("an ambiguous name chose a window")
    } catch let error as ImportError {
      #expect(error.reason.contains("names several windows"), "\(error)")
    }
  }

  /// Times a frame cannot have: a row from after the dump was taken is refused, and a
  /// `FrameCompleted` after it or years after its vsync (a real dump's 288 million seconds) is
  /// dropped from its row, never a work time; each is counted.
  @Test func impossibleTimesAreRefusedAndCounted() throws {
    let header = "Flags,IntendedVsync,Vsync,FrameCompleted,DisplayPresentTime,"
    // Uptime 2,000 s: in nanoseconds, 2e12.
    let rows = [
      "0,1000000000000,1000000000000,1000008000000,1000016000000,",  // a frame
      "0,1000016000000,1000016000000,289000000000000000,1000032000000,",  // completed years on
      "0,1000032000000,1000032000000,1000040000000,2500000000000,",  // presented after the dump
      "0,1100000000000,1100000000000,1170000000000,0,",  // 70 s of work: a clock gone wrong
      "0,2100000000000,2100000000000,2100008000000,0,",  // a frame after the dump was taken
    ]
    let text =
      "Uptime: 2000000 Realtime: 2000000\nWindow: app\n---PROFILEDATA---\n" + header + "\n"
      + rows.joined(separator: "\n") + "\n---PROFILEDATA---\n"
    let dump = try FrameStatsDump(bytes: Array(text.utf8), path: "times.txt")
    #expect(dump.rowsAfterUptime == 1)
    #expect(dump.timesRefused == 3)
    let frames = try FrameStatsFrames(dump, path: "times.txt", placement: .init())
    #expect(frames.summary.frames == 4)
    #expect(frames.summary.completionUnknown == 2)
    let busy = frames.events.compactMap { event -> Int64?? in
      if case .observedFrame(let frame) = event.payload { return frame.busyDuration }
      return nil
    }
    #expect(busy == [8_000_000, nil, 8_000_000, nil])
    // Without an Uptime line, only the minute's bound applies: the row after 2,000 s is a frame,
    // and the presentation 1,500 s after its vsync is still refused.
    let undated = try FrameStatsDump(
      bytes: Array(
        text.replacingOccurrences(of: "Uptime: 2000000 Realtime: 2000000\n", with: "").utf8),
      path: "undated.txt")
    #expect(undated.rowsAfterUptime == 0 && undated.timesRefused == 3)
  }

  /// A UI frame and a RenderThread frame of one vsync (their own `FrameTimelineVsyncId`s and
  /// completions, as real Android 12+ dumps hold them) are two frames; a row a later dump repeats
  /// (the same id) is one, counted; without ids, only an identical row is a repeat.
  @Test func framesAreKnownByTheirVsyncID() throws {
    let header = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,FrameCompleted,"
    let ui = "0,501,1000000000000,1000000000000,1000030000000,"  // 30 ms: the slow one
    let renderThread = "2,502,1000000000000,1000000000000,1000009000000,"
    let next = "0,503,1000016666667,1000016666667,1000024000000,"
    func dump(_ blocks: [[String]], header: String) -> String {
      // Two dumps one after the other, as `dumpsys gfxinfo` run twice prints them.
      blocks.map {
        "Window: app\n---PROFILEDATA---\n\(header)\n\($0.joined(separator: "\n"))\n"
          + "---PROFILEDATA---\n"
      }.joined()
    }
    let text = dump([[ui, renderThread], [renderThread, next]], header: header)
    let frames = try FrameStatsFrames(
      try FrameStatsDump(bytes: Array(text.utf8), path: "ids.txt"), path: "ids.txt",
      placement: .init())
    #expect(frames.summary.rows == 4)
    #expect(frames.summary.duplicates == 1)
    #expect(frames.summary.frames == 3)
    #expect(frames.summary.outliers == 1)
    let busy = frames.events.compactMap { event -> Int64?? in
      if case .observedFrame(let frame) = event.payload { return frame.busyDuration }
      return nil
    }
    // Both frames of the first vsync, in order of completion (the second a microsecond on, so
    // that the measured side does not take it for a repeat), then the next.
    #expect(busy == [9_000_000, 30_000_000, 7_333_333])
    #expect(
      frames.events.map(\.timestamp) == [1_000_000_000_000, 1_000_000_001_000, 1_000_016_666_000])
    // Without the id column, the two frames of one vsync differ in their rows and are both kept;
    // the identical repeat is still one.
    let strip = { (row: String) in
      row.split(separator: ",", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset != 1 }.map(\.element).joined(separator: ",")
    }
    let old = dump(
      [[strip(ui), strip(renderThread)], [strip(renderThread), strip(next)]],
      header: "Flags,IntendedVsync,Vsync,FrameCompleted,")
    let withoutIDs = try FrameStatsFrames(
      try FrameStatsDump(bytes: Array(old.utf8), path: "old.txt"), path: "old.txt",
      placement: .init())
    #expect(withoutIDs.summary.frames == 3 && withoutIDs.summary.duplicates == 1)
  }

  /// 200 000 empty blocks are read in one pass (they took 40 s, quadratic in the windows).
  @Test func manyBlocksAreReadInOnePass() throws {
    let block = "---PROFILEDATA---\n---PROFILEDATA---\n"
    let text = "Window: a\n" + String(repeating: block, count: 200_000)
    let start = ContinuousClock.now
    let dump = try FrameStatsDump(bytes: Array(text.utf8), path: "many.txt")
    #expect(dump.windows.count == 200_000)
    #expect(ContinuousClock.now - start < .seconds(20))
    do {
      _ = try FrameStatsFrames(dump, path: "many.txt", placement: .init())
      Issue.record("a dump of empty windows was imported")
    } catch {
      #expect("\(error)".contains("and 199990 more"), "\("\(error)".prefix(300))")
      #expect("\(error)".utf8.count < 2_000)
    }
  }

  /// The samples are what the script makes (it is deterministic).
  @Test func samplesMatchTheirScript() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "framestats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let copy = directory.appendingPathComponent("scripts")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.root.appendingPathComponent("scripts/make-framestats-samples"),
      to: copy.appendingPathComponent("make-framestats-samples"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", copy.appendingPathComponent("make-framestats-samples").path]
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let made = directory.appendingPathComponent("Traces/framestats")
    let names = try FileManager.default.contentsOfDirectory(atPath: made.path).sorted()
    #expect(names.count == 6)
    for name in names {
      #expect(
        try Data(contentsOf: made.appendingPathComponent(name))
          == Data(contentsOf: URL(fileURLWithPath: Self.sample(name))), "\(name)")
    }
  }
}
