// scrolltrace — the table's lines for what the device measured and how far the model is from it.

import Analyze
import Replay
import TraceCore

extension Report {
  /// The measured side of the frame cost: hitches, slow and frozen frames, the work measured.
  static func measuredLines(_ measured: MeasuredFrameSummary?, label: (String) -> String)
    -> [String]
  {
    guard let m = measured else { return [] }
    var lines = [
      label("measured")
        + "\(m.hitches) hitch\(m.hitches == 1 ? "" : "es"), \(TextFormat.ms(Double(m.hitchTime), 1)) · "
        + "ratio \(TextFormat.fixed(m.hitchTimeRatio, 2)) ms/s (\(bandText(ratio: m.hitchTimeRatio, band: m.band, bands: m.bands, markdown: false))) · "
        + "slow \(m.slowFrames) · frozen \(m.frozenFrames)"
    ]
    lines.append(label("") + fieldLine(m))
    if let deadline = deadlineLine(m) { lines.append(label("") + deadline) }
    if let time = m.measuredFrameTime {
      lines.append(
        label("") + "work p50 \(TextFormat.ms(time.p50)) · p99 \(TextFormat.ms(time.p99)) · "
          + "max \(TextFormat.ms(time.max)) · \(m.framesOverBudget) over budget")
    }
    var counts = ["\(m.frames) observed frames"]
    if m.dropped.total > 0 { counts.append(m.dropped.phrase) }
    if let range = m.intervalRange {
      let low = TextFormat.fixed(1e9 / Double(range.upperBound), 0)
      let high = TextFormat.fixed(1e9 / Double(range.lowerBound), 0)
      counts.append(low == high ? "\(low) Hz" : "\(low)–\(high) Hz")
    }
    if m.presentationUnknown > 0 {
      counts.append("\(m.presentationUnknown) with no presentation time")
    }
    if m.outliers > 0 { counts.append("\(m.outliers) outliers left out") }
    if m.displayLinkFrames > 0 { counts.append(displayLinkCaveat) }
    lines.append(label("") + counts.joined(separator: " · "))
    return lines
  }

  /// What a display link's frames cannot see, said wherever their figures are shown.
  static let displayLinkCaveat =
    "a display link's: main-thread hitches only, not the render server's"

  /// Jank as the field counts it: Sentry's frames delay, Chrome's delayed frames while scrolling.
  static func fieldLine(_ m: MeasuredFrameSummary) -> String {
    let delayed = m.delayedFrames
    return "frames delay \(TextFormat.ms(Double(m.framesDelay), 1)) (Sentry) · delayed "
      + "\(delayed.delayed) of \(delayed.presented) scrolling frames, "
      + "\(TextFormat.fixed(delayed.percentage, 1)) % (Chrome v3)"
  }

  /// The platform's deadlines, where it measured frames against them: Android's own jank and
  /// Macrobenchmark's overrun, or Instruments' hitches (`missed deadline 12 of 96 (the platform's verdict) · overrun p50 -3.10 ms · p99
  /// 4.20 ms`); nil without such frames.
  static func deadlineLine(_ m: MeasuredFrameSummary) -> String? {
    guard m.deadlineFrames > 0 else { return nil }
    var line =
      "missed deadline \(m.missedDeadlines) of \(m.deadlineFrames) (the platform's verdict)"
    if let overrun = m.frameOverrun {
      line += " · overrun p50 \(TextFormat.ms(overrun.p50)) · p99 \(TextFormat.ms(overrun.p99))"
    }
    return line
  }

  /// The model against the device: errors, where they part and why, rests and settle times.
  static func fidelityLines(_ fidelity: FidelitySummary?, label: (String) -> String) -> [String] {
    guard let f = fidelity else { return [] }
    let error = f.offsetError
    var lines = [
      label("fidelity")
        + "model vs device over \(f.frames) frames: p50 \(TextFormat.points(error.p50)) · "
        + "p99 \(TextFormat.points(error.p99)) · max \(TextFormat.points(error.max))"
    ]
    if let divergence = f.firstDivergence {
      var text =
        "parts at frame \(divergence.frame) (\(TextFormat.seconds(divergence.time))) by "
        + TextFormat.points(divergence.error)
      if let after = divergence.after {
        let gap = divergence.time.subtractingReportingOverflow(after.time).partialValue
        text +=
          gap > 0
          ? ", \(TextFormat.seconds(gap)) after a \(after.kind.phrase)"
          : ", at a \(after.kind.phrase)"
      }
      lines.append(label("") + text)
      lines.append(
        label("") + "\(f.divergedFrames) frames over \(TextFormat.fixed(f.threshold, 2)) pt")
    } else {
      lines.append(label("") + "never parts by more than \(TextFormat.fixed(f.threshold, 2)) pt")
    }
    if f.settleCount > 0 {
      lines.append(
        label("")
          + "\(f.settleCount) settles · rests up to \(TextFormat.points(f.worstRestDistance)) apart · "
          + "settle times up to \(TextFormat.ms(Double(f.worstSettleTimeDifference.magnitude), 1)) apart"
      )
    }
    return lines
  }
}

extension FidelitySummary.Happening.Kind {
  /// The kind in words: "touch down", "release", "scene edit".
  var phrase: String {
    switch self {
    case .touchDown: "touch down"
    case .release: "release"
    case .resize: "resize"
    case .contentChange: "content change"
    case .sceneChange: "new scene"
    case .sceneEdit: "scene edit"
    case .programmaticScroll: "programmatic scroll"
    }
  }
}
