// scrolltrace — `scrolltrace info`: what a trace holds.

import Analyze
import ArgumentParser
import Presentation
import TraceIngest

/// `scrolltrace info TRACE...`: header, duration, events by kind, chunks and sizes.
struct InfoCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "info",
      abstract: "Describe traces: header, duration, events by kind, chunks, sizes.",
      discussion: ToolName.help(
        """
        Sizes: "raw" is the decompressed event stream, exactly what `zstd -dc TRACE | wc -c` prints; \
        "bytes/event" is the whole file's size divided by its events.

        Example:
          scrolltrace info Traces/*.sctrace
          scrolltrace info Traces/cardfeed-mixed.sctrace --json
        """)
    )
  }

  @Argument(help: "The traces to describe.", completion: Completions.traces)
  var traces: [String] = []

  @OptionGroup var list: FileListOptions

  @OptionGroup var read: ReadOptions

  @Flag(help: "Print one JSON object per trace, one per line.")
  var json = false

  func run() throws { try InfoRequest(self).run() }
}

/// How `info` renders a summary.
extension TraceSummary {
  var text: String {
    let device = header.device
    let kinds = stats.eventsByKind.keys.sorted().map { "\($0.name) \(stats.eventsByKind[$0] ?? 0)" }
    var lines = [
      path,
      "  format       \(header.version)",
      "  device       \(device.name) (\(Self.number(device.screenSize.width))×\(Self.number(device.screenSize.height)) pt @\(Self.number(device.scale))x, \(Self.number(device.refreshRate)) Hz display, \(device.touchSampleRate > 0 ? Self.number(device.touchSampleRate) + " Hz touch" : "touch rate unknown"))",
      "  clock        \(header.clock.rawValue)",
      "  duration     \(Self.seconds(stats.duration)) s (\(stats.firstTimestamp ?? 0) ... \(stats.lastTimestamp ?? 0) ns)",
      "  events       \(stats.events)\(kinds.isEmpty ? "" : ": " + kinds.joined(separator: ", "))",
      "  chunks       \(stats.chunks) (index \(hasIndex ? "present" : "absent"))",
      "  size         \(fileSize) bytes on disk; raw \(stats.rawBytes) bytes; chunks \(stats.compressedBytes) bytes",
      "  bytes/event  \(TextFormat.fixed(bytesPerEvent, 2)) on disk, \(TextFormat.fixed(rawBytesPerEvent, 2)) raw",
    ]
    if stats.timestampsOutOfOrder > 0 {
      lines.append("  out of order \(stats.timestampsOutOfOrder) events")
    }
    if stats.unknownFramesSkipped > 0 {
      lines.append("  skipped      \(stats.unknownFramesSkipped) unknown frames")
    }
    for key in header.metadata.keys.sorted() {
      lines.append("  metadata     \(key) = \(header.metadata[key] ?? "")")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  var json: String {
    var object = JSONObject()
    object.add("path", path)
    object.raw("header", header.jsonLine)
    object.add("duration_ns", stats.duration)
    object.add("first_ns", stats.firstTimestamp ?? 0)
    object.add("last_ns", stats.lastTimestamp ?? 0)
    object.add("events", stats.events)
    var kinds = JSONObject()
    for kind in stats.eventsByKind.keys.sorted() {
      kinds.add(kind.name, stats.eventsByKind[kind] ?? 0)
    }
    object.add("eventsByKind", kinds)
    object.add("chunks", stats.chunks)
    object.add("index", hasIndex)
    object.add("fileBytes", fileSize)
    object.add("rawBytes", stats.rawBytes)
    object.add("compressedBytes", stats.compressedBytes)
    object.add("bytesPerEvent", (bytesPerEvent * 1000).rounded() / 1000)
    object.add("timestampsOutOfOrder", stats.timestampsOutOfOrder)
    object.add("unknownFramesSkipped", stats.unknownFramesSkipped)
    return object.rendered
  }

  /// A header value as read: integers plain, others to two decimals (`533.33`).
  static func number(_ value: Double) -> String { JSONObject.number(value, digits: 2) }

  static func seconds(_ nanoseconds: Int64) -> String {
    TextFormat.fixed(Double(nanoseconds) / 1e9, 3)
  }

}
