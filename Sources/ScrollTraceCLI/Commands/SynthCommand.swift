// scrolltrace — `scrolltrace synth`: a gesture script into a trace.

import ArgumentParser
import SystemPackage
import TraceFormat

/// `scrolltrace synth SCRIPT.json -o OUT.sctrace`.
struct SynthCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "synth",
      abstract: "Turn a gesture script (JSON) into a trace, deterministically.",
      discussion: ToolName.help(
        """
        The script names a device, a scene and steps: drag, fling, hold, wait, resize, rotate, \
        scrollTo, insert, delete, resizeItem, setHidden, marker. docs/synth.md specifies every key. \
        The same script gives the same bytes on every machine (with the same libzstd).

        Example:
          scrolltrace synth Traces/scripts/pager-rotation.json -o pager.sctrace
        """)
    )
  }

  @Argument(help: "The gesture script (JSON).", completion: Completions.json)
  var script: String

  @Option(name: .shortAndLong, help: ArgumentHelp("The trace to write.", valueName: "file"))
  var output: String

  @OptionGroup(title: "Writing")
  var writing: WriterOptions

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Refuse a script that would make more events than this, before writing anything.",
      valueName: "count"))
  var maxEvents = Synthesizer.defaultMaximumEvents

  func validate() throws {
    guard maxEvents > 0 else { throw ValidationError("--max-events must be positive") }
  }

  func run() throws {
    let json = try Self.readScript(script)
    let synthesizer: Synthesizer
    do {
      synthesizer = Synthesizer(script: try GestureScript.decode(json: json))
    } catch {
      throw InputFailure("\(script): \(error)")
    }
    // Streams: the script is checked whole before the first event, then each event goes straight
    // to the writer; a failure leaves no file behind.
    try OutputFile(output, inputs: [script]).writeTrace { path in
      let writer = try TraceWriter(path: path, header: synthesizer.header, options: writing.options)
      do {
        try synthesizer.synthesize(maximumEvents: maxEvents) { try writer.append($0) }
      } catch let error as ScriptError {
        throw InputFailure("\(script): \(CommandLineHint.message(for: error))")
      }
      try writer.close()
    }
  }

  /// Reads a whole script file, refusing files over ``GestureScript/maximumSize``.
  static func readScript(_ path: String) throws -> [UInt8] {
    try InputFile.script.read(path)
  }
}
