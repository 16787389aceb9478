// scrolltrace — a replay as Chrome Trace Event JSON, for ui.perfetto.dev and chrome://tracing.

public import Analyze
public import Replay
import TraceCore

/// Writes a replay as Chrome Trace Event JSON in the array format, one event per line
/// (Google's "Trace Event Format" document, as Perfetto imports it), streaming: frames go out as they
/// come, findings at the end.
///
/// One process per replay, with these tracks (threads), in this order:
/// 1. **frames**: an `X` slice per display frame, from the previous vsync to this frame's presentation;
/// 2. **main thread (estimated)**: an `X` slice per frame's work as the cost model prices it,
///    queued after the previous frame's work when that overran (which is what a hitch looks like),
///    with nested slices for layout, cell configuration, view creation, frame setting and pool
///    scans; the base per-frame cost is the parent's time not covered by a child;
/// 3. **gestures**: an `X` slice from each touch-down to the lift;
/// 4. **scroll phase**: an `X` slice for each run of dragging, decelerating, bouncing or animating;
/// 5. **findings**: `i` instants for boundary glitches, offset jumps and anchor drift.
///
/// Process-scoped `C` counters carry contentOffset (points), the reuse pool's size per identifier
/// and the live views, each written when it changes. `M` events name the process and the tracks.
/// Timestamps and durations are microseconds written from integer nanoseconds with three decimals,
/// so they are exact and the same on every machine; slices on one track never overlap.
public struct ChromeTraceExporter: Sendable {
  /// The track (thread id) of each kind of event.
  public enum Track: Int, Sendable, CaseIterable {
    /// Display frames.
    case frames = 1
    /// Estimated main-thread work per frame.
    case work = 2
    /// Touch-down to lift.
    case gestures = 3
    /// Non-idle scroll phases.
    case phase = 4
    /// Glitches, jumps, drift.
    case findings = 5

    /// The name shown for the track.
    public var name: String {
      switch self {
      case .frames: "frames"
      case .work: "main thread (estimated)"
      case .gestures: "gestures"
      case .phase: "scroll phase"
      case .findings: "findings"
      }
    }
  }

  /// The process id of the replay.
  public let pid: Int
  private let costModel: CostModel
  private let frameInterval: Int64
  private var clock: ScrollingClock
  private var previousFrameTime: Int64?
  private var workEnd: Int64 = .min
  /// Where the previous frame's work slice was drawn to (after `workEnd` only for the first frame,
  /// drawn from the trace's zero).
  private var drawnWorkEnd: Int64 = .min
  private var gestureStart: Int64?
  private var phaseRun: (phase: ScrollPhase, start: Int64)?
  private var lastOffset: Point?
  private var lastPool: [EngineFrame.PoolSize]?
  private var lastLiveViews: Int?
  private var lastTime: Int64 = 0
  /// The trace time shown as 0: the first frame's work starts there (nanoseconds).
  ///
  /// Perfetto reads
  /// `ts` as a double: from a wall clock's 10¹⁸ ns, microseconds with three decimals would not
  /// survive, and slices would overlap their neighbours.
  private(set) var origin: Int64 = 0

  /// An exporter for one replay shown as process `pid` named `name`; `refreshRate` (hertz) sets the
  /// first frame's slice length and `costModel` prices the work.
  ///
  /// `write` receives the metadata lines.
  public init(
    pid: Int = 1, name: String, refreshRate: Double, costModel: CostModel,
    write: (String) throws -> Void
  ) rethrows {
    self.pid = pid
    self.costModel = costModel
    clock = ScrollingClock(refreshRate: refreshRate)
    frameInterval = clock.frameInterval
    try write(Self.metadata(pid: pid, tid: 0, "process_name", "name", JSONObject.quote(name)))
    for track in Track.allCases {
      try write(
        Self.metadata(
          pid: pid, tid: track.rawValue, "thread_name", "name", JSONObject.quote(track.name)))
      try write(
        Self.metadata(
          pid: pid, tid: track.rawValue, "thread_sort_index", "sort_index", String(track.rawValue)))
    }
  }

