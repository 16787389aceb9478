// scrolltrace — `scrolltrace dump`: events as JSON Lines.

import Analyze
import ArgumentParser
import Presentation
import TraceIngest

/// `scrolltrace dump TRACE`: every event as one JSON object per line.
struct DumpCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "dump",
      abstract: "Print a trace's events as JSON Lines, one object per event.",
      discussion: ToolName.help(
        """
        Each line has time_ns (nanoseconds on the header's clock), kind, and the event's fields; \
        docs/trace-format.md lists them per kind. The header comes first, as a line of kind "header".

        Examples:
          scrolltrace dump Traces/pager-rotation.sctrace --kind touch | head
          scrolltrace dump Traces/damaged/cardfeed-mixed.sctrace --recover \\
              -o events.jsonl
        """)
    )
  }

  @Argument(help: "The trace to read.", completion: Completions.traces)
  var trace: String

  @OptionGroup var read: ReadOptions

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp(
      "Print only these kinds (touch, viewport, content, scene, sceneEdit, programmaticScroll, frameTick, marker, observedFrame).",
      valueName: "kind"))
  var kind: [String] = []

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
  var output: String?

  func validate() throws {
    let names = Set(EventKind.known.map(\.name))
    for name in kind where !names.contains(name) {
      throw ValidationError(
        "unknown kind '\(name)'; expected one of \(EventKind.known.map(\.name).joined(separator: ", "))"
      )
    }
  }

  func run() throws {
    let reader = try read.open(trace)
    let out = try Output.to(output, inputs: [trace])
    do {
      try out.line(reader.header.jsonLine)
      let wanted = Set(kind)
      while let event = try reader.next() {
        if wanted.isEmpty || wanted.contains(event.kind.name) { try out.line(event.jsonLine) }
      }
      try out.commit()
    } catch {
      out.discard()
      throw error
    }
    if read.reportLosses(of: reader) { throw ExitCode(ExitStatus.findings) }
  }
}
