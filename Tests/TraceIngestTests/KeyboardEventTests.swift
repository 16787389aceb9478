// The keyboard (format 1.5): scripts that move it, the event on the wire, and payloads a crafted
// file carries.

import Testing
import TraceIngest

@testable import TraceCore

@Suite struct KeyboardEventTests {
  static func decode(_ steps: String) throws -> GestureScript {
    try GestureScript.decode(json: Array(ScriptBatchUpdateTests.script(steps).utf8))
  }

  @Test func aScriptShowsHidesAndDismissesTheKeyboardInteractively() throws {
    let script = try Self.decode(
      #"""
      {"keyboard": {"overlap": 336, "duration": 0.25}},
      {"keyboard": {"overlap": 120, "interactive": true}},
      {"keyboard": {"overlap": 0, "duration": 0.3, "curve": "easeOut"}}
      """#)
    #expect(
      script.steps == [
        .keyboard(KeyboardChange(overlap: 336, animationDuration: 250_000_000)),
        .keyboard(KeyboardChange(overlap: 120, isInteractive: true)),
        .keyboard(KeyboardChange(overlap: 0, animationDuration: 300_000_000, curve: .easeOut)),
      ])
    // The step lasts the animation; the script needs format 1.5 and writes back as it reads.
    #expect(script.steps.map(\.duration) == [0.25, 0, 0.3])
    #expect(script.formatVersion == FormatVersion(major: 1, minor: 5))
    #expect(try GestureScript.decode(json: Array(script.json.utf8)).steps == script.steps)
  }

  @Test(arguments: [
    (#"{"keyboard": {"overlap": -1, "duration": 0.25}}"#, "overlap"),
    (#"{"keyboard": {"overlap": 336}}"#, "duration"),
    (#"{"keyboard": {"overlap": 336, "duration": -0.1}}"#, "duration"),
    (#"{"keyboard": {"overlap": 336, "duration": 0.25, "curve": "bouncy"}}"#, "curve"),
    (#"{"keyboard": {"overlap": 1e9, "duration": 0.25}}"#, "overlap"),
  ])
  func aMalformedKeyboardStepNamesItsField(_ step: String, _ field: String) {
    do {
      _ = try Self.decode(step)
      Issue.record("accepted \(step)")
    } catch let error as ScriptError {
      #expect(error.path.contains(field), "\(error.path): \(error.message)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func theSynthesizedTraceDeclaresFormatOneDotFiveAndRoundTrips() throws {
    let script = try Self.decode(
      #"{"keyboard": {"overlap": 336, "duration": 0.25, "curve": "7"}}, {"wait": 0.1}"#)
    let synthesizer = Synthesizer(script: script)
    let bytes = try TraceWriter.encode(
      header: synthesizer.header, events: try synthesizer.events())
    let reader = try TraceReader(bytes: bytes)
    #expect(reader.header.version == FormatVersion(major: 1, minor: 5))
    var keyboards: [KeyboardChange] = []
    try reader.forEachEvent { event in
      if case .keyboard(let change) = event.payload { keyboards.append(change) }
    }
    #expect(keyboards == [KeyboardChange(overlap: 336, animationDuration: 250_000_000)])
  }

  /// A keyboard payload as the format lays it out: `f64` overlap, `varint` duration, `u8` curve,
  /// `u8` flags.
  static func payload(overlap: Double, duration: UInt64 = 0, tail: [UInt8] = [7, 0]) -> [UInt8] {
    var writer = ByteWriter(capacity: 16)
    writer.writeFloat64(overlap)
    writer.writeVarint(duration)
    writer.writeBytes(tail)
    return writer.bytes
  }

  static func decodePayload(_ bytes: [UInt8]) -> Result<EventPayload, FieldError> {
    let decoder = EventDecoder(limits: .default)
    return bytes.withUnsafeBytes { raw in
      var body = ByteReader(raw)
      do throws(FieldError) {
        return .success(try decoder.payload(EventKind.keyboard.rawValue, at: 0, &body))
      } catch {
        return .failure(error)
      }
    }
  }

  @Test(arguments: [
    (Self.payload(overlap: .nan), "overlap"),
    (Self.payload(overlap: -.infinity), "overlap"),
    (Self.payload(overlap: -1), "overlap"),
    (Self.payload(overlap: 2_000_000), "overlap"),
    (Self.payload(overlap: 300, duration: UInt64.max), "animationDuration"),
    (Self.payload(overlap: 300, tail: [7]), "flags"),
    (Array(Self.payload(overlap: 300).prefix(5)), "overlap"),
  ])
  func aCraftedKeyboardPayloadIsRefusedByName(_ bytes: [UInt8], _ field: String) {
    switch Self.decodePayload(bytes) {
    case .success(let payload): Issue.record("accepted \(payload)")
    case .failure(let error): #expect(error.reason.contains(field), "\(error.reason)")
    }
  }

  @Test func laterFlagBitsAndTrailingBytesAreIgnoredAsLaterMinorVersionsMayAddThem() throws {
    let result = Self.decodePayload(Self.payload(overlap: 300, tail: [2, 0b1111_1111, 9, 9]))
    #expect(
      try result.get()
        == .keyboard(KeyboardChange(overlap: 300, curve: .easeOut, isInteractive: true)))
  }

  @Test func theWriterRefusesWhatTheFormatCannotHold() {
    for change in [
      KeyboardChange(overlap: -1), KeyboardChange(overlap: .nan),
      KeyboardChange(overlap: 2_000_000), KeyboardChange(overlap: 10, animationDuration: -1),
    ] {
      #expect(throws: TraceFormatError.self) {
        try TraceWriter.encode(
          header: sampleHeader,
          events: [TraceEvent(timestamp: 0, .keyboard(change))])
      }
    }
  }
}
