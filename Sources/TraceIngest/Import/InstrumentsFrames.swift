// scrolltrace — an Animation Hitches recording's frames on glass as observed frames.

/// The frames an Instruments Animation Hitches recording saw reach the display, as observed-frame
/// events (frame-timing records, as Android's framestats become), with Instruments' own hitches
/// as the platform's verdict on them.
///
/// Each `display-surface-swap` row of the chosen display is one frame:
///
/// - it reached the glass at the row's `timestamp` (its presentation);
/// - it was expected at the first vsync at or after its `desired-presentation-time` (its target),
///   and so was late by a whole number of refreshes: Apple's hitch time, "the time a frame is
///   late to display" (WWDC20 session 10077; "Understanding hitches in your app",
///   https://developer.apple.com/documentation/xcode/understanding-hitches-in-your-app);
/// - its event's timestamp is one refresh before its target, the vsync its work had to start
///   from, so its interval is the display's;
/// - its deadline is that account: the overrun is how late it was, and it missed when it was late
///   at all (a frame without a desired presentation time has none);
/// - a `hitches` row that ends within half a refresh of a frame's presentation is Instruments'
///   own verdict on that frame, and replaces the derived one (the two disagreeing is counted);
/// - no busy time: the recording holds no measure of the app's main thread per frame (the render
///   server's time, `hitches-renders`, is not the app's work, and is summarised, not stored).
///
/// The refresh period is the median distance between the `display-vsyncs-interval` vsyncs of the
/// display whose vsyncs the frames landed on (the tables name one display differently), else
/// between successive frames, else the fallback; a median that is no display's (outside 1 ms to
/// 1 s) is passed over. Times are moved by `offset` nanoseconds (an
/// export counts from the recording's start) and rounded down to microseconds; a second frame of
/// one microsecond follows its predecessor by one, as with framestats.
public struct InstrumentsFrames: Sendable {
  /// Which display, and how to place its frames.
  public struct Placement: Sendable, Hashable {
    /// The display, by its name or a part of it; `nil` for the only one with frames.
    public var display: String?
    /// Added to every time, in nanoseconds.
    public var offset: Int64
    /// The refresh period when no table gives one, in nanoseconds.
    public var fallbackPeriod: Int64

    /// Options for a display, an offset and a fallback period (60 Hz).
    public init(display: String? = nil, offset: Int64 = 0, fallbackPeriod: Int64 = 16_666_667) {
      self.display = display
      self.offset = offset
      self.fallbackPeriod = fallbackPeriod
    }
  }

  /// What became of the rows.
  public struct Summary: Sendable, Hashable {
    /// The display imported (as `display-surface-swap` names it).
    public var display = ""
    /// Observed frames written.
    public var frames = 0
    /// Swaps repeated exactly (same time and swap id), kept once.
    public var repeated = 0
    /// Swaps whose vsync would fall before the clock's zero, left out.
    public var beforeStart = 0
    /// Frames left out because more frames were expected at one vsync than fit a microsecond apart
    /// before it.
    public var crowded = 0
    /// Frames late to the glass (their deadline missed).
    public var late = 0
    /// Frames without a desired presentation time: no deadline.
    public var noDesiredTime = 0
    /// The refresh period, in nanoseconds.
    public var period: Int64 = 0
    /// Where the period came from.
    public var periodSource = PeriodSource.assumed
    /// Render-server rows, and those joined to a frame by swap id.
    public var renders = 0
    /// Render-server rows whose swap id is a frame's.
    public var rendersJoined = 0
    /// The render server's median time for a frame, in nanoseconds; `nil` without its rows.
    public var renderMedian: Int64?
    /// The render server's longest time for a frame, in nanoseconds; `nil` without its rows.
    public var renderMaximum: Int64?
    /// Instruments' hitches (`hitches` rows).
    public var hitches = 0
    /// Their total hitch time, in nanoseconds.
    public var hitchTime: Int64 = 0
    /// Hitches that end on an imported frame's presentation.
    public var hitchesOnFrames = 0
    /// Of those, the ones the frame's desired presentation time did not call late.
    public var hitchesDisagreeing = 0
    /// The first and last frame's timestamp, in nanoseconds on the trace's clock.
    public var span: ClosedRange<Int64>?

    /// The refresh rate, in hertz.
    public var refreshRate: Double { period > 0 ? 1e9 / Double(period) : 60 }
  }

  /// Where the refresh period came from.
  public enum PeriodSource: Sendable, Hashable, CustomStringConvertible {
    /// The vsyncs of the display the frames landed on, as `display-vsyncs-interval` names it.
    case vsyncs(display: String)
    /// The distance between successive frames (no vsync table).
    case frames
    /// The fallback (no vsync table, fewer than two frames).
    case assumed

