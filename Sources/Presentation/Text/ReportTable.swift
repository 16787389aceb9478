// scrolltrace — the report for a terminal: at most 100 columns.

public import Analyze
import Replay
import TraceCore

extension Report {
  /// The report as plain text for a terminal, no line longer than 100 columns: a section per
  /// trace with its events, the total when there are several traces, and the host timings last.
  public var table: String {
    var lines = [
      "scrolltrace replay — \(engine) · \(traces.count) trace\(traces.count == 1 ? "" : "s")"
    ]
    lines.append(
      "settings: jumps > \(TextFormat.fixed(settings.jumpThreshold, 2)) pt, glitches > "
        + "\(TextFormat.fixed(settings.glitchTolerance, 2)) pt, hitch bands \(settings.hitchBands.name)"
        + (settings.costModel == .default ? ", default cost model" : ", custom cost model"))
    if !modelOptions.isEmpty {
      lines.append(
        "model: " + modelOptions.map { "\($0.name) \($0.value)" }.joined(separator: ", "))
    }
    lines += Self.hookLines(delegateHooks)
    for trace in skipped {
      lines.append((trace.isFailure ? "failed  " : "skipped ") + TextFormat.tail(trace.path, 92))
      lines.append("  " + TextFormat.tail(trace.reason, 98))
    }
    for trace in traces {
      lines.append("")
      let id = trace.identity
      lines.append(TextFormat.tail(id.path, 98))
      lines.append(
        "  \(id.contentHash) · \(id.events) events · \(trace.summary.frames) frames over "
          + "\(TextFormat.seconds(trace.summary.duration)) at \(TextFormat.fixed(id.device.refreshRate, 0)) Hz"
      )
      lines += Self.sectionLines(trace.summary, events: true)
    }
    if traces.count > 1 {
      lines.append("")
      lines.append("total over \(traces.count) traces")
      lines += Self.sectionLines(total, events: false)
    }
    lines.append("")
    lines.append(
      "host (this machine; varies between runs; one run"
        + (hostWarmedUp ? " after a warm-up)" : ")"))
    lines.append(
      "  " + TextFormat.pad("replay work", 14) + "per frame p50 \(Self.micro(hostTotal.p50)) · "
        + "p99 \(Self.micro(hostTotal.p99)) · max \(Self.micro(hostTotal.max)) · "
        + "\(TextFormat.fixed(hostTotal.eventsPerSecond, 0)) events/s")
    return lines.joined(separator: "\n")
  }

  private static func micro(_ nanoseconds: UInt64) -> String {
    TextFormat.fixed(Double(nanoseconds) / 1e3, 1) + " µs"
  }

