// scrolltrace — one trace replayed and analysed: the unit of work of every verb that replays.

public import Analyze
public import Replay
public import TraceIngest

/// One trace replayed through an engine with every analyzer: the trace's section of a report, its
/// analysis (to merge into a total), what a recovering read lost, and what the replay learnt of
/// the engine.
///
/// Streaming: memory holds the reader's chunk, the model and the analyzers, never the trace.
///
/// ```swift
/// let replay = try TraceReplay(
///   TraceSource(path: "Traces/pager-rotation.sctrace"),
///   engine: EngineRegistry.builtIn.entry(named: "paging@2")!, settings: ReplaySettings())
/// print(replay.section.summary.boundaryGlitches.count)
/// ```
public struct TraceReplay: Sendable {
  /// The trace's section of the report.
  public var section: TraceReport
  /// The trace's analysis, merged into a report's total.
  public var analysis: TraceAnalysis
  /// What a recovering read skipped, in file order (empty when strict or intact).
  public var losses: [TraceLoss]
  /// The engine's hooks and whether it reported anything.
  public var outcome: ReplayOutcome

  /// Replays and analyses `source` through `engine` with `settings`, handing frames at rest to the
  /// analyzers in runs.
  ///
  /// Calls `progress` with the fraction of the file read, every 256 frames.
  ///
  /// - Throws: ``PipelineError``: `unsupportedScene` when the engine does not
  ///   lay out the trace's scene, `replayFailed` for an event the replay
  ///   refuses, `silentEngine` when the engine reported nothing over the
  ///   whole trace; the reader's `TraceFormatError`.
  public init(
    _ source: TraceSource, engine: EngineRegistry.Entry, settings: ReplaySettings,
    progress: (Double) -> Void = { _ in }
  ) throws {
    var none: NoFrameObserver?
    try self.init(
      source, engine: engine, settings: settings, observer: &none, making: { _ in nil },
      progress: progress)
  }

  /// Replays and analyses `source` as ``init(_:engine:settings:progress:)`` does, handing every
  /// frame after the analyzers (one at a time: no runs) to the observer `makeObserver` makes once
  /// the trace's header is read; returns the replay and the observer.
  public static func observed<Observer: FrameObserver>(
    _ source: TraceSource, engine: EngineRegistry.Entry, settings: ReplaySettings,
    observer makeObserver: (TraceHeader) throws -> Observer, progress: (Double) -> Void = { _ in }
  ) throws -> (replay: TraceReplay, observer: Observer) {
    var observer: Observer?
    let replay = try TraceReplay(
      source, engine: engine, settings: settings, observer: &observer, making: makeObserver,
      progress: progress)
    guard let observer else {
      // The factory ran, or the replay threw before it.
      throw PipelineError(.replayFailed, "the frame observer was not made", path: source.path)
    }
    return (replay, observer)
  }

  private init<Observer: FrameObserver>(
    _ source: TraceSource, engine: EngineRegistry.Entry, settings: ReplaySettings,
    observer: inout Observer?, making makeObserver: (TraceHeader) throws -> Observer?,
    progress: (Double) -> Void
  ) throws {
    // Opened once: a pipe or FIFO can be read only once, and is hashed as it is read.
    let reader = try source.open(settings)
    let fileSize = reader.fileSize
    let refreshRate = reader.header.device.refreshRate
    observer = try makeObserver(reader.header)
    var analysis = TraceAnalysis(
      settings: settings.analysis, refreshRate: refreshRate, scale: reader.header.device.scale,
      itemIdentities: engine.reportsItemIdentities)
    let clock = ContinuousClock()
    let start = clock.now
    var frameCount: Int64 = 0
    do {
      outcome = try engine.replayRuns(
        reader, overrides: settings.overrides, settleLimit: settings.settleLimit,
        limits: settings.replayLimits, skippingIdleFrames: settings.skipsIdleFrames
      ) { run, hostTime in
        analysis.host.recordFrames(hostTime, count: run.count)
        if observer == nil {
          analysis.consume(run)
        } else {
          for frame in run.frames {
            let findings = analysis.findings
            analysis.consume(frame)
            try observer?.observe(frame, isFinding: analysis.findings != findings)
          }
        }
        // Every 256 frames, or once per run that crosses a multiple of 256.
        let before = frameCount
        frameCount &+= run.count
        if before >> 8 != frameCount >> 8, let fileSize, fileSize > 0 {
          progress(Double(reader.stats.compressedBytes) / Double(fileSize))
        }
      }
    } catch let error as ReplayError {
      let code: PipelineError.Code =
        error.code == .unsupportedScene ? .unsupportedScene : .replayFailed
      var failure = PipelineError(code, "\(error)", path: source.path)
      failure.replayError = error
      throw failure
    }
    if outcome.isSilent {
      throw PipelineError(
        .silentEngine, Self.silence(of: engine.descriptor, outcome.delegateHooks),
        path: source.path)
    }
    analysis.noteDroppedObservations(outcome.droppedObservations)
    analysis.host.recordReplay(
      wallTime: (clock.now - start).wholeNanoseconds, events: reader.stats.events)
    losses = reader.losses
    let identity = TraceIdentity(
      path: source.path, contentHash: try reader.contentHash(), fileSize: fileSize ?? 0,
      events: reader.stats.events, device: reader.header.device, losses: reader.losses.count,
      metadata: reader.header.metadata)
    section = TraceReport(
      identity: identity, summary: analysis.summary, host: analysis.host.summary)
    self.analysis = analysis
  }

  /// Why a silent engine is an error, with the hooks the replay called and those it implements.
  static func silence(of engine: EngineDescriptor, _ hooks: DelegateHookLog) -> String {
    let implemented = hooks.implemented.names
    let defaulted = hooks.answeredByDefault.names
    return
      "\(engine) laid out nothing over the whole trace (no layout pass, no visible item, no view), "
      + "so its report would read as a perfect score. "
      + (implemented.isEmpty
        ? "It implements none of the hooks the scroll view called"
        : "It implements \(implemented.joined(separator: ", "))")
      + (defaulted.isEmpty
        ? ". " : "; the protocol's defaults answered \(defaulted.joined(separator: ", ")). ")
      + "A hook written with UIKit's labels (scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)) "
      + "or a near-miss (layoutSubviews(scrollView:)) compiles but is never called: declare the "
      + "hooks in an extension that conforms to ScrollViewDelegate, where the compiler warns of a "
      + "near-miss (docs/custom-engines.md). An engine with no views of its own says so with "
      + "isModelOnly."
  }
}