  /// Writes the events of one frame.
  public mutating func consume(_ frame: ReplayFrame, write: (String) throws -> Void) rethrows {
    let time = frame.time
    lastTime = time
    // A frame's work may start at the previous vsync; the first frame's, a refresh interval earlier.
    let due = previousFrameTime.map { min($0, time) } ?? time &- frameInterval
    // The trace's start: the first frame's work, or the clock's zero for a trace that starts
    // there (a script's). Times are written relative to it, and it is written once.
    let start: Int64
    if previousFrameTime == nil {
      origin = time >= 0 && time < 1_000_000_000 ? 0 : due
      start = max(origin, due)
      var clock = JSONObject()
      clock.add("traceTime_ns", String(origin))
      clock.add("note", "ts is microseconds from this time of the trace's clock")
      try write(
        Self.timed(
          "trace start", cat: "clock", ph: "i", pid: pid, tid: 0, at: 0, scope: "g", args: clock))
    } else {
      start = due
    }
    previousFrameTime = time
    let viewsCreated = clock.advance(to: frame)
    var args = JSONObject()
    args.add("index", frame.index)
    args.add("phase", frame.phase.rawValue)
    args.add("contentOffset_pt", array: Self.points(frame.contentOffset))
    if !frame.markers.isEmpty { args.add("markers", array: frame.markers.map(JSONObject.quote)) }
    args.add(
      "work", Self.workArgs(WorkTotals(frame.engine.work, viewsCreated: viewsCreated), costModel))
    if let device = Self.deviceArgs(frame) { args.add("device", device) }
    try write(
      slice(
        "frame", cat: "frame", track: .frames, pid: pid, start: start, end: time, args: args))

    try writeWork(frame, viewsCreated: viewsCreated, from: due, drawnFrom: start, write: write)
    try writeGesture(frame, write: write)
    try writePhase(frame, write: write)
    try writeCounters(frame, write: write)
  }

  /// Writes the frame's work, queued from `frameStart` after the previous frame's work (a late
  /// frame delays the next), and drawn no earlier than `drawnStart`.
  private mutating func writeWork(
    _ frame: ReplayFrame, viewsCreated: Int, from frameStart: Int64, drawnFrom drawnStart: Int64,
    write: (String) throws -> Void
  ) rethrows {
    let work = frame.engine.work
    let parts: [(String, Double, Int)] = [
      ("layout", costModel.layoutPass, work.layoutPasses),
      ("configure items", costModel.itemConfigured, work.itemsConfigured),
      ("create views", costModel.viewCreated, viewsCreated),
      ("set frames", costModel.frameSet, work.framesSet),
      ("scan reuse pool", costModel.poolScanStep, work.poolScanSteps),
    ]
    let children = parts.compactMap { name, cost, count -> (String, Int64, Int)? in
      let ns = Int64((cost * Double(count) * 1000).rounded(.down))
      return count > 0 && ns > 0 ? (name, ns, count) : nil
    }
    let base = Int64((costModel.frame * 1000).rounded(.down))
    let total = base + children.reduce(0) { $0 + $1.1 }
    guard total > 0 else { return }
    let queued = max(frameStart, workEnd)
    workEnd = queued + total
    // Late past this frame's vsync by the same rule for every frame, the first included.
    let late = max(0, workEnd - frame.time)
    let start = max(queued, drawnStart, drawnWorkEnd)
    drawnWorkEnd = start + total
    var args = JSONObject()
    args.add("index", frame.index)
    args.raw("estimated_us", Self.microseconds(total))
    args.raw("late_us", Self.microseconds(late))
    try write(
      slice(
        "frame work", cat: "work", track: .work, pid: pid, start: start, end: start + total,
        args: args))
    var cursor = start + base
    for (name, ns, count) in children {
      var childArgs = JSONObject()
      childArgs.add("count", count)
      try write(
        slice(
          name, cat: "work", track: .work, pid: pid, start: cursor, end: cursor + ns,
          args: childArgs))
      cursor += ns
    }
  }

