// scrolltrace — `scrolltrace import`: a device's touch log into a trace.

import Analyze
import ArgumentParser
import TraceIngest

/// `scrolltrace import --from getevent|evemu|csv IN -o OUT.sctrace`.
struct ImportCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "import",
      abstract: "Turn a device's touch log (getevent, evemu, CSV) into a trace.",
      discussion: ToolName.help(
        """
        getevent: `adb shell getevent -lt` or `getevent -t` output, multitouch protocol A or B, \
        optionally after `getevent -p` (whose axis ranges are then used).
        evemu: an `evemu-record` recording; axis ranges from its header or the .desc beside it.
        csv: named columns (time, finger, phase, x, y), specified in docs/import.md.

        Raw digitizer units become points: x_pt = (raw − min) · screen_px / (max − min + 1) / scale. \
        No log records the screen, so --screen is required; --axis-range overrides the log's ranges.

        Example:
          scrolltrace import --from getevent --screen 480x800@1.5 \\
              --axis-range 0:1023,0:1023 -o phone.sctrace \\
              Recordings/monkeyhelper-getevent/raw/Phone/phone-single-drag.txt
        """)
    )
  }

  @Option(help: ArgumentHelp("The log's format: getevent, evemu or csv.", valueName: "format"))
  var from: String

  /// The format `--from` names; `validate()` has checked it.
  private var format: TouchLogFormat { TouchLogFormat(rawValue: from) ?? .csv }

  @Argument(help: "The touch log.")
  var input: String

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
      "With --framestats: the window to import, by its name or part of it (default: the only window with frames).",
      valueName: "name"))
  var window: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --framestats: seconds added to every frame's time, for a dump not on the log's clock (both are CLOCK_MONOTONIC on a device).",
      valueName: "seconds"))
  var framesOffset = 0.0

  @Option(
    help: ArgumentHelp("The device name to record when the log names none.", valueName: "name"))
  var deviceName: String?

  @OptionGroup(title: "Writing")
  var writing: WriterOptions

  func validate() throws {
    guard TouchLogFormat(rawValue: from) != nil else {
      throw ValidationError("--from must be getevent, evemu or csv; found `\(from)`")
    }
    guard let screen else {
      throw ValidationError(
        "--screen is required: no touch log records the screen (for example --screen 1080x1920@3)")
    }
    if ScreenSpec(parsing: screen) == nil {
      throw ValidationError(
        "--screen must be WIDTHxHEIGHT@SCALE: pixels and pixels per point, such as 1080x2400@2.625 (the scale is required: no log records it); found `\(screen)`"
      )
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
    guard framestats != nil || (window == nil && framesOffset == 0) else {
      throw ValidationError("--window and --frames-offset need --framestats")
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
    let dump = try framestats.map { try FrameStatsDump(path: $0, isLenient: lenient) }
    let frames = try dump.map { dump in
      try FrameStatsFrames(
        dump, path: framestats ?? "",
        placement: .init(
          window: window, offset: Int64((framesOffset * 1e9).rounded()),
          fallbackPeriod: Int64((1e9 / (refreshRate ?? 60)).rounded())))
    }
    var options = ImportOptions(
      screen: screen.flatMap { ScreenSpec(parsing: $0) },
      axisRanges: axisRange.flatMap(Self.axisRanges),
      isLenient: lenient, device: device, descriptionPath: desc, selection: select,
      refreshRate: refreshRate ?? frames?.summary.refreshRate ?? 60,
      deviceName: deviceName)
    if let framestats, let frames {
      options.metadata["import.framestats"] =
        framestats.split(separator: "/").last.map(String.init) ?? framestats
      options.metadata["import.framestats.window"] = frames.summary.window
    }
    let inputs = [input] + [desc, framestats].compactMap { $0 }
    let summary = try OutputFile(output, inputs: inputs).writeTrace { path in
      var writer: TraceWriter?
      let summary = try TouchLogImporter(format: format, options: options).run(
        path: input, frames: frames?.events ?? [],
        begin: { header in
          writer = try writing.writer(path: path, header: header)
        },
        emit: { event in try writer?.append(event) })
      _ = try writer?.close()
      return summary
    }
    StandardError.printLines(Self.describe(summary, input: input, output: output))
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

  /// The lines printed about a framestats dump's frames: every row accounted for.
  static func describe(_ summary: FrameStatsFrames.Summary, framestats: String?) -> String {
    var lines = [
      "  frames: \(summary.frames) observed frames from \(framestats ?? "the dump"), window \(summary.window)"
        + (summary.refreshRate.map { " at \(TextFormat.fixed($0, 1)) Hz" } ?? "")
    ]
    var notes: [String] = []
    if summary.duplicates > 0 {
      notes.append("\(summary.duplicates) rows repeated by a later dump, kept once")
    }
    if summary.outliers > 0 {
      notes.append("\(summary.outliers) flagged (outliers, left out of pacing)")
    }
    if summary.deadlines > 0 {
      notes.append(
        "\(summary.deadlines) measured against FrameDeadline, \(summary.missedDeadlines) missed it "
          + "(Android's jank rule; format 1.7)")
    }
    if summary.presentationUnknown > 0 {
      notes.append("\(summary.presentationUnknown) with DisplayPresentTime 0")
    }
    if summary.presentationBeforeCompletion > 0 {
      notes.append(
        "\(summary.presentationBeforeCompletion) whose DisplayPresentTime precedes the frame (stale, not a presentation)"
      )
    }
    if summary.completionUnknown > 0 {
      notes.append(
        "\(summary.completionUnknown) whose FrameCompleted precedes IntendedVsync (stale: no work time)"
      )
    }
    if summary.periodAssumed > 0 {
      notes.append("\(summary.periodAssumed) without a period (the refresh rate's used)")
    }
    for note in notes { lines.append("  note: " + note) }
    return lines.joined(separator: "\n")
  }

  /// The summary line(s) printed after an import.
  static func describe(_ summary: ImportSummary, input: String, output: String) -> String {
    let seconds = Double(summary.duration) / 1e9
    var lines = [
      "\(output): \(summary.samples) touch samples, \(summary.contacts) finger(s), "
        + "\(TextFormat.fixed(seconds, 3)) s, protocol \(summary.protocolName)",
      "  calibration: \(summary.calibration)",
    ]
    if summary.contactsLeftDown > 0 {
      lines.append("  note: \(summary.contactsLeftDown) finger(s) still down when the log ends")
    }
    if summary.droppedReports > 0 {
      lines.append(
        "  note: \(summary.droppedReports) SYN_DROPPED report(s): the kernel lost events there")
    }
    if summary.otherDeviceEvents > 0 {
      lines.append("  note: \(summary.otherDeviceEvents) event(s) of other devices ignored")
    }
    if summary.skippedLines > 0, let first = summary.firstSkipped {
      lines.append("  skipped \(summary.skippedLines) line(s) (--lenient); the first: \(first)")
    }
    return lines.joined(separator: "\n")
  }
}
