// Instruments' Animation Hitches tables as `xctrace export` writes them: every table of the real
// samples in Traces/instruments read with the files' own counts, refs resolved across cells, the
// frames on glass placed and judged, and refusals that name the line.

import Foundation
import Testing

@testable import TraceIngest

@Suite struct InstrumentsImportTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func sample(_ name: String) -> String {
    root.appendingPathComponent("Traces/instruments/\(name)").path
  }

  static let recordingB = [
    "display-surface-swap.xml", "hitches-renders.xml", "display-vsyncs-interval.xml",
  ].map(sample)

  static func frames(_ events: [TraceEvent]) -> [ObservedFrame] {
    events.compactMap { event -> ObservedFrame? in
      if case .observedFrame(let frame) = event.payload { return frame }
      return nil
    }
  }

  /// Every table of the samples, its schema and its rows as the file holds them (Traces/instruments
  /// README: 12, 10, 12, 11, 23, 0 and 12 rows).
  @Test(arguments: [
    ("display-surface-swap.xml", "display-surface-swap", 12, true),
    ("display-vsyncs-interval.xml", "display-vsyncs-interval", 10, true),
    ("hitches-renders.xml", "hitches-renders", 12, true),
    ("hitches.xml", "hitches", 11, true),
    ("potential-hangs.xml", "potential-hangs", 23, false),
    ("hang-risks.xml", "hang-risks", 0, false),
    ("displayed-surfaces-interval.xml", "displayed-surfaces-interval", 12, false),
  ])
  func everyTableImportsWithTheFilesCounts(file: String, schema: String, rows: Int, isRead: Bool)
    throws
  {
    let tables = try InstrumentsTables(paths: [Self.sample(file)])
    #expect(tables.tables.count == 1)
    let table = try #require(tables.tables.first)
    #expect(table.schema == schema)
    #expect(table.rows == rows)
    #expect(table.incomplete == 0)
    #expect(table.isRead == isRead)
    let typed = [
      "display-surface-swap": tables.swaps.count, "display-vsyncs-interval": tables.vsyncs.count,
      "hitches-renders": tables.renders.count, "hitches": tables.hitches.count,
    ]
    #expect(typed[schema] ?? 0 == (isRead ? rows : 0))
    // The file's rows, counted with no XML reader at all: one `<row>` a row.
    let text = try String(contentsOfFile: Self.sample(file), encoding: .utf8)
    #expect(text.components(separatedBy: "<row>").count - 1 == rows)
  }

  /// The values behind the refs: hitch durations as the README lists them, an empty description
  /// kept empty, the 4th hitch's `duration` resolved through a ref to the 2nd row's.
  @Test func hitchesResolveTheirRefs() throws {
    let hitches = try InstrumentsTables(paths: [Self.sample("hitches.xml")]).hitches
    #expect(hitches.map(\.duration).reduce(0, +) == 616_666_828)
    #expect(hitches.filter { $0.duration / 1_000_000 == 16 }.count == 7)
    #expect(hitches.map(\.duration).max() == 216_666_666)
    #expect(hitches.filter(\.description.isEmpty).count == 1)
    #expect(hitches.filter { $0.description == "Potentially expensive app update(s)" }.count == 10)
    #expect(hitches.allSatisfy { !$0.isSystem })
    #expect(hitches.first?.start == 4_961_155_833)
    #expect(hitches.last?.start == 36_794_539_583)
  }

  /// A ref to an element defined inside another cell (`potential-hangs`: the process column
  /// refers to the process nested in the first row's thread), and a sentinel column.
  @Test func refsResolveAcrossCells() throws {
    var export = try InstrumentsExport(path: Self.sample("potential-hangs.xml"))
    var schema: InstrumentsExport.Schema?
    var rows: [[InstrumentsExport.Value]] = []
    while let item = try export.next() {
      switch item {
      case .schema(let s): schema = s
      case .row(let values, _): rows.append(values)
      }
    }
    let process = try #require(schema?.mnemonics.firstIndex(of: "process"))
    #expect(rows.count == 23)
    for row in rows {
      guard case .value(let tag, _, let fmt) = row[process] else {
        Issue.record("no process")
        continue
      }
      #expect(tag == "process" && fmt == "TestApp (12345)")
    }
    var swaps = try InstrumentsExport(path: Self.sample("display-surface-swap.xml"))
    var sentinels = 0
    while let item = try swaps.next() {
      if case .row(let values, _) = item { sentinels += values.count { $0 == .sentinel } }
    }
    #expect(sentinels == 24)
  }

  /// Recording B's frames on glass: twelve, one refresh apart, each expected where it landed (its
  /// desired time 2.6 ms before that vsync), the period read from the vsyncs of the display the
  /// other tables call `Display 1`, and nine render-server rows on these frames.
  @Test func recordingBBecomesTwelveFramesOnTime() throws {
    let tables = try InstrumentsTables(paths: Self.recordingB)
    let frames = try InstrumentsFrames(tables, path: "b", placement: .init())
    let s = frames.summary
    #expect(s.display == "Built-In Display")
    #expect(s.frames == 12 && s.late == 0 && s.noDesiredTime == 0)
    #expect(s.periodSource == .vsyncs(display: "Display 1"))
    #expect((16_666_600...16_666_760).contains(s.period))
    #expect(s.renders == 12 && s.rendersJoined == 9)
    #expect(s.renderMedian == 5_967_958 && s.renderMaximum == 7_150_000)
    let observed = Self.frames(frames.events)
    #expect(observed.first?.presentationTimestamp == 481_099_833)
    #expect(observed.last?.presentationTimestamp == 664_433_125)
    for (event, frame) in zip(frames.events, observed) {
      #expect(frame.targetTimestamp == frame.presentationTimestamp)
      #expect(event.timestamp % 1000 == 0)
      #expect(frame.targetTimestamp - event.timestamp >= s.period)
      #expect(frame.targetTimestamp - event.timestamp < s.period + 1000)
      #expect(frame.deadline == ObservedFrame.Deadline(overrun: 0, isMissed: false))
      #expect(frame.source == .frameTimeline && frame.busyDuration == nil && !frame.hasGeometry)
    }
    let times = frames.events.map(\.timestamp)
    #expect(times == times.sorted() && Set(times).count == times.count)
  }

  /// Recording A's hitches beside recording B's frames: counted, and none placed on a frame.
  @Test func anotherRecordingsHitchesAreNotJoined() throws {
    let tables = try InstrumentsTables(paths: Self.recordingB + [Self.sample("hitches.xml")])
    let s = try InstrumentsFrames(tables, path: "b", placement: .init()).summary
    #expect(s.hitches == 11 && s.hitchTime == 616_666_828)
    #expect(s.hitchesOnFrames == 0 && s.late == 0)
  }

  /// An export of one row per line, as `xctrace` writes it.
  static func export(schema: String, columns: [String], rows: [[String]]) -> String {
    var text = "<?xml version=\"1.0\"?>\n<trace-query-result>\n"
    text += "<node xpath='//trace-toc[1]/run[1]/data[1]/table[1]'><schema name=\"\(schema)\">"
    for column in columns {
      text += "<col><mnemonic>\(column)</mnemonic><name>\(column)</name></col>"
    }
    text += "</schema>\n"
    for row in rows { text += "<row>" + row.joined() + "</row>\n" }
    return text + "</node></trace-query-result>\n"
  }

  static func swaps(_ times: [(Int64, Int64)]) -> String {
    export(
      schema: "display-surface-swap",
      columns: ["timestamp", "display-name", "swap-id", "desired-presentation-time"],
      rows: times.enumerated().map { index, time in
        [
          "<start-time>\(time.0)</start-time>",
          index == 0
            ? "<display-name id=\"1\" fmt=\"Built-In Display\">Built-In Display</display-name>"
            : "<display-name ref=\"1\"/>",
          "<displayed-surface-swap>\(100 + index)</displayed-surface-swap>",
          "<start-time>\(time.1)</start-time>",
        ]
      })
  }

  /// A frame that reached the glass one refresh after the vsync it asked for is late by that
  /// refresh; Instruments' own hitch ending on another frame overrides an on-time account (its
  /// expected vsync included), and the disagreement is counted.
  @Test func lateFramesAndInstrumentsVerdicts() throws {
    let period: Int64 = 16_666_667
    let swapText = Self.swaps([
      (1_000_000_000, 998_000_000),
      (1_000_000_000 + period, 1_000_000_000 + period - 2_000_000),
      // Asked for the vsync at +2 periods, shown at +3.
      (1_000_000_000 + 3 * period, 1_000_000_000 + 2 * period - 1_000_000),
      (1_000_000_000 + 4 * period, 1_000_000_000 + 4 * period - 3_000_000),
    ])
    let hitchText = Self.export(
      schema: "hitches", columns: ["start", "duration", "narrative-description"],
      rows: [
        [
          "<start-time>\(1_000_000_000 + 3 * period)</start-time>",
          "<duration>\(period)</duration>", "<sentinel/>",
        ]
      ])
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "instruments-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let swapPath = directory.appendingPathComponent("swaps.xml")
    let hitchPath = directory.appendingPathComponent("hitches.xml")
    try swapText.write(to: swapPath, atomically: true, encoding: .utf8)
    try hitchText.write(to: hitchPath, atomically: true, encoding: .utf8)
    let tables = try InstrumentsTables(paths: [swapPath.path, hitchPath.path])
    let frames = try InstrumentsFrames(tables, path: "x", placement: .init())
    let s = frames.summary
    #expect(s.periodSource == .frames && s.period == period)
    #expect(s.late == 2 && s.hitchesOnFrames == 1 && s.hitchesDisagreeing == 1)
    let observed = Self.frames(frames.events)
    #expect(observed[2].deadline == ObservedFrame.Deadline(overrun: period, isMissed: true))
    #expect(observed[2].targetTimestamp == 1_000_000_000 + 2 * period)
    #expect(observed[3].deadline == ObservedFrame.Deadline(overrun: period, isMissed: true))
    // Instruments says it was a refresh late: expected a refresh before it reached the glass.
    #expect(observed[3].targetTimestamp == 1_000_000_000 + 3 * period)
    #expect(!(observed[0].deadline?.isMissed ?? true))
  }

  /// A frame shown later but expected earlier than the one before it on glass (found by the fuzz
  /// suite): frames go in the order of the vsyncs they were expected at, each no later than its
  /// target.
  @Test func framesExpectedOutOfOrder() throws {
    let period: Int64 = 16_666_667
    let text = Self.swaps([
      (1_000_000_000 + 2 * period, 1_000_000_000 + 2 * period - 1_000_000),
      (1_000_000_000 + 3 * period, 1_000_000_000 + period / 2),
    ])
    let tables = try InstrumentsTables(bytes: Array(text.utf8), path: "o.xml")
    let frames = try InstrumentsFrames(tables, path: "o.xml", placement: .init())
    let observed = Self.frames(frames.events)
    #expect(
      observed.map(\.presentationTimestamp) == [
        1_000_000_000 + 3 * period, 1_000_000_000 + 2 * period,
      ])
    #expect(frames.summary.late == 1)
    for (event, frame) in zip(frames.events, observed) {
      #expect(event.timestamp <= frame.targetTimestamp)
    }
    #expect(frames.events.map(\.timestamp) == frames.events.map(\.timestamp).sorted())
  }

  /// Frames seconds apart give no refresh period (found by the fuzz suite): the fallback's, so a
  /// trace's refresh rate stays one a display can have.
  @Test func implausiblePeriodsArePassedOver() throws {
    let text = Self.swaps([(1_000_000_000, 990_000_000), (5_000_000_000, 4_990_000_000)])
    let tables = try InstrumentsTables(bytes: Array(text.utf8), path: "p.xml")
    let frames = try InstrumentsFrames(
      tables, path: "p.xml", placement: .init(fallbackPeriod: 8_333_333))
    #expect(frames.summary.periodSource == .assumed && frames.summary.period == 8_333_333)
    let header = frames.header(
      screen: ScreenSpec(pixelWidth: 1179, pixelHeight: 2556, scale: 3), deviceName: nil,
      refreshRate: nil, metadata: [:])
    #expect(throws: Never.self) { try TraceWriter.encode(header: header, events: frames.events) }
  }

  /// A display link held at 60 Hz on a 120 Hz display (no `CADisableMinimumFrameDurationOnPhone`):
  /// every callback on a vsync, every other vsync without one; a callback 3 ms off a vsync is off
  /// it; each Instruments frame takes the offset of the callback that targeted its vsync.
  @Test func displayLinkCheckFindsSkippedVsyncs() throws {
    let period: Int64 = 8_333_333
    let start: Int64 = 1_000_000_000
    let vsyncs = Self.export(
      schema: "display-vsyncs-interval", columns: ["timestamp", "display-name"],
      rows: (0..<41).map { i in
        ["<start-time>\(start + Int64(i) * period)</start-time>", "<display-name>D</display-name>"]
      })
    let swaps = Self.swaps(
      (1...20).map { i in
        (start + Int64(2 * i) * period, start + Int64(2 * i) * period - 1_000_000)
      })
    // One file of two tables, as an export of two xpaths: the first node, then the second's.
    var bytes = Array(vsyncs.utf8)
    bytes.removeLast("</trace-query-result>\n".utf8.count)
    bytes += Array(
      swaps.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
        .joined(separator: "\n").utf8)
    let tables = try InstrumentsTables(bytes: bytes, path: "two.xml")
    #expect(tables.tables.map(\.rows) == [41, 20])
    let frames = try InstrumentsFrames(tables, path: "two.xml", placement: .init())
    #expect(frames.summary.period == period && frames.summary.frames == 20)
    // The recorder's callbacks: one every other vsync, the sixth 3 ms late.
    let links = (0..<20).map { i in
      let time = start + Int64(2 * i) * period + (i == 5 ? 3_000_000 : 0)
      return TraceEvent(
        timestamp: time,
        .observedFrame(
          ObservedFrame(
            targetTimestamp: start + Int64(2 * i + 2) * period,
            contentOffset: Point(x: 0, y: Double(i)), contentSize: Size(width: 1, height: 100))))
    }
    let (merged, check) = frames.merged(with: links)
    #expect(check.callbacks == 20 && check.judged == 20 && check.onVsync == 19)
    #expect(check.largestDistance == 3_000_000)
    #expect(check.vsyncsInSpan == 39 && check.vsyncsWithoutCallback == 20)
    #expect(check.matched == 20 && check.unmatchedFrames == 0 && check.unmatchedCallbacks == 0)
    let offsets = Self.frames(merged).map { $0.contentOffset?.y }
    #expect(offsets == (0..<20).map { Double($0) })
  }

  /// Over a hundred kilobytes: tags and texts that straddle the reader's 64 KiB buffer.
  @Test func longExportsStream() throws {
    let period: Int64 = 8_333_333
    let times = (0..<3000).map { i in (Int64(1_000_000_000) + Int64(i) * period, Int64(0)) }
    let text = Self.swaps(times.map { ($0.0, $0.0 - 1_000_000) })
    #expect(text.utf8.count > 200_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "instruments-long-\(UUID().uuidString).xml")
    try text.write(to: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: path) }
    let tables = try InstrumentsTables(paths: [path.path])
    #expect(tables.tables.first?.rows == 3000)
    let frames = try InstrumentsFrames(tables, path: "x", placement: .init())
    #expect(frames.summary.frames == 3000 && abs(frames.summary.refreshRate - 120) < 0.01)
  }

  /// Entities, character references, CDATA and comments read as XML says.
  @Test func entitiesAndCDATA() throws {
    let text = Self.export(
      schema: "hitches", columns: ["start", "duration", "narrative-description"],
      rows: [
        [
          "<start-time fmt='a &amp; b'>1<!-- c -->0</start-time>", "<duration>5</duration>",
          "<string>x &lt;&#65;&#x42;&gt; <![CDATA[<y> & z]]></string>",
        ]
      ])
    let hitches = try InstrumentsTables(bytes: Array(text.utf8), path: "e.xml").hitches
    #expect(hitches.first?.start == 10)
    #expect(hitches.first?.description == "x <AB> <y> & z")
  }

  /// Broken exports: one error naming the file and the line, never a partial read.
  @Test(arguments: [
    (
      "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema name=\"hitches\">",
      "ends inside"
    ),
    ("<!DOCTYPE x [<!ENTITY a \"b\">]><trace-query-result/>", "document type"),
    ("<trace-toc><run/></trace-toc>", "table of contents"),
    ("<table/>", "not an xctrace export"),
    ("<trace-query-result><node><schema name=\"hitches\"></node>", "closes <schema>"),
    ("<trace-query-result><node><row/></node></trace-query-result>", "before its table's schema"),
    ("<trace-query-result>&unknown;</trace-query-result>", "unknown entity"),
    ("<trace-query-result></trace-query-result><x/>", "second root"),
    ("", "no XML element"),
    ("<trace-query-result><a b='1' b='2'/></trace-query-result>", "given twice"),
    ("<trace-query-result>\u{FF}</trace-query-result>", "not UTF-8"),
  ])
  func brokenXMLIsRefused(text: String, message: String) {
    var bytes = Array(text.utf8)
    if text.contains("\u{FF}") { bytes = Array("<trace-query-result>".utf8) + [0xFF] }
    do {
      _ = try InstrumentsTables(bytes: bytes, path: "bad.xml")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.path == "bad.xml")
      #expect(error.reason.contains(message), "\(error.reason)")
    }
  }

  /// Exports that are XML but not tables scrolltrace can read: each refused by name.
  @Test func badTablesNameTheirProblem() throws {
    func refusal(_ text: String) -> String {
      do {
        _ = try InstrumentsTables(bytes: Array(text.utf8), path: "t.xml")
        return "accepted"
      } catch { return "line \(error.line ?? 0): \(error.reason)" }
    }
    let noColumn = Self.export(schema: "hitches", columns: ["begin", "duration"], rows: [])
    #expect(refusal(noColumn).contains("no start column"))
    #expect(refusal(noColumn).contains("begin, duration"))
    let danglingRef = Self.export(
      schema: "hitches", columns: ["start", "duration"],
      rows: [["<start-time ref=\"9\"/>", "<duration>1</duration>"]])
    #expect(refusal(danglingRef).contains("line 4: <start-time ref=\"9\"> refers to no earlier id"))
    let wrongTag = Self.export(
      schema: "hitches", columns: ["start", "duration"],
      rows: [["<start-time id=\"1\">5</start-time>", "<duration ref=\"1\"/>"]])
    #expect(refusal(wrongTag).contains("refers to a different element"))
    let shortRow = Self.export(
      schema: "hitches", columns: ["start", "duration"], rows: [["<start-time>5</start-time>"]])
    #expect(refusal(shortRow).contains("a row of 1 values in table hitches of 2 columns"))
    let negative = Self.export(
      schema: "hitches", columns: ["start", "duration"],
      rows: [["<start-time>-5</start-time>", "<duration>1</duration>"]])
    #expect(refusal(negative).contains("not nanoseconds"))
    let twice = Self.export(
      schema: "hitches", columns: ["start", "duration"],
      rows: [["<start-time id=\"1\">5</start-time>", "<duration id=\"1\">1</duration>"]])
    #expect(refusal(twice).contains("id 1 defined twice"))
    // A needed time missing: the row left out, and counted.
    let sentinel = Self.export(
      schema: "hitches", columns: ["start", "duration"],
      rows: [["<sentinel/>", "<duration>1</duration>"]])
    let tables = try InstrumentsTables(bytes: Array(sentinel.utf8), path: "s.xml")
    #expect(tables.tables.first?.incomplete == 1 && tables.hitches.isEmpty)
  }

  /// Tables that give no frames, or several displays, ask for what is missing.
  @Test func framesNeedTheSwapTable() throws {
    let hitches = try InstrumentsTables(paths: [Self.sample("hitches.xml")])
    #expect(throws: ImportError.self) {
      try InstrumentsFrames(hitches, path: "h", placement: .init())
    }
    do {
      _ = try InstrumentsFrames(hitches, path: "h", placement: .init())
    } catch {
      #expect(error.code == .unmatchedFrames)
      #expect(error.reason.contains("no table gives frames"))
      #expect(error.reason.contains("hitches (11 rows)"))
    }
    let tables = try InstrumentsTables(paths: Self.recordingB)
    #expect(
      (try? InstrumentsFrames(tables, path: "b", placement: .init(display: "built-in")))?.summary
        .frames == 12)
    #expect(throws: ImportError.self) {
      try InstrumentsFrames(tables, path: "b", placement: .init(display: "Display 9"))
    }
  }
}
