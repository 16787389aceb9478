// scrolltrace — a framestats window's rows as observed frames beside a touch log.

/// One window's frames of a framestats dump as observed-frame events (format 1.3's frame-timing
/// records): what the device measured beside the touches a log recorded.
///
/// Each row becomes one observation, every row accounted for in ``Summary``:
///
/// - its timestamp is `IntendedVsync` (rounded down to the trace's microseconds), its target one
///   vsync period later (the frame's deadline), its busy time `FrameCompleted − IntendedVsync`
///   (Android's total frame time);
/// - its presentation is `DisplayPresentTime` when that is a time at or after its vsync and
///   `FrameCompleted`; 0 (not known) and earlier, stale times (seen in real dumps) leave it
///   unknown, and are counted; a stale `FrameCompleted` (before the vsync, also seen) leaves the
///   busy time unknown;
/// - a row with non-zero `Flags` is an outlier: it drives a replay frame, but frame pacing leaves
///   it out, as Android's guidance does;
/// - a row with a `FrameDeadline` (Android 12 and later) carries its account against it: the
///   overrun and Android's own jank verdict, as its `JankTracker` gives it, judged in order of
///   vsync (docs/import.md);
/// - a row repeated by a later dump is kept once, and counted: a frame is known by its
///   `FrameTimelineVsyncId` where the dump has one (Android 12 and later), else by its whole row.
///   Two frames of one vsync (the UI thread's and the RenderThread's, with their own ids and
///   completions) are both kept, in order of completion, the second a microsecond after the first
///   (an observation at its predecessor's time is a recorder's repeat to the measured side).
///
/// The period is read per row where the dump has it (Android 12 and later), else the
/// `fallbackPeriod`. Times are moved by `offset` nanoseconds, for a dump whose clock is not the
/// log's (both are CLOCK_MONOTONIC on a device: `System.nanoTime()` and `getevent -t`).
public struct FrameStatsFrames: Sendable {
  /// Which window, and how to place its frames.
  public struct Placement: Sendable, Hashable {
    /// The window to import, by its name or a part of it; `nil` to take the only window with
    /// frames.
    public var window: String?
    /// Added to every time, in nanoseconds.
    public var offset: Int64
    /// The vsync period of rows that do not give one, in nanoseconds.
    public var fallbackPeriod: Int64

    /// Options for a window, an offset and a fallback period (60 Hz).
    public init(window: String? = nil, offset: Int64 = 0, fallbackPeriod: Int64 = 16_666_667) {
      self.window = window
      self.offset = offset
      self.fallbackPeriod = fallbackPeriod
    }
  }

  /// What became of the rows.
  public struct Summary: Sendable, Hashable {
    /// The window imported.
    public var window = ""
    /// Rows in that window, all blocks together.
    public var rows = 0
    /// Observed frames written: every row but the repeats.
    public var frames = 0
    /// Rows a later dump repeated, kept once.
    public var duplicates = 0
    /// Frames with non-zero `Flags`, marked outliers.
    public var outliers = 0
    /// Frames whose `DisplayPresentTime` is 0.
    public var presentationUnknown = 0
    /// Frames whose `DisplayPresentTime` precedes their vsync or completion: not a presentation.
    public var presentationBeforeCompletion = 0
    /// Frames whose `FrameCompleted` precedes their `IntendedVsync` (a stale time): no busy time.
    public var completionUnknown = 0
    /// Frames whose period the row did not give (the fallback was used).
    public var periodAssumed = 0
    /// Frames measured against the deadline their row gives (Android 12 and later,
    /// `ObservedFrame.deadline`).
    public var deadlines = 0
    /// Those that missed it by Android's own rule (its `JankTracker`'s "Missed Deadline").
    public var missedDeadlines = 0
    /// The refresh rate most frames ran at, in hertz; `nil` when no row gave a period.
    public var refreshRate: Double?
    /// The first and last frame's timestamp, in nanoseconds on the trace's clock.
    public var span: ClosedRange<Int64>?
  }

  /// The observed-frame events, in time order.
  public private(set) var events: [TraceEvent] = []
  /// What became of the rows.
  public private(set) var summary = Summary()

