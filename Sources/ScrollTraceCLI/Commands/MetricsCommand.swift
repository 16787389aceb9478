// scrolltrace — `scrolltrace metrics`: the metric catalog every report, diff and budget uses.

import Analyze
import ArgumentParser
import Presentation

/// `scrolltrace metrics [--json]`: every metric's key, unit, direction and meaning — the keys a
/// budget names, the columns of `replay --format ndjson`, and which way a fleet diff counts as
/// worse.
struct MetricsCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "metrics",
      abstract: "List the metrics reports carry: key, unit, which way is better, meaning.",
      discussion: ToolName.help(
        """
        The keys are those of a report's `metrics` (docs/report-schema.md), of a budget's `metric` \
        (docs/ci.md) and of `replay --format ndjson` (docs/fleet.md). Host timings come last; they \
        are measured on the machine that replays and are compared only with repetitions.

        Examples:
          scrolltrace metrics
          scrolltrace metrics --json
        """)
    )
  }

  @Flag(
    help:
      "One JSON object per metric (key, unit, direction, hostTiming, judgedPer, tolerance, summary) instead of text."
  )
  var json = false

  func run() throws {
    try Output.stdout().line(json ? Metric.catalogJSONLines : Metric.catalogTable)
  }
}
