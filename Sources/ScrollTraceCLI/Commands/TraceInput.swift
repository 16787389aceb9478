// scrolltrace — opening traces the same way in every verb.

import ArgumentParser
import Replay
import TraceFormat

/// Options shared by the verbs that read traces.
struct ReadOptions: ParsableArguments, Sendable {
  @Flag(
    help:
      "Read past damage: skip damaged chunks, say what was lost on stderr, exit 1 if anything was.")
  var recover = false

  @Option(
    help: ArgumentHelp(
      "Refuse chunks that declare more decompressed bytes than this.", valueName: "bytes"))
  var maxChunkSize = DecodeLimits.default.maximumChunkSize

  @Option(
    help: ArgumentHelp(
      "Frames a replay may render whatever its events, besides 1024 per event; a trace whose events are further apart stops with an error (docs/trace-format.md, \"Bounds\").",
      valueName: "frames"))
  var maxFrames = ReplayLimits().frameAllowance

  @Option(
    help: ArgumentHelp(
      "Visible items, view events and view frames set that a replay's frames may report in all, whatever its events, besides 65536 per event; a scene that shows more on every frame stops with an error (docs/trace-format.md, \"Bounds\").",
      valueName: "items"))
  var maxItems = ReplayLimits().itemAllowance

  @Flag(
    help:
      "Step every frame at rest in full rather than in bulk (the report is the same; this checks it, and costs time on traces mostly at rest)."
  )
  var stepIdleFrames = false

  /// The replay limits these options describe.
  var replayLimits: ReplayLimits {
    ReplayLimits(frameAllowance: maxFrames, itemAllowance: maxItems)
  }

  /// Opens `path` with these options.
  func open(_ path: String) throws -> TraceReader {
    try TraceReader(
      path: path, mode: recover ? .recover : .strict,
      limits: DecodeLimits(maximumChunkSize: maxChunkSize))
  }

  /// Prints each loss on stderr; returns whether there was any.
  func reportLosses(of reader: TraceReader) -> Bool {
    let messages = lossMessages(of: reader)
    for message in messages { StandardError.print(message) }
    return !messages.isEmpty
  }

  /// The warning for each loss, as `reportLosses(of:)` prints it.
  func lossMessages(of reader: TraceReader) -> [String] {
    reader.losses.map { "scrolltrace: warning: \(reader.path): \($0)" }
  }
}
