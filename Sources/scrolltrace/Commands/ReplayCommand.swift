// scrolltrace — `scrolltrace replay`: traces through an engine, frame by frame.

import ArgumentParser
import Replay
import TraceFormat

/// `scrolltrace replay TRACE... --engine NAME[@VERSION]`: replays traces through an engine on the
/// trace's frame clock, and writes a timeline of every frame.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay traces through a scroll-view engine on the trace's frame clock.",
    discussion: """
      Each trace's touches, resizes, scene changes and programmatic scrolls drive a headless model
      of UIScrollView, one fixed step per display frame. --timeline writes one JSON line per frame
      (docs/timeline.md). The same trace and engine give byte-identical timelines on any machine.

      Engines: \(EngineRegistry.all.map(\.descriptor.description).joined(separator: ", ")).

      Example:
        scrolltrace replay Traces/pager-rotation.sctrace --engine plain --timeline pager.jsonl
      """
  )

  @Argument(help: "The traces to replay.")
  var traces: [String]

  @Option(help: ArgumentHelp("The engine, as name or name@version (the newest version by default).", valueName: "engine"))
  var engine = "plain"

  @Option(help: ArgumentHelp("Write every frame as a JSON line to this file (one trace only).", valueName: "file"))
  var timeline: String?

  @OptionGroup var model: ModelOptions

  @OptionGroup var read: ReadOptions

  func validate() throws {
    guard EngineRegistry.entry(named: engine) != nil else {
      throw ValidationError(
        "unknown engine '\(engine)'; expected one of \(EngineRegistry.all.map(\.descriptor.description).joined(separator: ", "))")
    }
    if timeline != nil, traces.count != 1 {
      throw ValidationError("--timeline takes one trace; \(traces.count) were given")
    }
    _ = try model.overrides()
  }

  func run() throws {
    guard let entry = EngineRegistry.entry(named: engine) else { throw ValidationError("unknown engine '\(engine)'") }
    let overrides = try model.overrides()
    var lostData = false
    for path in traces {
      let reader = try read.open(path)
      let out = try timeline.map { try Output.to($0) }
      do {
        let summary = try Self.replay(reader, entry: entry, overrides: overrides) { frame in
          try out?.line(frame.jsonLine)
        }
        try out?.commit()
        try Output.stdout().line(summary.text(path: path, engine: entry.descriptor, header: reader.header))
      } catch {
        out?.discard()
        throw error
      }
      lostData = read.reportLosses(of: reader) || lostData
    }
    if lostData { throw ExitCode(ExitStatus.findings) }
  }

  /// The longest the replay runs on after the last event while waiting for motion to settle.
  static let settleLimit = 10.0

  /// Streams `reader` through a session of `entry`, calling `body` with each frame.
  static func replay(
    _ reader: TraceReader, entry: EngineRegistry.Entry, overrides: ScrollViewOverrides,
    body: (ReplayFrame) throws -> Void
  ) throws -> ReplaySummary {
    let events = ReaderEvents(reader)
    let rate = reader.header.device.refreshRate
    var schedule = FrameSchedule(events: events, refreshRate: rate, trailingFrames: Int(rate * settleLimit))
    var session = entry.makeSession(header: reader.header, overrides: overrides)
    var summary = ReplaySummary()
    while let step = schedule.next() {
      let frame: ReplayFrame?
      do {
        frame = try session.step(step)
      } catch {
        throw InputFailure("\(reader.path): \(error)")
      }
      if let failure = events.failure { throw failure }
      guard let frame else { continue }
      summary.add(frame)
      try body(frame)
      if schedule.isTrailing, frame.phase == .idle, !frame.isTracking, frame.transition == nil { break }
    }
    if let failure = events.failure { throw failure }
    return summary
  }
}

/// A trace reader as an iterator of events; a read error ends the iteration and is kept.
///
/// A gap of more than ``maximumGap`` between two events is refused too: the replay renders every
/// frame of a gap, and a hostile timestamp could ask for billions of them.
final class ReaderEvents: IteratorProtocol {
  private let reader: TraceReader
  private var previous: Int64?
  /// The error that ended the events, if one did.
  private(set) var failure: (any Error)?
  /// The longest gap between consecutive events a replay renders, in nanoseconds (24 hours).
  static let maximumGap: Int64 = 24 * 3600 * 1_000_000_000

  init(_ reader: TraceReader) { self.reader = reader }

  func next() -> TraceEvent? {
    guard failure == nil else { return nil }
    do {
      guard let event = try reader.next() else { return nil }
      if let previous, event.timestamp > previous, event.timestamp &- previous > Self.maximumGap || event.timestamp &- previous < 0 {
        failure = InputFailure(
          "\(reader.path): the events at \(previous) ns and \(event.timestamp) ns are more than 24 hours apart; a replay renders every frame between them")
        return nil
      }
      previous = max(previous ?? event.timestamp, event.timestamp)
      return event
    } catch {
      failure = error
      return nil
    }
  }
}
