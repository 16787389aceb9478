// scrolltrace — `scrolltrace synth`: a gesture script into a trace.

import ArgumentParser
import SystemPackage
import TraceFormat

/// `scrolltrace synth SCRIPT.json -o OUT.sctrace`.
struct SynthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synth",
    abstract: "Turn a gesture script (JSON) into a trace, deterministically.",
    discussion: """
      The script names a device, a scene and steps: drag, fling, hold, wait, resize, rotate,
      scrollTo, insert, delete, resizeItem, setHidden, marker. docs/synth.md specifies every key.
      The same script gives the same bytes on every machine (with the same libzstd).

      Example:
        scrolltrace synth Traces/scripts/pager-rotation.json -o pager-rotation.sctrace
      """
  )

  @Argument(help: "The gesture script (JSON).")
  var script: String

  @Option(name: .shortAndLong, help: ArgumentHelp("The trace to write.", valueName: "file"))
  var output: String

  @Option(help: "The zstd compression level, 1...19.")
  var compressionLevel = 3

  @Option(help: ArgumentHelp("The most decompressed bytes per chunk.", valueName: "bytes"))
  var chunkSize = 256 << 10

  func validate() throws {
    guard (1...19).contains(compressionLevel) else {
      throw ValidationError("--compression-level must be within 1...19")
    }
    guard (64...DecodeLimits.default.maximumChunkSize).contains(chunkSize) else {
      throw ValidationError("--chunk-size must be within 64...\(DecodeLimits.default.maximumChunkSize)")
    }
  }

  func run() throws {
    let json = try Self.readScript(script)
    let parsed: GestureScript
    let events: [TraceEvent]
    do {
      parsed = try GestureScript.decode(json: json)
      events = try Synthesizer(script: parsed).events()
    } catch {
      throw InputFailure("\(script): \(error)")
    }
    let temporary = Output.temporaryPath(for: output)
    do {
      let writer = try TraceWriter(
        path: temporary, header: Synthesizer(script: parsed).header,
        options: TraceWriter.Options(compressionLevel: compressionLevel, maximumChunkSize: chunkSize))
      for event in events { try writer.append(event) }
      try writer.close()
      try Output.rename(temporary, to: output)
    } catch var error as TraceFormatError {
      Output.unlinkQuietly(temporary)
      error.path = output
      throw error
    } catch {
      Output.unlinkQuietly(temporary)
      throw error
    }
  }

  /// Reads a whole script file, refusing files over 64 MiB.
  static func readScript(_ path: String) throws -> [UInt8] {
    try SmallFile.read(path, limit: 64 << 20, what: "script")
  }
}
