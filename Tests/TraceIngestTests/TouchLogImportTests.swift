// The touch-log parsers line by line, and the importer's errors, calibration and leniency.

import Foundation
import Testing
import TraceIngest

@Suite struct TouchLogImportTests {
  static func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

  static func write(_ text: String, name: String = "log.txt") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrolltrace-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  static let phone = ImportOptions(
    screen: ScreenSpec(pixelWidth: 1080, pixelHeight: 1920, scale: 3),
    axisRanges: (AxisRange(minimum: 0, maximum: 1079), AxisRange(minimum: 0, maximum: 1919)))

  static func run(
    _ text: String, format: TouchLogFormat = .getevent, options: ImportOptions = phone
  ) throws
    -> (ImportSummary, [TraceEvent])
  {
    let path = try write(text)
    var events: [TraceEvent] = []
    let summary = try TouchLogImporter(format: format, options: options).run(
      path: path, begin: { _ in }, emit: { events.append($0) })
    return (summary, events)
  }

  // MARK: Lines

  @Test func geteventLabelledHexAndDevicePrefixedLinesAreTheSameEvent() throws {
    let expected = EvdevEvent(time: 51_234_567_890_000, type: 3, code: 0x35, value: 0x23a)
    let labelled = try GeteventLine(
      parsing: Self.line(
        "[   51234.567890] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000023a            \r"
      ))
    let hex = try GeteventLine(
      parsing: Self.line("[   51234.567890] /dev/input/event2: 0003 0035 0000023a"))
    let bare = try GeteventLine(
      parsing: Self.line("[   51234.567890] EV_ABS       ABS_MT_POSITION_X    0000023A"))
    #expect(labelled == .event(expected, device: "/dev/input/event2"))
    #expect(hex == .event(expected, device: "/dev/input/event2"))
    #expect(bare == .event(expected, device: nil))
    let lift = try GeteventLine(
      parsing: Self.line("[    1.000000] EV_ABS       ABS_MT_TRACKING_ID   FFFFFFFF"))
    #expect(
      lift == .event(EvdevEvent(time: 1_000_000_000, type: 3, code: 0x39, value: -1), device: nil))
    let key = try GeteventLine(
      parsing: Self.line("[    1.000000] EV_KEY       BTN_TOUCH            DOWN"))
    #expect(
      key == .event(EvdevEvent(time: 1_000_000_000, type: 1, code: 0x14a, value: 1), device: nil))
  }

  @Test func geteventAxisLinesGiveTheRanges() throws {
    let labelled = try GeteventLine(
      parsing: Self.line(
        "    ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0"
      ))
    #expect(labelled == .axis(code: 0x35, AxisRange(minimum: 0, maximum: 1079)))
    let hex = try GeteventLine(
      parsing: Self.line(
        "                0036  : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 12"))
    #expect(hex == .axis(code: 0x36, AxisRange(minimum: 0, maximum: 2399, resolution: 12)))
    #expect(
      try GeteventLine(parsing: Self.line("add device 1: /dev/input/event2"))
        == .addDevice("/dev/input/event2"))
    #expect(
      try GeteventLine(parsing: Self.line("  name:     \"synaptics_dsx\""))
        == .deviceName("synaptics_dsx"))
    #expect(try GeteventLine(parsing: Self.line("  input props:")) == .ignored)
  }

  @Test func malformedGeteventLinesSayWhatWasExpected() {
    for (text, words) in [
      ("/dev/input/event2: 0003 0035 0000023a", "without a timestamp"),
      ("EV_ABS ABS_MT_POSITION_X 0000023a", "without a timestamp"),
      ("[ 12.5 EV_ABS ABS_X 00000001", "closing `]`"),
      ("[ abc] EV_ABS ABS_X 00000001", "timestamp"),
      ("[ 1.000001] EV_ABS ABS_X", "TYPE CODE VALUE"),
      ("[ 1.000001] EV_ABS ABS_X zz", "hex value"),
      ("[ 1.000001] EV_NOPE ABS_X 00000001", "unknown event type"),
      ("garbage", "expected"),
    ] {
      #expect(throws: ImportError.self) { try GeteventLine(parsing: Self.line(text)) }
      do {
        _ = try GeteventLine(parsing: Self.line(text))
      } catch {
        #expect(error.reason.contains(words), "\(text): \(error.reason)")
      }
    }
  }

  @Test func evemuLinesOfEveryVersion() throws {
    #expect(
      try EvemuLine(
        parsing: Self.line("E: 0.081454 0003 0036 0368\t# EV_ABS / ABS_MT_POSITION_Y    368"))
        == .event(EvdevEvent(time: 81_454_000, type: 3, code: 0x36, value: 368)))
    #expect(
      try EvemuLine(parsing: Self.line("E: 1357751027.090934 0003 0039 -001"))
        == .event(EvdevEvent(time: 1_357_751_027_090_934_000, type: 3, code: 0x39, value: -1)))
    #expect(
      try EvemuLine(parsing: Self.line("A: 35 0 2776 0 0 0"))
        == .axis(code: 0x35, AxisRange(minimum: 0, maximum: 2776)))
    #expect(
      try EvemuLine(parsing: Self.line("N: N-Trig MultiTouch")) == .deviceName("N-Trig MultiTouch"))
    #expect(throws: ImportError.self) { try EvemuLine(parsing: Self.line("E: 0.1 0003 0036")) }
    #expect(throws: ImportError.self) { try EvemuLine(parsing: Self.line("E: 0.1 0003 0036 1e3")) }
    #expect(throws: ImportError.self) { try EvemuLine(parsing: Self.line("X: whatever")) }
    var header = EvemuHeaderReader()
    var axes: [EvemuLine] = []
    for comment in [
      "   Event type 3 (EV_ABS)", "     Event code 0 (ABS_X)", "       Value      0",
      "       Min        0",
      "       Max     4648", "       Resolution 10",
    ] {
      if let line = header.read(Self.line(comment)) { axes.append(line) }
    }
    #expect(axes == [.axis(code: 0, AxisRange(minimum: 0, maximum: 4648))])
  }

  // MARK: Importing

  static let twoFingersB = """
    [    1.000000] EV_ABS       ABS_MT_SLOT          00000000
    [    1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000007
    [    1.000000] EV_ABS       ABS_MT_POSITION_X    00000100
    [    1.000000] EV_ABS       ABS_MT_POSITION_Y    00000200
    [    1.000000] EV_SYN       SYN_REPORT           00000000
    [    1.008000] EV_ABS       ABS_MT_SLOT          00000001
    [    1.008000] EV_ABS       ABS_MT_TRACKING_ID   00000008
    [    1.008000] EV_ABS       ABS_MT_POSITION_X    00000300
    [    1.008000] EV_ABS       ABS_MT_POSITION_Y    00000400
    [    1.008000] EV_SYN       SYN_REPORT           00000000
    [    1.016000] EV_ABS       ABS_MT_SLOT          00000000
    [    1.016000] EV_ABS       ABS_MT_POSITION_Y    00000210
    [    1.016000] EV_SYN       SYN_REPORT           00000000
    [    1.024000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [    1.024000] EV_ABS       ABS_MT_SLOT          00000001
    [    1.024000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [    1.024000] EV_SYN       SYN_REPORT           00000000

    """

  @Test func protocolBFingersLandMoveAndLiftInPoints() throws {
    let (summary, events) = try Self.run(Self.twoFingersB)
    let touches = events.compactMap { event -> (Int64, TouchSample)? in
      if case .touch(let t) = event.payload { return (event.timestamp, t) } else { return nil }
    }
    #expect(touches.map(\.1.phase) == [.began, .began, .moved, .ended, .ended])
    #expect(touches.map(\.1.touchID) == [1, 2, 1, 1, 2])
    // 0x100 = 256 raw units of 1080 → 256 px → 85.33 pt at scale 3.
    #expect(abs(touches[0].1.location.x - 256.0 / 3) < 1.0 / 256)
    #expect(abs(touches[0].1.location.y - 512.0 / 3) < 1.0 / 256)
    #expect(touches[2].0 == 1_016_000_000)
    #expect(abs(touches[2].1.location.y - Double(0x210) / 3) < 1.0 / 256)
    #expect(touches[3].1.location == touches[2].1.location)
    #expect(summary.contacts == 2)
    #expect(summary.protocolName == "B (slots)")
    #expect(summary.header?.device.screenSize == Size(width: 360, height: 640))
    #expect(summary.header?.timestampQuantum == 1000)
  }

  @Test func theLogsOwnAxisRangesAreUsedWhenNoFlagGivesThem() throws {
    let probe = """
      add device 1: /dev/input/event2
        name:     "touchscreen"
        events:
          ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 539, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_Y     : value 0, min 0, max 959, fuzz 0, flat 0, resolution 0

      """
    var options = Self.phone
    options.axisRanges = nil
    let (summary, events) = try Self.run(probe + Self.twoFingersB, options: options)
    guard case .touch(let first) = events.first?.payload else {
      Issue.record("no touch")
      return
    }
    // 256 of 540 units across 1080 px → 512 px → 170.67 pt.
    #expect(abs(first.location.x - 512.0 / 3) < 1.0 / 256)
    #expect(summary.calibration.contains("getevent -p"))
    #expect(summary.header?.device.name == "touchscreen")
  }

  @Test func withoutAxisRangesOrScreenTheImportStopsAtTheFirstTouch() throws {
    var options = Self.phone
    options.axisRanges = nil
    #expect { try Self.run(Self.twoFingersB, options: options) } throws: { error in
      let error = error as? ImportError
      // The library says what is missing; the tool adds the flag (CommandLineHint).
      return error?.code == .missingAxisRanges && error?.line == 5
        && error?.reason.contains("axis ranges") == true
    }
    options = Self.phone
    options.screen = nil
    #expect { try Self.run(Self.twoFingersB, options: options) } throws: { error in
      (error as? ImportError)?.code == .missingScreen
    }
  }

  @Test func aMalformedLineStopsTheImportWithItsNumberOrIsCountedWhenLenient() throws {
    var lines = Self.twoFingersB.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    lines.insert("[    1.009000] EV_ABS       ABS_MT_POSITION_X    nothex", at: 10)
    lines.insert("[    0.500000] EV_SYN       SYN_REPORT           00000000", at: 12)
    let text = lines.joined(separator: "\n")
    #expect { try Self.run(text) } throws: { error in
      let error = error as? ImportError
      return error?.code == .malformedLine && error?.line == 11
        && error?.path?.hasSuffix("log.txt") == true
    }
    var lenient = Self.phone
    lenient.isLenient = true
    let (summary, events) = try Self.run(text, options: lenient)
    #expect(summary.skippedLines == 2)
    #expect(summary.firstSkipped?.line == 11)
    #expect(events.count == 5)
  }

  @Test func protocolAListsEveryContactInEveryFrame() throws {
    let text = """
      [    2.000000] EV_ABS       ABS_MT_TRACKING_ID   00000000
      [    2.000000] EV_ABS       ABS_MT_POSITION_X    00000010
      [    2.000000] EV_ABS       ABS_MT_POSITION_Y    00000020
      [    2.000000] EV_SYN       SYN_MT_REPORT        00000000
      [    2.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001
      [    2.000000] EV_ABS       ABS_MT_POSITION_X    00000030
      [    2.000000] EV_ABS       ABS_MT_POSITION_Y    00000040
      [    2.000000] EV_SYN       SYN_MT_REPORT        00000000
      [    2.000000] EV_SYN       SYN_REPORT           00000000
      [    2.010000] EV_ABS       ABS_MT_TRACKING_ID   00000001
      [    2.010000] EV_ABS       ABS_MT_POSITION_X    00000031
      [    2.010000] EV_ABS       ABS_MT_POSITION_Y    00000040
      [    2.010000] EV_SYN       SYN_MT_REPORT        00000000
      [    2.010000] EV_SYN       SYN_REPORT           00000000
      [    2.020000] EV_SYN       SYN_MT_REPORT        00000000
      [    2.020000] EV_SYN       SYN_REPORT           00000000
      """
    let (summary, events) = try Self.run(text)
    let touches = events.compactMap { event -> TouchSample? in
      if case .touch(let t) = event.payload { t } else { nil }
    }
    #expect(touches.map(\.phase) == [.began, .began, .ended, .moved, .ended])
    #expect(touches.map(\.touchID) == [1, 2, 1, 2, 2])
    #expect(summary.protocolName == "A (SYN_MT_REPORT)")
  }

  @Test func severalDevicesImportTheOneThatReportsPositions() throws {
    let text = """
      [    3.000000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN
      [    3.000000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
      [    3.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
      [    3.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000010
      [    3.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000020
      [    3.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
      [    3.001000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
      [    3.010000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
      [    3.010000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
      """
    let (summary, events) = try Self.run(text)
    #expect(events.count == 2)
    #expect(summary.otherDeviceEvents == 3)
  }

  @Test func hostileInputIsRefusedWithoutCrashing() throws {
    #expect(throws: ImportError.self) { try Self.run(String(repeating: "[", count: 200_000)) }
    #expect(throws: ImportError.self) {
      try Self.run("[ 99999999999999999999.000001] EV_SYN SYN_REPORT 00000000")
    }
    let slots =
      "[ 1.0] EV_ABS ABS_MT_SLOT 00000100\n[ 1.0] EV_ABS ABS_MT_POSITION_X 00000001\n[ 1.0] EV_SYN SYN_REPORT 00000000\n"
    #expect { try Self.run(slots) } throws: { ($0 as? ImportError)?.code == .outOfRange }
    #expect { try Self.run("\u{0}\u{1}\u{2}binary") } throws: {
      ($0 as? ImportError)?.code == .malformedLine
    }
    #expect { try Self.run("") } throws: { ($0 as? ImportError)?.code == .noTouches }
    #expect { try Self.run("x", format: .evemu) } throws: {
      ($0 as? ImportError)?.code == .malformedLine
    }
  }

  // MARK: CSV

  @Test func csvColumnsAreFoundByNameWithTheirUnits() throws {
    let text = """
      gesture,t_ms,pointer_id,x_px,y_px,phase
      "swipe, left",0,7,300,600,down
      "swipe, left",8.5,7,240,600,move
      "swipe, left",16,7,180,600,up
      other,0,1,0,0,down
      """
    var options = Self.phone
    options.selection = "swipe, left"
    let (summary, events) = try Self.run(text, format: .csv, options: options)
    #expect(events.map(\.timestamp) == [0, 8_500_000, 16_000_000])
    guard case .touch(let moved) = events[1].payload else { return }
    #expect(moved.location == Point(x: 80, y: 200))
    #expect(summary.contacts == 1)
    #expect { try Self.run(text, format: .csv) } throws: { error in
      let error = error as? ImportError
      return error?.code == .severalRecordings && error?.line == 5
        && error?.reason.contains("a second recording") == true
    }
  }

  @Test func csvRowsThatContradictEachOtherAreNamed() throws {
    for (rows, code) in [
      ("0,1,10,10,move", ImportError.Code.inconsistentTouch),
      ("0,1,10,10,down\n1,1,10,10,down", .inconsistentTouch),
      ("0,1,10,10,down\n-1,1,10,10,up", .timeWentBackwards),
      ("0,1,10,10,hover", .malformedLine),
      ("0,1,ten,10,down", .malformedLine),
      ("0,1,10", .malformedLine),
    ] {
      #expect { try Self.run("t_us,touch_id,x_pt,y_pt,phase\n" + rows, format: .csv) } throws: {
        ($0 as? ImportError)?.code == code
      }
    }
    #expect { try Self.run("time,touch,x,y\n0,1,1,1", format: .csv) } throws: { error in
      (error as? ImportError)?.reason.contains("t_ns, t_us, t_ms, t_s") == true
    }
  }

  @Test func screenAndAxisFlagsParse() {
    #expect(
      ScreenSpec(parsing: "1080x1920@3")
        == ScreenSpec(pixelWidth: 1080, pixelHeight: 1920, scale: 3))
    #expect(ScreenSpec(parsing: "480x800@1.5")?.size == Size(width: 320, height: 533.3333333333334))
    #expect(
      ScreenSpec(parsing: "1280x800@1") == ScreenSpec(pixelWidth: 1280, pixelHeight: 800, scale: 1))
    // A scale is required: a 2.625× phone read at scale 1 is 2.6 times too large everywhere.
    for bad in [
      "1280x800", "1080x2400@", "1080x1920@0", "1080x@3", "x", "-5x5@1", "nanx5@1", "5x5@3@3",
    ] {
      #expect(ScreenSpec(parsing: bad) == nil)
    }
    #expect(AxisRange(parsing: "0:1023") == AxisRange(minimum: 0, maximum: 1023))
    for bad in ["5:5", "9:1", "0-1023", "a:b"] { #expect(AxisRange(parsing: bad) == nil) }
  }
}
