// scrolltrace — every analyzer over one replay.

public import Replay

/// Runs every analyzer over a replay's frames, in one pass and in memory that does not grow with
/// the trace (event lists are capped), and keeps the host timings apart.
public struct TraceAnalysis: Sendable {
  /// The thresholds and models used.
  public let settings: AnalysisSettings
  /// Frame cost: work, estimated device time, hitches.
  public private(set) var frameCost: FrameCostAnalyzer
  /// Offset jumps and resize anchor drift.
  public private(set) var offsetJumps: OffsetJumpAnalyzer
  /// Content shifts and the speed flings lost at updates.
  public private(set) var contentShift: ContentShiftAnalyzer
  /// Boundary glitches and transition seams.
  public private(set) var boundaryGlitches: BoundaryGlitchAnalyzer
  /// Reuse churn.
  public private(set) var reuse: ReuseChurnAnalyzer
  /// Frame pacing the device measured (observed frames).
  public private(set) var measured: MeasuredFrameAnalyzer
  /// The model against the device (observed frames' offsets).
  public private(set) var fidelity: FidelityAnalyzer
  /// How evenly the content moves, on the model and the device.
  public private(set) var smoothness: SmoothnessAnalyzer
  /// Host timings (not deterministic).
  public var host = HostTimings()
  /// Frames analysed.
  public private(set) var frames = 0
  /// The replayed time from the first frame to the last, in nanoseconds.
  public private(set) var duration: Int64 = 0
  private var firstTime: Int64?

  /// An analysis with `settings` for a display refreshing `refreshRate` times a second, of
  /// `scale` pixels per point, of an engine that may report item identities
  /// (`ScrollEngine.reportsItemIdentities`: without them content shifts are not looked for).
  public init(
    settings: AnalysisSettings, refreshRate: Double, scale: Double = 1,
    itemIdentities: Bool = true
  ) {
    self.settings = settings
    frameCost = FrameCostAnalyzer(costModel: settings.costModel, refreshRate: refreshRate)
    offsetJumps = OffsetJumpAnalyzer(
      threshold: settings.jumpThreshold, eventLimit: settings.eventLimit)
    contentShift = ContentShiftAnalyzer(
      threshold: settings.jumpThreshold, eventLimit: settings.eventLimit,
      itemIdentities: itemIdentities)
    boundaryGlitches = BoundaryGlitchAnalyzer(
      tolerance: settings.glitchTolerance, refreshRate: refreshRate, eventLimit: settings.eventLimit
    )
    reuse = ReuseChurnAnalyzer(refreshRate: refreshRate, eventLimit: settings.eventLimit)
    measured = MeasuredFrameAnalyzer(refreshRate: refreshRate)
    fidelity = FidelityAnalyzer(
      threshold: settings.fidelityThreshold, eventLimit: settings.eventLimit)
    smoothness = SmoothnessAnalyzer(scale: scale)
  }

  /// Takes the next run of frames (`FrameRun`), with what taking each of its frames gives: the
  /// analyzers account for a run of frames at rest at once.
  public mutating func consume(_ run: FrameRun) {
    // A frame in motion is a run of one: the analyzers take it as a frame.
    guard run.count > 1 else { return consume(run.first) }
    frames += Int(run.count)
    let first = firstTime ?? run.first.time
    firstTime = first
    // A run's times grow, so its last frame's is the latest (the first's for a run of one).
    duration = max(duration, run.time(at: run.count &- 1) &- first)
    frameCost.consume(run)
    offsetJumps.consume(run)
    contentShift.consume(run)
    boundaryGlitches.consume(run)
    reuse.consume(run)
    measured.consume(run)
    fidelity.consume(run)
    smoothness.consume(run)
  }

  /// Takes the next frame.
  public mutating func consume(_ frame: ReplayFrame) {
    frames += 1
    if firstTime == nil { firstTime = frame.time }
    duration = max(duration, frame.time &- (firstTime ?? frame.time))
    frameCost.consume(frame)
    offsetJumps.consume(frame)
    contentShift.consume(frame)
    boundaryGlitches.consume(frame)
    reuse.consume(frame)
    measured.consume(frame)
    fidelity.consume(frame)
    smoothness.consume(frame)
  }

  /// Notes the observed frames the replay dropped, which no frame brings to the analyzers
  /// (`ReplayOutcome.droppedObservations`).
  public mutating func noteDroppedObservations(_ drops: ObservationDrops) {
    measured.noteDropped(drops)
  }

  /// Adds another replay's analysis: the total over several traces.
  public mutating func merge(_ other: TraceAnalysis) {
    frames += other.frames
    duration &+= other.duration
    frameCost.merge(other.frameCost)
    offsetJumps.merge(other.offsetJumps)
    contentShift.merge(other.contentShift)
    boundaryGlitches.merge(other.boundaryGlitches)
    reuse.merge(other.reuse)
    measured.merge(other.measured)
    fidelity.merge(other.fidelity)
    smoothness.merge(other.smoothness)
    host.merge(other.host)
  }

  /// Offset jumps and boundary glitches found so far (kept in the report or not): a frame that
  /// raises it is a finding the HTML report shows up close.
  public var findings: Int {
    offsetJumps.jumps.count + boundaryGlitches.glitches.count + contentShift.shifts.count
  }

  /// Every analyzer's summary.
  public var summary: AnalysisSummary {
    AnalysisSummary(
      frames: frames, duration: duration, frameCost: frameCost.summary(bands: settings.hitchBands),
      offsetJumps: offsetJumps.summary, contentShift: contentShift.summary,
      boundaryGlitches: boundaryGlitches.summary,
      reuse: reuse.summary, measured: measured.summary(bands: settings.hitchBands),
      fidelity: fidelity.summary, smoothness: smoothness.summary)
  }
}

/// The deterministic result of analysing a replay (or the total over several).
public struct AnalysisSummary: Sendable, Hashable {
  /// Frames replayed.
  public var frames: Int
  /// Replayed time from the first frame to the last, in nanoseconds (added up in a total).
  public var duration: Int64
  /// Frame cost.
  public var frameCost: FrameCostSummary
  /// Offset jumps.
  public var offsetJumps: OffsetJumpSummary
  /// Content shifts; `nil` when the engine reports no item identities (only a self-sizing engine
  /// does), so existing reports stay as they were.
  public var contentShift: ContentShiftSummary?
  /// Boundary glitches.
  public var boundaryGlitches: BoundaryGlitchSummary
  /// Reuse churn.
  public var reuse: ReuseChurnSummary
  /// Frame pacing the device measured; `nil` when the trace holds no observed frame.
  public var measured: MeasuredFrameSummary?
  /// ``measured`` when the replay presented an observed frame: the measured figures of a trace
  /// whose every observed frame was dropped are `nil`, never zeros that read as a perfect score.
  public var presentedMeasured: MeasuredFrameSummary? {
    measured.flatMap { $0.frames > 0 ? $0 : nil }
  }
  /// The model against the device; `nil` when no observed frame holds the device's offset.
  public var fidelity: FidelitySummary?
  /// How evenly the content moved, on the model and the device.
  public var smoothness = SmoothnessSummary(model: PredictorJank(), device: nil)
}