  /// The frames of `dump`'s window that `options` chooses, placed as it says.
  ///
  /// - Throws: ``ImportError`` (`unmatchedFrames`) when no window has frames, or several do and
  ///   none is chosen; (`outOfRange`) when a time moved by the offset leaves `Int64`.
  public init(_ dump: FrameStatsDump, path: String, placement options: Placement)
    throws
  {
    let window = try Self.choose(dump, options.window, path: path)
    summary.window = window.name
    summary.rows = window.rows.count
    var seen = Set<FrameIdentity>()
    var rows: [FrameStatsRow] = []
    for row in window.rows {
      if seen.insert(FrameIdentity(row)).inserted {
        rows.append(row)
      } else {
        summary.duplicates += 1
      }
    }
    rows.sort {
      ($0.intendedVsync, $0.frameCompleted, $0.vsyncID ?? 0, $0.flags)
        < ($1.intendedVsync, $1.frameCompleted, $1.vsyncID ?? 0, $1.flags)
    }
    var periods: [Int64: Int] = [:]
    var previous: Int64?
    var tracker = FrameDeadlineTracker()
    for row in rows {
      let time = try FrameSourceChoice.moved(row.intendedVsync, by: options.offset, path: path)
      // The second frame of one vsync a microsecond after the first: the measured side takes an
      // observation at its predecessor's timestamp for a recorder's repeat.
      var timestamp = time / 1000 * 1000
      if let previous, timestamp <= previous {
        timestamp = try FrameSourceChoice.moved(previous, by: 1000, path: path)
      }
      previous = timestamp
      let period = row.period ?? options.fallbackPeriod
      if let given = row.period {
        periods[given, default: 0] += 1
      } else {
        summary.periodAssumed += 1
      }
      let presented = try row.presentation.map { present throws(ImportError) in
        try FrameSourceChoice.moved(present, by: options.offset, path: path)
      }
      if presented == nil, let present = row.displayPresentTime {
        if present == 0 {
          summary.presentationUnknown += 1
        } else {
          summary.presentationBeforeCompletion += 1
        }
      }
      if row.completion == nil { summary.completionUnknown += 1 }
      if row.flags != 0 { summary.outliers += 1 }
      let deadline = tracker.judge(row, interval: period)
      if let deadline {
        summary.deadlines += 1
        if deadline.isMissed { summary.missedDeadlines += 1 }
      }
      let frame = ObservedFrame(
        targetTimestamp: try FrameSourceChoice.moved(time, by: period, path: path),
        contentOffset: nil,
        contentSize: nil, busyDuration: row.completion.map { $0 - row.intendedVsync },
        presentationTimestamp: presented, source: .frameTimeline, isOutlier: row.flags != 0,
        deadline: deadline)
      events.append(TraceEvent(timestamp: timestamp, .observedFrame(frame)))
    }
    summary.frames = events.count
    if let (period, _) = periods.max(by: {
      $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key
    }) {
      summary.refreshRate = 1e9 / Double(period)
    }
    if let first = events.first?.timestamp, let last = events.last?.timestamp {
      summary.span = first...last
    }
  }

  /// What tells one frame from another: its `FrameTimelineVsyncId` where the dump gives a valid
  /// one (Android's invalid id is −1), else the whole row (a later dump repeats a row exactly).
  private enum FrameIdentity: Hashable {
    case vsyncID(Int64)
    case row(FrameStatsRow)

    init(_ row: FrameStatsRow) {
      if let id = row.vsyncID, id > 0 { self = .vsyncID(id) } else { self = .row(row) }
    }
  }

  /// The window `name` names (its whole name, or a part of it, in any case), or the only one
  /// with frames.
  private static func choose(_ dump: FrameStatsDump, _ name: String?, path: String)
    throws(ImportError) -> FrameStatsDump.Window
  {
    let index = try FrameSourceChoice.choose(
      name, among: dump.windows.map { ($0.name, $0.rows.count) }, kind: "window", path: path)
    return dump.windows[index]
  }
}
