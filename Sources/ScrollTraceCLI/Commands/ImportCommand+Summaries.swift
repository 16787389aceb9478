// scrolltrace — what `scrolltrace import` says about what it read: every row and table
// accounted for.

import Analyze
import TraceIngest

extension ImportCommand {
  /// The lines printed about Instruments' frames placed in a recording, and its display link's
  /// timing against them.
  static func describe(
    _ placed: InstrumentsFrames.Placed, output: String, recording: String
  ) -> String {
    func ms(_ nanoseconds: Int64?) -> String {
      TextFormat.fixed(Double(nanoseconds ?? 0) / 1e6, 2) + " ms"
    }
    let check = placed.check
    var lines = [
      "\(output): \(recording) with \(placed.frames) frames of Instruments in place of its "
        + "\(placed.replaced) own"
        + (placed.outside > 0 ? " (\(placed.outside) outside its span, left out)" : "")
    ]
    if check.judged > 0 {
      lines.append(
        "  display link: \(check.onVsync) of \(check.judged) callbacks on a vsync of Instruments' "
          + "(within 0.5 ms; median \(ms(check.medianDistance)), "
          + "largest \(ms(check.largestDistance)) from one); \(check.vsyncsWithoutCallback) of "
          + "\(check.vsyncsInSpan) vsyncs in their span had no callback")
    } else {
      lines.append(
        "  display link: \(check.callbacks) callbacks, none within Instruments' vsyncs "
          + "(add display-vsyncs-interval to check their timing)")
    }
    lines.append(
      "  matched: \(check.matched) frames carry the recorder's offset and busy time; "
        + "\(check.unmatchedFrames) no callback targeted; \(check.unmatchedCallbacks) callbacks "
        + "targeted no frame on glass")
    return lines.joined(separator: "\n")
  }

  /// The lines printed about an Instruments recording's frames: every table accounted for.
  static func describe(_ summary: InstrumentsFrames.Summary, tables: InstrumentsTables) -> String {
    func ms(_ nanoseconds: Int64) -> String {
      TextFormat.fixed(Double(nanoseconds) / 1e6, 2) + " ms"
    }
    var lines = [
      "  frames: \(summary.frames) observed frames from Instruments, display \(summary.display) "
        + "at \(TextFormat.fixed(summary.refreshRate, 1)) Hz (period from \(summary.periodSource))",
      "  tables: "
        + MessageText.list(
          tables.tables.map {
            "\($0.schema) \($0.rows) rows" + ($0.isRead ? "" : " (not read)")
              + ($0.incomplete > 0 ? " (\($0.incomplete) without a time, left out)" : "")
          }, limit: 20, separator: "; "),
      "  late: \(summary.late) of \(summary.frames) frames reached the glass after the vsync they "
        + "asked for (format 1.7 deadlines)",
    ]
    var notes: [String] = []
    if summary.repeated > 0 { notes.append("\(summary.repeated) swaps repeated, kept once") }
    if summary.beforeStart > 0 {
      notes.append("\(summary.beforeStart) swaps before the recording's first refresh, left out")
    }
    if summary.crowded > 0 {
      notes.append("\(summary.crowded) more frames expected at one vsync than fit, left out")
    }
    if summary.noDesiredTime > 0 {
      notes.append("\(summary.noDesiredTime) without a desired presentation time: no deadline")
    }
    if summary.renders > 0, let median = summary.renderMedian, let longest = summary.renderMaximum {
      notes.append(
        "render server: \(summary.renders) rows, \(summary.rendersJoined) of these frames, "
          + "median \(ms(median)), longest \(ms(longest)) (not the app's work: not stored)")
    }
    if summary.hitches > 0 {
      notes.append(
        "Instruments' hitches: \(summary.hitches) (\(ms(summary.hitchTime))), "
          + "\(summary.hitchesOnFrames) on these frames"
          + (summary.hitchesOnFrames == 0
            ? " (another recording, or another display?)"
            : ", \(summary.hitchesDisagreeing) the frames' own times called on time"))
    }
    for note in notes { lines.append("  note: " + note) }
    return lines.joined(separator: "\n")
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
