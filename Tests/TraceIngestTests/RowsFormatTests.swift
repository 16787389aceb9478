// Items that share a row (format 1.6): scripts that lay them out, the runs on the wire, and runs a
// crafted file carries.

import Testing
import TraceIngest

@testable import TraceCore

@Suite struct RowsFormatTests {
  static let list = #"""
    [{"length": 120, "reuse": "photo", "estimate": 200, "width": "half", "repeat": 4},
     {"length": 80, "reuse": "text"},
     {"length": 90, "reuse": "tag", "width": "third", "repeat": 3},
     {"length": 60, "reuse": "chip", "width": "1/8", "repeat": 8}]
    """#

  @Test func aScriptLaysOutHalvesThirdsAndFractionsAndNeedsFormatOneDotSix() throws {
    let script = try ScriptBatchUpdateTests.decode(
      ScriptBatchUpdateTests.script(#"{"wait": 0.1}"#, list: Self.list))
    guard case .list(let items) = script.scene.layout else {
      Issue.record("not a list")
      return
    }
    #expect(items.map(\.widthDivisor) == [2, 2, 2, 2, 1, 3, 3, 3] + Array(repeating: 8, count: 8))
    #expect(items.map(\.widthName).prefix(6) == ["half", "half", "half", "half", "full", "third"])
    #expect(items.last?.widthName == "1/8")
    #expect(script.formatVersion == .rows)
    // It writes back as it reads.
    #expect(try GestureScript.decode(json: Array(script.json.utf8)).scene == script.scene)
  }

  @Test(arguments: ["quarter", "1/0", "1/101", "2/3", "", "half "])
  func aWidthScriptsCannotNameIsRefusedByName(_ width: String) {
    let list = #"[{"length": 44, "width": "\#(width)"}]"#
    do {
      _ = try ScriptBatchUpdateTests.decode(
        ScriptBatchUpdateTests.script(#"{"wait": 0.1}"#, list: list))
      Issue.record("accepted \(width)")
    } catch let error as ScriptError {
      #expect(error.path.contains("width"), "\(error.path): \(error.message)")
    } catch {
      Issue.record("\(error)")
    }
  }

  /// A scene, an insert and a batch update whose items share rows take 1.6's codes (layout 4,
  /// operations 7 and 8), which a 1.5 reader refuses; without such items each keeps the code it
  /// had, so a file without them is byte for byte what a 1.5 writer made.
  @Test func rowsTakeCodesOfTheirOwnAndRoundTrip() throws {
    let half = SceneItem(length: 120, reuseIdentifier: "p", estimatedLength: 200, widthDivisor: 2)
    let whole = SceneItem(length: 80, reuseIdentifier: "t", estimatedLength: 100)
    var update = BatchUpdate(section: 0, isAnimated: true)
    update.reloads = [BatchUpdate.Reload(index: 1, item: half)]
    update.inserts = [BatchUpdate.Insertion(index: 0, item: whole)]
    let events: [(TraceEvent, UInt8)] = [
      (
        TraceEvent(
          timestamp: 0, .scene(Scene(axis: .vertical, layout: .list([half, half, whole])))), 4
      ),
      (TraceEvent(timestamp: 1, .scene(Scene(axis: .vertical, layout: .list([whole])))), 3),
      (TraceEvent(timestamp: 2, .sceneEdit(.insert(section: 0, index: 0, items: [half]))), 7),
      (TraceEvent(timestamp: 3, .sceneEdit(.insert(section: 0, index: 0, items: [whole]))), 6),
      (TraceEvent(timestamp: 4, .sceneEdit(.batchUpdate(update))), 8),
    ]
    for (event, code) in events {
      var encoder = EventEncoder()
      _ = try encoder.fields(of: event)
      #expect(encoder.payload.bytes.first == code, "\(event.payload)")
    }
    var header = sampleHeader
    header.version = .rows
    let bytes = try TraceWriter.encode(header: header, events: events.map(\.0))
    let reader = try TraceReader(bytes: bytes)
    var read: [TraceEvent] = []
    try reader.forEachEvent { read.append($0) }
    #expect(read == events.map(\.0))
  }

  static func decodeRun(flags: UInt8, tail: [UInt8]) -> Result<[SceneItem], FieldError> {
    var writer = ByteWriter(capacity: 32)
    writer.writeVarint(1)  // one run
    writer.writeVarint(2)  // of two items
    writer.writeFloat64(44)
    writer.writeVarint(0)  // the first string
    writer.writeUInt8(flags)
    writer.writeBytes(tail)
    let decoder = EventDecoder(limits: .default)
    return writer.bytes.withUnsafeBytes { raw in
      var body = ByteReader(raw)
      var budget = 100
      do throws(FieldError) {
        return .success(try decoder.readRuns(&body, ["cell"], &budget, .rows))
      } catch {
        return .failure(error)
      }
    }
  }

  @Test func aRunOfHalvesDecodes() throws {
    var divisor = ByteWriter(capacity: 2)
    divisor.writeVarint(2)
    let items = try Self.decodeRun(flags: 2, tail: divisor.bytes).get()
    #expect(
      items
        == Array(
          repeating: SceneItem(length: 44, reuseIdentifier: "cell", widthDivisor: 2), count: 2))
  }

  @Test(arguments: [
    (UInt8(2), [UInt8(0)], "width divisor"),
    (2, [1], "width divisor"),
    (2, [101], "width divisor"),
    (2, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], "width divisor"),
    (2, [], "width divisor"),
    (4, [], "unknown flags"),
    (0x82, [2], "unknown flags"),
  ])
  func aCraftedRunIsRefusedByName(_ flags: UInt8, _ tail: [UInt8], _ field: String) {
    switch Self.decodeRun(flags: flags, tail: tail) {
    case .success(let items): Issue.record("accepted \(items)")
    case .failure(let error): #expect(error.reason.contains(field), "\(error.reason)")
    }
  }

  @Test func theWriterRefusesADivisorTheFormatCannotHold() {
    for divisor in [0, -1, 101] {
      let item = SceneItem(length: 44, reuseIdentifier: "c", widthDivisor: divisor)
      #expect(throws: TraceFormatError.self) {
        try TraceWriter.encode(
          header: sampleHeader,
          events: [TraceEvent(timestamp: 0, .scene(Scene(axis: .vertical, layout: .list([item]))))])
      }
    }
  }
}
