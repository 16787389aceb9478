// scrolltrace — the report for a pull request or a CI job summary.

public import Analyze
import Foundation
import Replay
import TraceCore

extension Report {
  /// The report as GitHub-flavoured markdown: a table with a row per trace (and the total), then
  /// each trace's events in a collapsed section, then the settings and host timings in small print.
  public var markdown: String {
    var lines = [
      "### scrolltrace · \(MarkdownText.code(engine.description, inCell: false)) · \(traces.count) trace\(traces.count == 1 ? "" : "s")",
      "",
    ]
    // Measured columns only when a trace holds what the device did.
    let measured = traces.contains { $0.summary.measured != nil || $0.summary.fidelity != nil }
    lines.append(
      "| trace | frames | est. frame p99 | over budget | hitch ratio | "
        + (measured ? "measured hitch ratio | model error p99 | " : "")
        + "jumps | largest jump | glitches | worst misalignment | views created | peak live views |"
    )
    lines.append(
      "|---|--:|--:|--:|--:|" + (measured ? "--:|--:|" : "") + "--:|--:|--:|--:|--:|--:|")
    for trace in traces {
      lines.append(
        Self.row(MarkdownText.code(trace.identity.path), trace.summary, measured: measured))
    }
    if traces.count > 1 { lines.append(Self.row("**total**", total, measured: measured)) }
    for trace in skipped {
      let label = trace.isFailure ? "Failed" : "Skipped"
      lines += [
        "",
        "> **\(label):** \(MarkdownText.code(trace.path, inCell: false)): \(MarkdownText.text(trace.reason)).",
      ]
    }
    for trace in traces where trace.summary.frameCost.firstLayout.stockScenes > 0 {
      lines += [
        "",
        "> **Stock scene:** \(MarkdownText.code(trace.identity.path, inCell: false)) has no scene of its own (a touch recording), so it was "
          + "replayed on \(MarkdownText.text(engine.description))'s stock scene. Its figures describe that scene, not the app's.",
      ]
    }
    for trace in traces {
      let s = trace.summary
      lines += [
        "",
        "<details><summary><code>\(HTMLText.escape(trace.identity.path))</code>: details</summary>",
        "",
      ]
      lines.append(
        "\(MarkdownText.code(trace.identity.contentHash, inCell: false)) · \(trace.identity.events) events · \(s.frames) frames over "
          + "\(TextFormat.seconds(s.duration)) at \(TextFormat.fixed(trace.identity.device.refreshRate, 0)) Hz"
      )
      lines.append("")
      let cost = s.frameCost
      lines.append(
        "**Frame cost** (estimated): p50 \(TextFormat.ms(cost.estimatedFrameTime.p50)), p90 "
          + "\(TextFormat.ms(cost.estimatedFrameTime.p90)), p99 \(TextFormat.ms(cost.estimatedFrameTime.p99)), max "
          + "\(TextFormat.ms(cost.estimatedFrameTime.max)) against a \(TextFormat.ms(cost.budget)) budget; "
          + "\(cost.hitches) hitches, \(TextFormat.ms(cost.hitchTime, 1)) late, "
          + "\(TextFormat.fixed(cost.hitchTimeRatio, 2)) ms/s while scrolling (\(Self.bandText(ratio: cost.hitchTimeRatio, band: cost.band, bands: cost.bands, markdown: true)))."
      )
      lines += Self.measuredMarkdown(s.measured)
      let first = cost.firstLayout
      if first.layouts > 0 {
        lines.append("")
        lines.append(
          "**First layout** (not a hitch): \(first.viewsCreated) views created, estimated \(TextFormat.ms(first.largestEstimatedTime))"
            + (first.stockScenes > 0 ? ", on the engine's stock scene." : "."))
      }
      lines.append("")
      lines.append(
        "| work | layout passes | views created | items configured | frames set | pool scan steps |"
      )
      lines.append("|---|--:|--:|--:|--:|--:|")
      for (name, w) in [("total", cost.work), ("most in one frame", cost.workPerFrameMaximum)] {
        lines.append(
          "| \(name) | \(w.layoutPasses) | \(w.viewsCreated) | \(w.itemsConfigured) | \(w.framesSet) | \(w.poolScanSteps) |"
        )
      }
      let jumps = s.offsetJumps
      lines += [
        "", "**Offset jumps** over \(TextFormat.fixed(jumps.threshold, 2)) pt: \(jumps.count)",
      ]
      if !jumps.jumps.isEmpty {
        lines += ["", "| time | frame | size | cause | anchor item |", "|--:|--:|--:|---|---|"]
        for jump in jumps.jumps {
          lines.append(
            "| \(TextFormat.seconds(jump.time)) | \(jump.frame) | \(TextFormat.points(jump.size)) | \(jump.cause.rawValue) | "
              + "\(jump.anchor.map { TextFormat.item($0.section, $0.index) } ?? "–") |")
        }
        if jumps.jumpsOmitted > 0 { lines += ["", "and \(jumps.jumpsOmitted) more."] }
      }
      if let shift = s.contentShift {
        lines += [
          "",
          "**Content shift** over \(TextFormat.fixed(shift.threshold, 2)) pt: \(shift.count)"
            + " (\(shift.whileTracking) under the finger)"
            + (shift.updatesMidFling > 0
              ? "; \(shift.updatesMidFling) updates mid-fling, most speed lost "
                + "\(TextFormat.fixed(shift.largestVelocityLost, 0)) pt/s" : "")
            + (shift.leftBottom > 0
              ? "; left the bottom: \(shift.leftBottom), the farthest "
                + TextFormat.points(shift.largestBottomGap) : ""),
        ]
        if !shift.shifts.isEmpty {
          lines += [
            "", "| time | frame | size | cause | item | finger |", "|--:|--:|--:|---|--:|---|",
          ]
          for event in shift.shifts {
            lines.append(
              "| \(TextFormat.seconds(event.time)) | \(event.frame) | \(TextFormat.points(event.size)) | "
                + "\(event.cause.rawValue) | \(event.item) | \(event.whileTracking ? "down" : "–") |"
            )
          }
          if shift.shiftsOmitted > 0 { lines += ["", "and \(shift.shiftsOmitted) more."] }
        }
      }
      if !jumps.anchorDrifts.isEmpty {
        lines += ["", "**Anchor drift** at resizes (content under the viewport's centre):", ""]
        lines += ["| time | from | to | drift |", "|--:|---|---|--:|"]
        for drift in jumps.anchorDrifts {
          lines.append(
            "| \(TextFormat.seconds(drift.time)) | \(TextFormat.fixed(drift.from.width, 0))×\(TextFormat.fixed(drift.from.height, 0)) | "
              + "\(TextFormat.fixed(drift.to.width, 0))×\(TextFormat.fixed(drift.to.height, 0)) | \(TextFormat.points(drift.distance)) |"
          )
        }
      }
      let g = s.boundaryGlitches
      lines += [
        "",
        "**Boundary glitches** (rule \(g.rules.map(\.rawValue).joined(separator: "/")), over "
          + "\(TextFormat.fixed(g.tolerance, 2)) pt): \(g.count) of \(g.rests) rests, resting "
          + "\(TextFormat.ms(Double(g.restingTime), 1)); seams during resizes: \(g.transitionSeams)"
          + (g.transitionSeams > 0 ? " (worst \(TextFormat.points(g.worstTransitionSeam)))" : ""),
      ]
      if !g.glitches.isEmpty {
        lines += [
          "", "| time | frame | misalignment | items in view | resting |", "|--:|--:|--:|---|--:|",
        ]
        for glitch in g.glitches {
          lines.append(
            "| \(TextFormat.seconds(glitch.time)) | \(glitch.frame) | \(TextFormat.points(glitch.misalignment)) | "
              + glitch.items.map { TextFormat.item($0.section, $0.index) }.joined(separator: ", ")
              + " | \(TextFormat.ms(Double(glitch.restingTime), 1)) |")
        }
        if g.glitchesOmitted > 0 { lines += ["", "and \(g.glitchesOmitted) more."] }
      }
      lines += Self.fidelityMarkdown(s.fidelity)
      let r = s.reuse
      lines += [
        "",
        "**Reuse**: \(r.dequeuesReused) reused, \(r.dequeuesCreated) created (hit rate \(TextFormat.percent(r.hitRate))), "
          + "\(r.enqueues) enqueued; \(TextFormat.fixed(r.viewsCreatedPerScrollingSecond, 1)) views created per second "
          + "of scrolling; peak \(r.peakLiveViews) live views, \(r.peakPoolSize) queued.",
      ]
      let views = r.lifecycle.lines
      if !views.isEmpty { lines += ["", "**Views**: " + views.joined(separator: "; ") + "."] }
      if !r.identifiers.isEmpty {
        lines += [
          "", "| reuse identifier | reused | created | hit rate | peak queued |",
          "|---|--:|--:|--:|--:|",
        ]
        for i in r.identifiers {
          lines.append(
            "| \(MarkdownText.code(i.identifier)) | \(i.dequeuesReused) | \(i.dequeuesCreated) | \(TextFormat.percent(i.hitRate)) | \(i.peakPoolSize) |"
          )
        }
      }
      lines += ["", "</details>"]
    }
    lines.append("")
    var settingsLine =
      "<sub>Jumps over \(TextFormat.fixed(settings.jumpThreshold, 2)) pt, glitches over "
      + "\(TextFormat.fixed(settings.glitchTolerance, 2)) pt, hitch bands \(settings.hitchBands.name), "
      + (settings.costModel == .default ? "default cost model" : "custom cost model")
    if !modelOptions.isEmpty {
      settingsLine +=
        ", "
        + modelOptions.map { MarkdownText.text("\($0.name) \($0.value)") }.joined(separator: ", ")
    }
    if !delegateHooks.called.isEmpty {
      let implemented = delegateHooks.implemented.shortNames
      settingsLine +=
        ". Hooks the engine implements: "
        + (implemented.isEmpty
          ? "none"
          : implemented.map { MarkdownText.code($0, inCell: false) }.joined(separator: ", "))
    }
    settingsLine +=
      ". Host (this machine, varies): frame work p50 \(TextFormat.fixed(Double(hostTotal.p50) / 1e3, 1)) µs, p99 "
      + "\(TextFormat.fixed(Double(hostTotal.p99) / 1e3, 1)) µs.</sub>"
    lines.append(settingsLine)
    return lines.joined(separator: "\n")
  }

  private static func row(_ name: String, _ s: AnalysisSummary, measured: Bool) -> String {
    let cost = s.frameCost
    let device =
      measured
      ? (s.measured.map { "\(TextFormat.fixed($0.hitchTimeRatio, 2)) ms/s \($0.band.rawValue)" }
        ?? "–")
        + " | " + (s.fidelity.map { TextFormat.points($0.offsetError.p99) } ?? "–") + " | " : ""
    return
      "| \(name) | \(s.frames) | \(TextFormat.ms(cost.estimatedFrameTime.p99)) | \(cost.framesOverBudget) | "
      + "\(TextFormat.fixed(cost.hitchTimeRatio, 2)) ms/s \(cost.band.rawValue) | \(device)\(s.offsetJumps.count) | "
      + "\(TextFormat.points(s.offsetJumps.largest)) | \(s.boundaryGlitches.count) | "
      + "\(TextFormat.points(s.boundaryGlitches.worstMisalignment)) | \(cost.work.viewsCreated) | \(s.reuse.peakLiveViews) |"
  }
}
