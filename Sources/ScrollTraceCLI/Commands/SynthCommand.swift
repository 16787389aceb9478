// scrolltrace — `scrolltrace synth`: a gesture script into a trace.

import Analyze
import ArgumentParser
import Pipeline
import Replay
import SystemPackage
import TraceIngest

/// `scrolltrace synth SCRIPT.json -o OUT.sctrace`.
struct SynthCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "synth",
      abstract: "Turn a gesture script (JSON) into a trace, deterministically.",
      discussion: ToolName.help(
        """
        The script names a device, a scene and steps: drag, fling, hold, trackpad, wait, resize, \
        rotate, scrollTo, insert, delete, resizeItem, sizeResolved, setHidden, batchUpdate, \
        prepend, reloadData, keyboard, marker. docs/synth.md specifies every key. \
        The same script gives the same bytes on every machine (with the same libzstd).

        With --observe ENGINE, the trace also holds what a device running ENGINE displayed: the \
        script is replayed through ENGINE and each frame's content offset and size are written as \
        an observed-frame event (format 1.2), as the iOS recorder writes them (docs/recording.md). \
        --drop-frames leaves some out, as a display link that missed them.

        Examples:
          scrolltrace synth Traces/scripts/pager-rotation.json -o pager.sctrace
          scrolltrace synth Traces/scripts/pager-rotation.json \\
              --observe paging@2 -o observed.sctrace
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

  @Option(
    help: ArgumentHelp(
      "Add what a device running this engine displayed: one observed frame per replayed frame.",
      valueName: "engine"), completion: Completions.engines)
  var observe: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "With --observe: frames (their index, from 0) whose observation is left out.",
      valueName: "index"))
  var dropFrames: [Int64] = []

  @Option(
    help: ArgumentHelp(
      "With --observe: give each observed frame a work time, its counted work priced by this cost model (JSON, as --cost-model takes): a device whose costs `scrolltrace calibrate` should recover.",
      valueName: "file.json"), completion: Completions.json)
  var busyCosts: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --busy-costs: Gaussian noise on each work time, as a fraction of it (0.1 is 10 %).",
      valueName: "fraction"))
  var busyNoise = 0.0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("With --busy-costs: the noise's seed.", valueName: "seed"))
  var busySeed: UInt64 = 1

  func validate() throws {
    guard maxEvents > 0 else { throw ValidationError("--max-events must be positive") }
    guard observe != nil || dropFrames.isEmpty else {
      throw ValidationError("--drop-frames needs --observe")
    }
    guard observe != nil || busyCosts == nil else {
      throw ValidationError("--busy-costs needs --observe")
    }
    guard busyNoise.isFinite, (0...10).contains(busyNoise) else {
      throw ValidationError("--busy-noise must be a fraction within 0...10")
    }
    if let negative = dropFrames.first(where: { $0 < 0 }) {
      throw ValidationError("--drop-frames: \(negative) is not a frame index")
    }
  }

  func run(engines: EngineRegistry) throws {
    let json = try Self.readScript(script)
    let synthesizer: Synthesizer
    do {
      synthesizer = Synthesizer(script: try GestureScript.decode(json: json))
    } catch {
      throw InputFailure("\(script): \(error)")
    }
    // Streams: the script is checked whole before the first event, then each event goes straight
    // to the writer; a failure leaves no file behind.
    let device = try observe.map { try engines.entry($0, flag: "--observe") }
    let busy = try busyCosts.map { path in
      do {
        return SimulatedDevice.BusyTime(
          costModel: try CostModel(json: try InputFile.costModel.read(path)), noise: busyNoise,
          seed: busySeed)
      } catch let error as AnalyzeError {
        throw InputFailure("\(path): \(error)")
      }
    }
    try OutputFile(output, inputs: [script] + [busyCosts].compactMap { $0 }).writeTrace { path in
      let writer = try writing.writer(path: path, header: synthesizer.header)
      do {
        if let device {
          // The script's events in memory (at most --max-events), replayed, then merged with
          // what the device displayed.
          var events: [TraceEvent] = []
          try synthesizer.synthesize(maximumEvents: maxEvents) { events.append($0) }
          let observed = try SimulatedDevice.observe(
            events, header: synthesizer.header, engine: device,
            droppedFrames: Set(dropFrames), busy: busy)
          for event in observed { try writer.append(event) }
        } else {
          try synthesizer.synthesize(maximumEvents: maxEvents) { try writer.append($0) }
        }
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
