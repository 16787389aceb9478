// The importers against the real recordings in Recordings/: every raw getevent and evemu log
// decodes to the same fingers as the recordings' own independent conversion (strokes.csv).

import Foundation
import Testing
import TraceIngest

@Suite struct RecordedLogImportTests {
  static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Recordings")

  /// Imports with a mapping that keeps raw units (a 65536-unit axis onto 65536 pixels at scale 1).
  static func importRaw(_ path: String, format: TouchLogFormat) throws -> [(
    time: Int64, sample: TouchSample
  )] {
    let identity = AxisRange(minimum: 0, maximum: 65535)
    let options = ImportOptions(
      screen: ScreenSpec(pixelWidth: 65536, pixelHeight: 65536, scale: 1),
      axisRanges: (identity, identity))
    var touches: [(Int64, TouchSample)] = []
    _ = try TouchLogImporter(format: format, options: options).run(
      path: path, begin: { _ in },
      emit: { event in
        if case .touch(let sample) = event.payload { touches.append((event.timestamp, sample)) }
      })
    return touches
  }

  struct Row: Hashable, CustomStringConvertible {
    var stroke: UInt32
    var phase: String
    var microseconds: Int64
    var x: Int
    var y: Int
    var description: String { "stroke \(stroke) \(phase) at \(microseconds) µs (\(x), \(y))" }
  }

  /// strokes.csv rows per file: downs, ups, and moves that change the position (the importer
  /// writes no sample for a finger that did not move).
  static func oracle(_ set: String) throws -> (rows: [String: [Row]], gaps: Set<String>) {
    let text = try String(
      contentsOf: recordings.appendingPathComponent("\(set)/strokes.csv"), encoding: .utf8)
    var rows: [String: [Row]] = [:]
    var last: [String: (Int, Int)] = [:]
    var gaps: Set<String> = []
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 6, let stroke = UInt32(fields[1]), let ms = Double(fields[2]) else {
        continue
      }
      let key = "\(fields[0])#\(stroke)"
      // Rows with an empty coordinate are the slot-reuse gaps SOURCE.md describes: the value is
      // the previous contact's in the slot. The importer carries it over; the oracle cannot.
      guard let x = Int(fields[3]), let y = Int(fields[4]) else {
        gaps.insert(key)
        continue
      }
      let phase = fields[5] == "down" ? "began" : fields[5] == "up" ? "ended" : "moved"
      if phase == "moved", let previous = last[key], previous == (x, y) { continue }
      last[key] = (x, y)
      rows[fields[0], default: []].append(
        Row(stroke: stroke, phase: phase, microseconds: Int64((ms * 1000).rounded()), x: x, y: y))
    }
    return (rows, gaps)
  }

  static func imported(_ path: String, format: TouchLogFormat) throws -> [Row] {
    let touches = try importRaw(path, format: format)
    guard let start = touches.first?.time else { return [] }
    return touches.map {
      Row(
        stroke: $0.sample.touchID, phase: $0.sample.phase.name,
        microseconds: ($0.time - start) / 1000,
        x: Int($0.sample.location.x.rounded()), y: Int($0.sample.location.y.rounded()))
    }
  }

  static func compare(set: String, format: TouchLogFormat) throws -> [String] {
    var problems: [String] = []
    let (oracle, gaps) = try oracle(set)
    #expect(oracle.count >= 18)
    for (file, expected) in oracle.sorted(by: { $0.key < $1.key }) {
      let path = recordings.appendingPathComponent("\(set)/raw/\(file)").path
      let actual = try imported(path, format: format)
      // strokes.csv counts time from the file's first event; the importer keeps the log's clock.
      let shift = (expected.first?.microseconds ?? 0)
      let shifted = actual.map { row in
        var row = row
        row.microseconds += shift
        return row
      }
      let missing = Set(expected).subtracting(shifted).filter {
        !gaps.contains("\(file)#\($0.stroke)")
      }
      let extra = Set(shifted).subtracting(expected).filter {
        !gaps.contains("\(file)#\($0.stroke)")
      }
      if !missing.isEmpty || !extra.isEmpty {
        problems.append(
          "\(file): missing \(missing.sorted { $0.microseconds < $1.microseconds }.prefix(3)), extra \(extra.sorted { $0.microseconds < $1.microseconds }.prefix(3))"
        )
      }
    }
    return problems
  }

  @Test func everyGeteventLogDecodesToTheFingersOfItsStrokes() throws {
    // SOURCE.md: the conversion does not read the final upper-case `FFFFFFFF` of galaxys-paint.txt
    // as a lift, so it has no `up` for stroke 34 and a lone `down` for a stroke 35. The importer
    // reads hex in either case (as AOSP's getevent.c prints it), so it lifts stroke 34 there.
    let problems = try Self.compare(set: "monkeyhelper-getevent", format: .getevent)
    #expect(problems.count <= 1, "\(problems)")
    if let only = problems.first { #expect(only.hasPrefix("Phone/galaxys-paint.txt"), "\(only)") }
    let paint = try Self.imported(
      Self.recordings.appendingPathComponent("monkeyhelper-getevent/raw/Phone/galaxys-paint.txt")
        .path, format: .getevent)
    #expect(paint.last?.phase == "ended")
    #expect(paint.last?.stroke == 34)
  }

  @Test func everyEvemuRecordingDecodesToTheFingersOfItsStrokes() throws {
    let problems = try Self.compare(set: "evemu-devices-touchscreens", format: .evemu)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func aSlotKeepsItsPositionForTheNextFingerInIt() throws {
    // Protocol B sends only changed axes: strokes 5, 6 and 8 of the fast taps land where the
    // finger before them in the slot was, without position events (SOURCE.md caveat).
    let path = Self.recordings.appendingPathComponent(
      "evemu-devices-touchscreens/raw/touchscreens/Atmel maXTouch Touchscreen.1-finger-fast-taps.events"
    ).path
    let rows = try Self.imported(path, format: .evemu)
    for stroke: UInt32 in [5, 6, 8] {
      let down = try #require(rows.first { $0.stroke == stroke && $0.phase == "began" })
      let before = try #require(rows.last { $0.stroke == stroke - 1 })
      #expect(
        down.x == before.x || down.y == before.y,
        "stroke \(stroke) at \(down), the previous finger ended at \(before)")
    }
  }
}
