// scrolltrace — `scrolltrace import`: a device's touch log into a trace.

import Analyze
import ArgumentParser
import TraceIngest

/// `scrolltrace import --from getevent|evemu|csv IN -o OUT.sctrace`, or
/// `scrolltrace import --instruments EXPORT.xml … -o OUT.sctrace`.
struct ImportCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "import",
      abstract:
        "Turn a device's touch log (getevent, evemu, CSV) or an Instruments recording into a trace.",
      discussion: ToolName.help(
        """
        getevent: `adb shell getevent -lt` or `getevent -t` output, multitouch protocol A or B, \
        optionally after `getevent -p` (whose axis ranges are then used).
        evemu: an `evemu-record` recording; axis ranges from its header or the .desc beside it.
        csv: named columns (time, finger, phase, x, y), specified in docs/import.md.

        Raw digitizer units become points: x_pt = (raw − min) · screen_px / (max − min + 1) / scale. \
        No log records the screen, so --screen is required; --axis-range overrides the log's ranges.
        instruments: `xcrun xctrace export --xpath` tables of an Animation Hitches recording \
        (display-surface-swap, display-vsyncs-interval, hitches-renders, hitches) become observed \
        frames: on their own, beside a touch log, or in the iOS recorder's trace of the session \
        (--recording, whose screen is kept) (docs/import.md).

        Example:
          scrolltrace import --from getevent --screen 480x800@1.5 \\
              --axis-range 0:1023,0:1023 -o phone.sctrace \\
              Recordings/monkeyhelper-getevent/raw/Phone/phone-single-drag.txt
        """)
    )
  }

  @Option(help: ArgumentHelp("The log's format: getevent, evemu or csv.", valueName: "format"))
  var from: String?

  /// The format `--from` names; `validate()` has checked it.
  private var format: TouchLogFormat { from.flatMap(TouchLogFormat.init(rawValue:)) ?? .csv }

  @Argument(help: "The touch log (none with --instruments alone).")
  var input: String?

  @Option(name: .shortAndLong, help: ArgumentHelp("The trace to write.", valueName: "file"))
  var output: String

  @Option(
    help: ArgumentHelp(
      "The screen in pixels and its scale (pixels per point), such as 1080x1920@3.",
      valueName: "WxH@S"))
  var screen: String?

  @Option(
    help: ArgumentHelp(
      "The digitizer's x and y ranges, overriding the log's.", valueName: "XMIN:XMAX,YMIN:YMAX"))
  var axisRange: String?

  @Flag(
    help:
      "Skip malformed lines and impossible rows, and count them, instead of stopping at the first.")
  var lenient = false

  @Option(
    help: ArgumentHelp(
      "getevent: the device to import when the log watched several.", valueName: "path"))
  var device: String?

  @Option(
    help: ArgumentHelp(
      "evemu: the device description (.desc) with the axis ranges.", valueName: "file"))
  var desc: String?

  @Option(
    help: ArgumentHelp(
      "csv: the recording to import (the value of the file or gesture column).", valueName: "name"))
  var select: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The display refresh rate to record in the trace, in hertz (default: the rate most of --framestats's frames ran at, else 60).",
      valueName: "hz"))
  var refreshRate: Double?

  @Option(
    help: ArgumentHelp(
      "Android's `dumpsys gfxinfo PACKAGE framestats` output from the same recording: its frames join the trace as observed frames (docs/import.md).",
      valueName: "file"))
  var framestats: String?

  @Option(
    help: ArgumentHelp(
      "An `xctrace export` of an Instruments table (Animation Hitches): its frames join the trace as observed frames; repeat for each table (docs/import.md).",
      valueName: "file"))
  var instruments: [String] = []

  @Option(
    help: ArgumentHelp(
      "With --instruments: the trace the iOS recorder wrote of the same session; its touches and scenes are kept, its own frames replaced by Instruments' with its offsets and busy times, and its display-link timing checked against Instruments' vsyncs.",
      valueName: "trace"))
  var recording: String?

  @Option(
    help: ArgumentHelp(
      "With --instruments: the display to import, by its name or part of it (default: the only display with frames).",
      valueName: "name"))
  var display: String?

  @Option(
    help: ArgumentHelp(
      "With --framestats: the window to import, by its name or part of it (default: the only window with frames).",
      valueName: "name"))
  var window: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --framestats or --instruments: seconds added to every frame's time, for frames not on the log's clock (framestats and getevent are both CLOCK_MONOTONIC on a device; an Instruments export counts from its recording's start).",
      valueName: "seconds"))
  var framesOffset = 0.0

  @Option(
    help: ArgumentHelp("The device name to record when the log names none.", valueName: "name"))
  var deviceName: String?

  @OptionGroup(title: "Writing")
  var writing: WriterOptions

  func validate() throws {
    if instruments.isEmpty || from != nil || input != nil {
      guard let from else {
        throw ValidationError(
          "--from is required with a touch log: getevent, evemu or csv (or give --instruments alone)"
        )
      }
      guard TouchLogFormat(rawValue: from) != nil else {
        throw ValidationError("--from must be getevent, evemu or csv; found `\(from)`")
      }
      guard input != nil else {
        throw ValidationError("--from \(from) needs the touch log to read")
      }
    }
    guard instruments.isEmpty || (framestats == nil && window == nil) else {
      throw ValidationError("--instruments and --framestats are two recordings' frames: give one")
    }
    guard !instruments.isEmpty || (display == nil && recording == nil) else {
      throw ValidationError("--display and --recording need --instruments")
    }
    guard recording == nil || input == nil else {
      throw ValidationError(
        "--recording and a touch log are two recordings of the touches: give one")
    }
    if recording != nil {
      guard screen == nil else {
        throw ValidationError("--screen with --recording: the recording's own screen is kept")
      }
    } else {
      guard let screen else {
        throw ValidationError(
          "--screen is required: no touch log or export records the screen (for example --screen 1080x1920@3)"
        )
      }
      if ScreenSpec(parsing: screen) == nil {
        throw ValidationError(
          "--screen must be WIDTHxHEIGHT@SCALE: pixels and pixels per point, such as 1080x2400@2.625 (the scale is required: no log records it); found `\(screen)`"
        )
      }
    }
    if let axisRange, Self.axisRanges(axisRange) == nil {
      throw ValidationError(
        "--axis-range must be XMIN:XMAX,YMIN:YMAX with MIN < MAX, such as 0:1023,0:1023; found `\(axisRange)`"
      )
    }
    if let refreshRate, !(refreshRate.isFinite && (1...1000).contains(refreshRate)) {
      throw ValidationError("--refresh-rate must be within 1...1000 Hz")
    }
    guard framesOffset.isFinite, abs(framesOffset) <= 1e9 else {
      throw ValidationError("--frames-offset must be a number of seconds within ±10^9")
    }
    guard framestats != nil || (window == nil && (framesOffset == 0 || !instruments.isEmpty))
    else {
      throw ValidationError("--window and --frames-offset need --framestats (or --instruments)")
    }
  }

  static func axisRanges(_ text: String) -> (x: AxisRange, y: AxisRange)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = AxisRange(parsing: parts[0]),
      let y = AxisRange(parsing: parts[1])
    else { return nil }
    return (x, y)
  }

  func run() throws {
    if !instruments.isEmpty { return try runInstruments() }
    guard let input else { return }
    let dump = try framestats.map { try FrameStatsDump(path: $0, isLenient: lenient) }
    let frames = try dump.map { dump in
      try FrameStatsFrames(
        dump, path: framestats ?? "",
        placement: .init(
          window: window, offset: Int64((framesOffset * 1e9).rounded()),
          fallbackPeriod: Int64((1e9 / (refreshRate ?? 60)).rounded())))
    }
    var metadata: [String: String] = [:]
    if let framestats, let frames {
      metadata["import.framestats"] = Self.baseName(framestats)
      metadata["import.framestats.window"] = frames.summary.window
    }
    try importLog(
      input, frames: frames?.events ?? [], refreshRate: frames?.summary.refreshRate,
      metadata: metadata, inputs: [desc, framestats].compactMap { $0 })
    if let frames {
      StandardError.printLines(Self.describe(frames.summary, framestats: framestats))
    }
    if let dump, dump.rowsAfterUptime > 0 {
      StandardError.print(
        "  note: \(dump.rowsAfterUptime) row(s) refused: IntendedVsync after the dump's Uptime")
    }
    if let dump, dump.timesRefused > 0 {
      StandardError.print(
        "  note: \(dump.timesRefused) impossible time(s) dropped from kept rows: FrameCompleted or DisplayPresentTime after the dump's Uptime or over a minute after IntendedVsync"
      )
    }
    if let dump, dump.skippedRows > 0, let first = dump.firstSkipped {
      StandardError.print(
        "  skipped \(dump.skippedRows) framestats row(s) (--lenient); the first: \(first)")
    }
  }

  /// A path's last component: what the trace's metadata names an input by.
  static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Imports the touch log at `input` with `frames` merged among its touches, and says so.
  func importLog(
    _ input: String, frames: [TraceEvent], refreshRate framesRate: Double?,
    metadata: [String: String], inputs: [String]
  ) throws {
    var options = ImportOptions(
      screen: screen.flatMap { ScreenSpec(parsing: $0) },
      axisRanges: axisRange.flatMap(Self.axisRanges),
      isLenient: lenient, device: device, descriptionPath: desc, selection: select,
      refreshRate: refreshRate ?? framesRate ?? 60,
      deviceName: deviceName)
    options.metadata = metadata
    let summary = try OutputFile(output, inputs: [input] + inputs).writeTrace { path in
      var writer: TraceWriter?
      let summary = try TouchLogImporter(format: format, options: options).run(
        path: input, frames: frames,
        begin: { header in
          writer = try writing.writer(path: path, header: header)
        },
        emit: { event in try writer?.append(event) })
      _ = try writer?.close()
      return summary
    }
    StandardError.printLines(Self.describe(summary, input: input, output: output))
  }
}