  private mutating func writeGesture(_ frame: ReplayFrame, write: (String) throws -> Void) rethrows
  {
    if frame.isTracking, gestureStart == nil {
      gestureStart = frame.time
    } else if !frame.isTracking, let start = gestureStart {
      gestureStart = nil
      try write(
        slice(
          "touch", cat: "gesture", track: .gestures, pid: pid, start: start, end: frame.time,
          args: JSONObject()))
    }
  }

  private mutating func writePhase(_ frame: ReplayFrame, write: (String) throws -> Void) rethrows {
    if let run = phaseRun, run.phase != frame.phase {
      try write(
        slice(
          run.phase.rawValue, cat: "phase", track: .phase, pid: pid, start: run.start,
          end: frame.time, args: JSONObject()))
      phaseRun = nil
    }
    if phaseRun == nil, frame.phase != .idle { phaseRun = (frame.phase, frame.time) }
  }

  private mutating func writeCounters(_ frame: ReplayFrame, write: (String) throws -> Void) rethrows
  {
    if lastOffset != frame.contentOffset {
      lastOffset = frame.contentOffset
      var args = JSONObject()
      args.add("x", frame.contentOffset.x, digits: 4)
      args.add("y", frame.contentOffset.y, digits: 4)
      try write(counter("contentOffset (pt)", pid: pid, at: frame.time, args: args))
    }
    if let observed = frame.observed {
      // What the device displayed at this frame (format 1.2), on a track beside the model's.
      if let offset = observed.contentOffset {
        var args = JSONObject()
        args.add("x", offset.x, digits: 4)
        args.add("y", offset.y, digits: 4)
        try write(counter("device contentOffset (pt)", pid: pid, at: frame.time, args: args))
        var error = JSONObject()
        error.add("pt", frame.contentOffset.distance(to: offset), digits: 4)
        try write(counter("model − device offset (pt)", pid: pid, at: frame.time, args: error))
      }
      if let busy = observed.busyDuration {
        var busyArgs = JSONObject()
        busyArgs.add("ms", Double(busy) / 1e6, digits: 4)
        try write(counter("device main-thread busy (ms)", pid: pid, at: frame.time, args: busyArgs))
      }
    }
    let pool = frame.engine.poolSizes.map {
      EngineFrame.PoolSize(identifier: $0.identifier, count: $0.count)
    }
    if !pool.isEmpty || lastPool != nil, lastPool != pool {
      lastPool = pool
      var args = JSONObject()
      for size in pool.sorted(by: { $0.identifier < $1.identifier }) {
        args.add(size.identifier, size.count)
      }
      if pool.isEmpty { args.add("total", 0) }
      try write(counter("reuse pool (views)", pid: pid, at: frame.time, args: args))
    }
    if lastLiveViews != frame.engine.liveViews {
      lastLiveViews = frame.engine.liveViews
      var args = JSONObject()
      args.add("live", frame.engine.liveViews)
      try write(counter("live views", pid: pid, at: frame.time, args: args))
    }
  }

  /// Closes the open gesture and phase slices and writes the findings of `summary` as instants.
  public mutating func finish(_ summary: AnalysisSummary, write: (String) throws -> Void) rethrows {
    if let start = gestureStart {
      try write(
        slice(
          "touch", cat: "gesture", track: .gestures, pid: pid, start: start, end: lastTime,
          args: JSONObject()))
      gestureStart = nil
    }
    if let run = phaseRun {
      try write(
        slice(
          run.phase.rawValue, cat: "phase", track: .phase, pid: pid, start: run.start,
          end: lastTime, args: JSONObject()))
      phaseRun = nil
    }
    try writeFindings(of: summary, write)
  }
}