  static func sectionLines(_ s: AnalysisSummary, events: Bool) -> [String] {
    var lines: [String] = []
    let cost = s.frameCost
    let label = { (name: String) in "  " + TextFormat.pad(name, 14) }
    lines.append(
      label("frame cost") + "est. p50 \(TextFormat.ms(cost.estimatedFrameTime.p50)) · p99 "
        + "\(TextFormat.ms(cost.estimatedFrameTime.p99)) · max \(TextFormat.ms(cost.estimatedFrameTime.max)) · "
        + "budget \(TextFormat.ms(cost.budget))")
    lines.append(
      label("")
        + "\(cost.framesOverBudget) over budget · \(cost.hitches) hitches, \(TextFormat.ms(cost.hitchTime, 1)) · "
        + "ratio \(TextFormat.fixed(cost.hitchTimeRatio, 2)) ms/s (\(bandText(ratio: cost.hitchTimeRatio, band: cost.band, bands: cost.bands, markdown: false)))"
    )
    lines += measuredLines(s.measured, label: label)
    let first = cost.firstLayout
    if first.layouts > 0 {
      lines.append(
        label("first layout")
          + "\(first.viewsCreated) views created · est. \(TextFormat.ms(first.largestEstimatedTime)) (not a hitch)"
          + (first.stockScenes > 0 ? " · the engine's stock scene: the trace has none" : ""))
    }
    let w = cost.work
    lines.append(
      label("work")
        + "layout \(w.layoutPasses) · created \(w.viewsCreated) · configured \(w.itemsConfigured) · "
        + "frames set \(w.framesSet) · pool scans \(w.poolScanSteps)")
    let m = cost.workPerFrameMaximum
    lines.append(
      label("")
        + "most in a frame: layout \(m.layoutPasses) · created \(m.viewsCreated) · configured "
        + "\(m.itemsConfigured) · frames set \(m.framesSet)")
    let jumps = s.offsetJumps
    lines.append(
      label("offset jumps") + "\(jumps.count)"
        + (jumps.count > 0
          ? " · largest \(TextFormat.points(jumps.largest)) · total \(TextFormat.points(jumps.totalDistance))"
          : ""))
    if events {
      for jump in jumps.jumps {
        lines.append(
          "    " + TextFormat.padLeft(TextFormat.seconds(jump.time), 10) + "  frame "
            + TextFormat.pad(String(jump.frame), 6)
            + TextFormat.padLeft(TextFormat.points(jump.size), 11) + "  "
            + TextFormat.pad(jump.cause.rawValue, 13)
            + (jump.anchor.map { " on item \(TextFormat.item($0.section, $0.index))" } ?? ""))
      }
      if jumps.jumpsOmitted > 0 { lines.append("    … \(jumps.jumpsOmitted) more") }
    }
    if let shift = s.contentShift {
      lines.append(
        label("content shift") + "\(shift.count)"
          + (shift.count > 0
            ? " · \(shift.whileTracking) under the finger · largest \(TextFormat.points(shift.largest))"
              + " · total \(TextFormat.points(shift.totalDistance))"
            : ""))
      if !shift.byCause.isEmpty {
        lines.append(
          label("")
            + shift.byCause.map { "\($0.cause.rawValue) \($0.count)" }.joined(separator: " · "))
      }
      if shift.updatesMidFling > 0 {
        lines.append(
          label("")
            + "updates mid-fling \(shift.updatesMidFling) · most speed lost "
            + "\(TextFormat.fixed(shift.largestVelocityLost, 0)) pt/s")
      }
      if shift.leftBottom > 0 {
        lines.append(
          label("")
            + "left the bottom \(shift.leftBottom) · farthest "
            + TextFormat.points(shift.largestBottomGap))
      }
      if events {
        for event in shift.shifts {
          lines.append(
            "    " + TextFormat.padLeft(TextFormat.seconds(event.time), 10) + "  frame "
              + TextFormat.pad(String(event.frame), 6)
              + TextFormat.padLeft(TextFormat.points(event.size), 11) + "  "
              + TextFormat.pad(event.cause.rawValue, 13) + " item \(event.item)"
              + (event.whileTracking ? " · under the finger" : ""))
        }
        if shift.shiftsOmitted > 0 { lines.append("    … \(shift.shiftsOmitted) more") }
      }
    }
    if jumps.resizes > 0 {
      lines.append(
        label("anchor drift")
          + "\(jumps.resizes) resize\(jumps.resizes == 1 ? "" : "s") · worst \(TextFormat.points(jumps.worstAnchorDrift))"
      )
      if events {
        for drift in jumps.anchorDrifts {
          lines.append(
            "    " + TextFormat.padLeft(TextFormat.seconds(drift.time), 10) + "  "
              + "\(TextFormat.fixed(drift.from.width, 0))×\(TextFormat.fixed(drift.from.height, 0)) → "
              + "\(TextFormat.fixed(drift.to.width, 0))×\(TextFormat.fixed(drift.to.height, 0))  drift "
              + TextFormat.points(drift.distance))
        }
      }
    }
    let g = s.boundaryGlitches
    lines.append(
      label("glitches") + "\(g.count) of \(g.rests) rests"
        + (g.count > 0
          ? " · resting \(TextFormat.ms(Double(g.restingTime), 1)) · worst \(TextFormat.points(g.worstMisalignment))"
          : "")
        + " · rule \(g.rules.map(\.rawValue).joined(separator: "/"))")
    if events {
      for glitch in g.glitches {
        lines.append(
          "    " + TextFormat.padLeft(TextFormat.seconds(glitch.time), 10) + "  frame "
            + TextFormat.pad(String(glitch.frame), 6)
            + TextFormat.padLeft(TextFormat.points(glitch.misalignment), 11) + "  items "
            + glitch.items.map { TextFormat.item($0.section, $0.index) }.joined(separator: " + ")
            + " · rests \(TextFormat.ms(Double(glitch.restingTime), 1))")
      }
      if g.glitchesOmitted > 0 { lines.append("    … \(g.glitchesOmitted) more") }
    }
    if g.transitionSeams > 0 {
      lines.append(
        label("resize seams")
          + "\(g.transitionSeams) · shown \(TextFormat.ms(Double(g.transitionSeamTime), 1)) · worst "
          + TextFormat.points(g.worstTransitionSeam))
    }
    lines += fidelityLines(s.fidelity, label: label)
    let r = s.reuse
    lines.append(
      label("reuse")
        + "reused \(r.dequeuesReused) · created \(r.dequeuesCreated) (hit \(TextFormat.percent(r.hitRate))) · "
        + "enqueued \(r.enqueues) · \(TextFormat.fixed(r.viewsCreatedPerScrollingSecond, 1)) new/s scrolling"
    )
    lines.append(
      label("") + "peak live views \(r.peakLiveViews) · peak pool \(r.peakPoolSize) (at frame end)")
    for identifier in r.identifiers {
      lines.append(
        "    " + TextFormat.pad(TextFormat.tail(identifier.identifier, 24), 24)
          + " reused \(identifier.dequeuesReused) · created "
          + "\(identifier.dequeuesCreated) · hit \(TextFormat.percent(identifier.hitRate)) · peak pool \(identifier.peakPoolSize)"
      )
    }
    for (number, views) in r.lifecycle.lines.enumerated() {
      lines.append(label(number == 0 ? "cells" : "") + views)
    }
    return lines
  }

  /// The delegate hooks the engine implements among those called, and those the protocol's
  /// defaults answered, wrapped at 100 columns.
  static func hookLines(_ hooks: DelegateHookLog) -> [String] {
    guard !hooks.called.isEmpty else { return [] }
    let implemented = hooks.implemented.shortNames
    let defaulted = hooks.answeredByDefault.shortNames
    var words = ["implements"] + (implemented.isEmpty ? ["none"] : commas(implemented))
    if !defaulted.isEmpty { words += ["·", "defaults", "answered"] + commas(defaulted) }
    return TextFormat.wrap(words, lead: "hooks: ", indent: 7, width: 100)
  }

  private static func commas(_ names: [String]) -> [String] {
    names.enumerated().map { $0.offset < names.count - 1 ? $0.element + "," : $0.element }
  }
}