    /// `vsyncs of DISPLAY`, `frames` or `assumed`, as the import's summary says it.
    public var description: String {
      switch self {
      case .vsyncs(let display): "vsyncs of \(display)"
      case .frames: "frames"
      case .assumed: "assumed"
      }
    }
  }

  /// The observed-frame events, in time order.
  public private(set) var events: [TraceEvent] = []
  /// The vsyncs the period was read from, moved onto the trace's clock, in time order; empty when
  /// no vsync table gave it.
  public private(set) var vsyncs: [Int64] = []
  /// What became of the rows.
  public private(set) var summary = Summary()

  /// The frames of `tables`' display that `placement` chooses.
  ///
  /// - Throws: ``ImportError`` (`unmatchedFrames`) when no table gives frames or the display is
  ///   not one; (`outOfRange`) when a time moved by the offset leaves the clock.
  public init(_ tables: InstrumentsTables, path: String, placement: Placement)
    throws(ImportError)
  {
    let display = try Self.choose(tables, placement.display, path: path)
    summary.display = display
    var swaps = tables.swaps.filter { $0.display == display }
    swaps.sort { ($0.timestamp, $0.swapID ?? 0) < ($1.timestamp, $1.swapID ?? 0) }
    let period = Self.period(tables, swaps: swaps, fallback: placement.fallbackPeriod)
    summary.period = period.value
    summary.periodSource = period.source
    for vsync in period.vsyncs {
      vsyncs.append(try FrameSourceChoice.moved(vsync, by: placement.offset, path: path))
    }
    Self.summarizeRenders(tables, swaps: swaps, into: &summary)
    let verdicts = Self.hitchVerdicts(tables, swaps: swaps, period: period.value, into: &summary)
    // Each frame at the vsync one refresh before the one it was expected at, in the order of
    // those vsyncs (a late frame may have been expected before an earlier one on glass).
    var placed: [(vsync: Int64, frame: ObservedFrame)] = []
    var previousSwap: InstrumentsTables.Swap?
    for swap in swaps {
      defer { previousSwap = swap }
      if previousSwap == swap {
        summary.repeated += 1
        continue
      }
      let late = swap.desired.map { max(0, swap.timestamp - $0) / period.value } ?? 0
      var expected = swap.timestamp - late * period.value
      var deadline = swap.desired.map { _ in
        ObservedFrame.Deadline(overrun: swap.timestamp - expected, isMissed: late > 0)
      }
      if swap.desired == nil { summary.noDesiredTime += 1 }
      // Instruments' own hitch on this frame: late by its duration, whatever the desired time said.
      if let hitch = verdicts[swap.timestamp], hitch <= swap.timestamp {
        if !(deadline?.isMissed ?? false) { summary.hitchesDisagreeing += 1 }
        deadline = ObservedFrame.Deadline(overrun: hitch, isMissed: true)
        expected = swap.timestamp - hitch
      }
      guard expected - period.value >= 0 else {
        summary.beforeStart += 1
        continue
      }
      let frame = ObservedFrame(
        targetTimestamp: try FrameSourceChoice.moved(expected, by: placement.offset, path: path),
        contentOffset: nil, contentSize: nil, busyDuration: nil,
        presentationTimestamp: try FrameSourceChoice.moved(
          swap.timestamp, by: placement.offset, path: path),
        source: .frameTimeline, isOutlier: false, deadline: deadline)
      placed.append(
        (
          try FrameSourceChoice.moved(expected - period.value, by: placement.offset, path: path),
          frame
        ))
    }
    placed.sort {
      ($0.vsync, $0.frame.presentationTimestamp ?? 0) < (
        $1.vsync, $1.frame.presentationTimestamp ?? 0
      )
    }
    var previous: Int64?
    for (vsync, frame) in placed {
      var timestamp = vsync / 1000 * 1000
      if let previous, timestamp <= previous {
        timestamp = try FrameSourceChoice.moved(previous, by: 1000, path: path)
      }
      // More frames of one vsync than microseconds before their target: left out, counted.
      guard timestamp <= frame.targetTimestamp else {
        summary.crowded += 1
        continue
      }
      if frame.deadline?.isMissed == true { summary.late += 1 }
      previous = timestamp
      events.append(TraceEvent(timestamp: timestamp, .observedFrame(frame)))
    }
    summary.frames = events.count
    if let first = events.first?.timestamp, let last = events.last?.timestamp {
      summary.span = first...last
    }
    guard !events.isEmpty else {
      throw ImportError(
        .unmatchedFrames, "display \(display) has no frame after the recording's start", path: path)
    }
  }

