// scrolltrace — how much a replay may do, for the verbs that replay.

import ArgumentParser
import Replay

/// Options of the verbs that replay (`replay`, `diff`, `gate`, `export`): the replay's bounds and
/// whether frames at rest are stepped.
struct ReplayOptions: ParsableArguments, Sendable {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Frames a replay may render whatever its events, besides 1024 per event; a trace whose events are further apart stops with an error (docs/trace-format.md, \"Bounds\").",
      valueName: "frames"))
  var maxFrames = ReplayLimits().frameAllowance

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Visible items, view events and view frames set that a replay's frames may report in all, whatever its events, besides 65536 per event; a scene that shows more on every frame stops with an error (docs/trace-format.md, \"Bounds\").",
      valueName: "items"))
  var maxItems = ReplayLimits().itemAllowance

  @Flag(
    help:
      "Step every frame at rest in full rather than in bulk (the report is the same; this checks it, and costs time on traces mostly at rest)."
  )
  var stepIdleFrames = false

  func validate() throws {
    guard maxFrames >= 0 else { throw ValidationError("--max-frames must be 0 or more") }
    guard maxItems >= 0 else { throw ValidationError("--max-items must be 0 or more") }
  }

  /// The replay limits these options describe.
  var replayLimits: ReplayLimits {
    ReplayLimits(frameAllowance: maxFrames, itemAllowance: maxItems)
  }
}
