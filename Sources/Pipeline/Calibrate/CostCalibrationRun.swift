// scrolltrace — traces replayed for the work each frame did, beside what the device measured.

public import Analyze
public import Replay
import TraceIngest

/// Replays recordings whose observed frames carry the device's work time
/// (`ObservedFrame.busyDuration`) and fits the cost model to them
/// (`CostCalibration`), checking the fit on traces held out of it.
///
/// A frame is fitted when it has a measured work time, the platform did not mark it an outlier,
/// and the model shows what the device showed there (offsets within the fidelity threshold, where
/// the observation has one): where they part, the work the replay counts is not the work the
/// device did. The last ``heldOut`` traces are not fitted; the fit is judged on them.
///
/// ```swift
/// let run = CostCalibrationRun(engine: EngineRegistry.builtIn.entry(named: "cardfeed@2")!)
/// let calibration = try run.run([TraceSource(path: "observed.sctrace")])
/// print(calibration.fit.model.viewCreated)
/// ```
public struct CostCalibrationRun: Sendable {
  /// The engine whose counted work is fitted.
  public var engine: EngineRegistry.Entry
  /// How traces are read and replayed; its analysis settings' fidelity threshold decides which
  /// frames the model shows as the device did.
  public var settings: ReplaySettings
  /// The fit's method and fixed costs.
  public var options: CostCalibration.Options
  /// How many of the traces, counted from the last, are held out of the fit (`nil`: one in five,
  /// at least one when there are two or more).
  public var heldOut: Int?

  /// A calibration through `engine`.
  public init(
    engine: EngineRegistry.Entry, settings: ReplaySettings = ReplaySettings(),
    options: CostCalibration.Options = .init(), heldOut: Int? = nil
  ) {
    self.engine = engine
    self.settings = settings
    self.options = options
    self.heldOut = heldOut
  }

  /// The traces held out of the fit of `count` traces.
  public func heldOutCount(of count: Int) -> Int {
    if let heldOut { return min(max(0, heldOut), max(0, count - 1)) }
    return count >= 2 ? max(1, count / 5) : 0
  }

  /// Replays `sources` and fits the costs.
  ///
  /// - Throws: ``PipelineError`` for a trace that cannot be replayed; `AnalyzeError`
  ///   (`calibration`) when no frame has a measured work time or the frames cannot determine a
  ///   cost.
  public func run(_ sources: [TraceSource]) throws -> Calibration {
    let held = heldOutCount(of: sources.count)
    var fitted = CalibrationData()
    var judged = CalibrationData()
    var traces: [Calibration.Trace] = []
    for (number, source) in sources.enumerated() {
      let threshold = settings.analysis.fidelityThreshold
      let (replay, frames) = try TraceReplay.observed(
        source, engine: engine, settings: settings,
        observer: { _ in CalibrationFrames(fidelityThreshold: threshold) })
      let isHeldOut = number >= sources.count - held
      if isHeldOut { judged.merge(frames.data) } else { fitted.merge(frames.data) }
      traces.append(
        Calibration.Trace(
          path: source.path, contentHash: replay.section.identity.contentHash,
          observedFrames: frames.observed, frames: frames.data.frames,
          leftOut: frames.leftOut, isHeldOut: isHeldOut))
    }
    guard fitted.frames > 0 else {
      throw AnalyzeError(
        .calibration, key: nil,
        reason:
          "no frame of the traces fitted has a measured work time: calibrate needs recordings whose observed frames carry one (the iOS recorder with its run-loop observer, Android's framestats, or a simulated device that prices its work)"
      )
    }
    let fit = try CostCalibration.fit(fitted, options: options)
    return Calibration(
      engine: engine.descriptor, fit: fit,
      heldOut: judged.frames > 0 ? FitQuality(fit.model, judged) : nil, traces: traces,
      fidelityThreshold: settings.analysis.fidelityThreshold)
  }
}

/// Collects a replay's frames for a calibration: each observed frame's counted work and measured
/// work time, and what was left out and why.
public struct CalibrationFrames: FrameObserver, Sendable {
  /// Frames with the device's offset further from the model's than this are left out, in points.
  public let fidelityThreshold: Double
  /// The frames kept.
  public private(set) var data = CalibrationData()
  /// Observed frames seen.
  public private(set) var observed = 0
  /// Observed frames left out, by reason.
  public private(set) var leftOut = Calibration.LeftOut()
  private var viewsCreated = 0

  /// A collector leaving out frames whose offsets part by more than `fidelityThreshold` points.
  public init(fidelityThreshold: Double) { self.fidelityThreshold = fidelityThreshold }

  /// Takes the frame's work, and keeps it when the device measured its time.
  public mutating func observe(_ frame: ReplayFrame, isFinding: Bool) {
    let created = max(0, frame.engine.viewsCreated - viewsCreated)
    viewsCreated = max(viewsCreated, frame.engine.viewsCreated)
    guard let observation = frame.observed else { return }
    observed += 1
    guard let busy = observation.busyDuration else {
      leftOut.noWorkTime += 1
      return
    }
    guard !observation.isOutlier else {
      leftOut.outliers += 1
      return
    }
    if let device = observation.contentOffset {
      guard frame.contentOffset.distance(to: device) <= fidelityThreshold else {
        leftOut.diverged += 1
        return
      }
    }
    data.add(
      work: WorkTotals(frame.engine.work, viewsCreated: created), measured: Double(busy) / 1000)
  }
}