  /// The display whose frames to import: the one `name` names, or the only one.
  private static func choose(_ tables: InstrumentsTables, _ name: String?, path: String)
    throws(ImportError) -> String
  {
    var counts: [String: Int] = [:]
    for swap in tables.swaps { counts[swap.display, default: 0] += 1 }
    guard !counts.isEmpty else {
      let read = tables.tables.map { "\($0.schema) (\($0.rows) rows)" }
      throw ImportError(
        .unmatchedFrames,
        "no table gives frames: display-surface-swap is the table of frames on glass "
          + "(Animation Hitches template); read: \(MessageText.list(read))", path: path)
    }
    let displays = counts.sorted { $0.key < $1.key }.map { (name: $0.key, frames: $0.value) }
    return displays[
      try FrameSourceChoice.choose(name, among: displays, kind: "display", path: path)
    ].name
  }

  /// The refresh period: from the vsyncs of the display the frames landed on, else the frames.
  private static func period(
    _ tables: InstrumentsTables, swaps: [InstrumentsTables.Swap], fallback: Int64
  ) -> (value: Int64, source: PeriodSource, vsyncs: [Int64]) {
    var byDisplay: [String: [Int64]] = [:]
    for vsync in tables.vsyncs { byDisplay[vsync.display, default: []].append(vsync.timestamp) }
    // The display whose vsyncs the frames reached the glass on (within half a millisecond).
    var best: (display: String, hits: Int)?
    for (display, times) in byDisplay.sorted(by: { $0.key < $1.key }) {
      let sorted = times.sorted()
      let hits = swaps.count { swap in
        let index = sorted.partitioningIndex { $0 >= swap.timestamp - 500_000 }
        return index < sorted.count && sorted[index] - swap.timestamp <= 500_000
      }
      if byDisplay.count == 1 || hits > (best?.hits ?? 0) { best = (display, hits) }
    }
    // A display refreshes 1 to 1,000 times a second: a median outside that is no refresh period.
    let plausible: ClosedRange<Int64> = 1_000_000...1_000_000_000
    if let best, let times = byDisplay[best.display]?.sorted(), let median = medianStep(times),
      plausible.contains(median)
    {
      return (median, .vsyncs(display: best.display), times)
    }
    if let median = medianStep(swaps.map(\.timestamp)), plausible.contains(median) {
      return (median, .frames, [])
    }
    return (min(max(fallback, plausible.lowerBound), plausible.upperBound), .assumed, [])
  }

  /// The median of the positive steps between sorted times; `nil` with none.
  private static func medianStep(_ times: [Int64]) -> Int64? {
    var steps: [Int64] = []
    for (earlier, later) in zip(times, times.dropFirst()) where later > earlier {
      steps.append(later - earlier)
    }
    guard !steps.isEmpty else { return nil }
    steps.sort()
    return steps[steps.count / 2]
  }

  /// Counts the render server's rows, those of a frame, and their median and longest time.
  private static func summarizeRenders(
    _ tables: InstrumentsTables, swaps: [InstrumentsTables.Swap], into summary: inout Summary
  ) {
    let ids = Set(swaps.compactMap(\.swapID))
    summary.renders = tables.renders.count
    summary.rendersJoined = tables.renders.count { $0.swapID.map(ids.contains) ?? false }
    let times = tables.renders.map(\.duration).sorted()
    if let maximum = times.last {
      summary.renderMedian = times[times.count / 2]
      summary.renderMaximum = maximum
    }
  }

  /// Instruments' hitches by the presentation time of the frame each ends on: the hitch time.
  private static func hitchVerdicts(
    _ tables: InstrumentsTables, swaps: [InstrumentsTables.Swap], period: Int64,
    into summary: inout Summary
  ) -> [Int64: Int64] {
    let times = swaps.map(\.timestamp)
    var verdicts: [Int64: Int64] = [:]
    for hitch in tables.hitches {
      summary.hitches += 1
      let (total, overflows) = summary.hitchTime.addingReportingOverflow(hitch.duration)
      summary.hitchTime = overflows ? .max : total
      let (end, overflow) = hitch.start.addingReportingOverflow(hitch.duration)
      guard !overflow else { continue }
      let index = times.partitioningIndex { $0 >= end - period / 2 }
      guard index < times.count, times[index] - end <= period / 2 else { continue }
      summary.hitchesOnFrames += 1
      verdicts[times[index]] = hitch.duration
    }
    return verdicts
  }
}
