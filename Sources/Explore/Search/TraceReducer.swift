// scrolltrace — a trace cut down to the events that still show its finding.

import TraceIngest

/// Shrinks a trace (a recording, imported or synthesized) to a minimal one that still shows a
/// finding, keeping it valid at every step: ddmin over *units* — each touch whole, from its first
/// sample to its last; each resize, content change, scene, edit, programmatic scroll and marker;
/// the frame records (ticks and observed frames) as one unit — then the samples of each touch
/// thinned (every other moved sample dropped, its first and last kept), then long pauses
/// shortened (the events after a gap of more than ``longestPause`` brought forward), while the
/// finding holds.
public struct TraceReducer: Sendable {
  /// How candidates are tried.
  public var runner: TrialRunner
  /// The findings to keep: every one must still show.
  public var keep: [Signature]
  /// The most trials a reduction makes.
  public var maximumTrials: Int

  /// Pauses longer than this, in nanoseconds (0.3 s), are shortened to it when the finding holds.
  public static let longestPause: Int64 = 300_000_000

  /// A reducer keeping every finding of `keep`, trying candidates with `runner`.
  public init(runner: TrialRunner, keep: [Signature], maximumTrials: Int = 4000) {
    self.runner = runner
    self.keep = keep
    self.maximumTrials = maximumTrials
  }

  /// What a reduction gave.
  public struct Reduction: Sendable {
    /// The smallest trace found that shows the finding.
    public var trace: TraceEvents
    /// Its bytes.
    public var bytes: [UInt8]
    /// The first finding kept, as it shows there.
    public var finding: Finding
    /// The trials made.
    public var trials: Int
  }

  /// Reduces `trace`; `progress` hears the trials made and the units left.
  ///
  /// - Throws: ``ExploreError`` `notShown` when `trace` does not show the finding.
  public func reduce(_ trace: TraceEvents, progress: (Int, Int) -> Void = { _, _ in }) throws
    -> Reduction
  {
    var trials = 0
    func holds(_ events: [TraceEvent]) throws -> Bool {
      guard trials < maximumTrials else { return false }
      trials += 1
      var candidate = trace
      candidate.events = events
      let shows = ScriptReducer.shows(
        keep, in: try runner.run(trace: try candidate.encoded(), name: "reduce.sctrace").findings)
      progress(trials, events.count)
      return shows
    }
    guard try holds(trace.events) else {
      throw ExploreError(.notShown, "the trace does not show '\(ScriptReducer.text(keep))'")
    }
    // Units of events that stand or go together, in time order of their first event.
    let all = trace.events
    let units = try ddmin(Self.units(of: all)) { units in
      try holds(Self.events(of: units, in: all))
    }
    var events = Self.events(of: units, in: all)
    // Thin each touch's samples while the finding holds.
    var thinned = true
    while thinned, trials < maximumTrials {
      thinned = false
      let candidate = Self.thinned(events)
      if candidate.count < events.count, try holds(candidate) {
        events = candidate
        thinned = true
      }
    }
    // Shorten pauses, latest first (moving later events only).
    for index in stride(from: events.count - 1, to: 0, by: -1) where trials < maximumTrials {
      let gap = events[index].timestamp - events[index - 1].timestamp
      guard gap > Self.longestPause else { continue }
      var candidate = events
      for later in index..<candidate.count { candidate[later].timestamp -= gap - Self.longestPause }
      if try holds(candidate) { events = candidate }
    }
    var result = trace
    result.events = events
    let bytes = try result.encoded()
    let trial = try runner.run(trace: bytes, name: "reduce.sctrace")
    guard ScriptReducer.shows(keep, in: trial.findings),
      let finding = trial.findings.first(where: { $0.signature == keep.first })
    else {
      throw ExploreError(
        .notShown, "the reduced trace no longer shows '\(ScriptReducer.text(keep))'")
    }
    return Reduction(trace: result, bytes: bytes, finding: finding, trials: trials + 1)
  }

  /// The events in units: each touch (by id, from a began to its end), each other event alone,
  /// and every frame tick and observed frame together.
  static func units(of events: [TraceEvent]) -> [[Int]] {
    var units: [[Int]] = []
    var open: [UInt32: Int] = [:]
    var frames: Int?
    for (index, event) in events.enumerated() {
      if let touch = event.touch {
        if let unit = open[touch.touchID] {
          units[unit].append(index)
        } else {
          open[touch.touchID] = units.count
          units.append([index])
        }
        if touch.phase == .ended || touch.phase == .cancelled { open[touch.touchID] = nil }
      } else if event.kind == .frameTick || event.kind == .observedFrame {
        if let frames {
          units[frames].append(index)
        } else {
          frames = units.count
          units.append([index])
        }
      } else {
        units.append([index])
      }
    }
    return units
  }

  /// The events of `units` (indices into `events`), back in time order.
  static func events(of units: [[Int]], in events: [TraceEvent]) -> [TraceEvent] {
    units.flatMap { $0 }.sorted().map { events[$0] }
  }

  /// `events` with every other `moved` sample of each touch dropped (first and last kept).
  static func thinned(_ events: [TraceEvent]) -> [TraceEvent] {
    var moves: [UInt32: Int] = [:]
    return events.filter { event in
      guard let touch = event.touch, touch.phase == .moved || touch.phase == .stationary else {
        return true
      }
      let count = moves[touch.touchID, default: 0]
      moves[touch.touchID] = count + 1
      return count % 2 == 1
    }
  }
}
