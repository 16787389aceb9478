// scrolltrace — a calibration's result: the fitted model, its check, and what it rests on.

public import Replay
import TraceCore

/// A calibration's result: the cost model fitted to recordings' measured work times, its quality
/// on traces held out of the fit, and every trace it rests on (`scrolltrace calibrate`).
public struct Calibration: Sendable, Hashable {
  /// The engine whose counted work was fitted.
  public var engine: EngineDescriptor
  /// The fit.
  public var fit: CostFit
  /// The fitted model's quality on the held-out traces' frames; `nil` when none were held out.
  public var heldOut: FitQuality?
  /// Every trace, in the order given.
  public var traces: [Trace]
  /// The fidelity threshold frames were kept within, in points.
  public var fidelityThreshold: Double

  /// Creates a result.
  public init(
    engine: EngineDescriptor, fit: CostFit, heldOut: FitQuality?, traces: [Trace],
    fidelityThreshold: Double
  ) {
    self.engine = engine
    self.fit = fit
    self.heldOut = heldOut
    self.traces = traces
    self.fidelityThreshold = fidelityThreshold
  }

  /// Why the fitted model must not be used, or `nil` when the check passed or there was none: it
  /// predicts the held-out frames worse than a constant would (R² below 0: their own mean work
  /// time is closer to what they measured than the fitted costs are).
  ///
  /// Such a model prices work the recordings cannot tell apart, or frames unlike the held-out
  /// ones; `scrolltrace calibrate` then writes no cost model and exits 1.
  public var heldOutFailure: String? {
    guard let heldOut, let rSquared = heldOut.rSquared, rSquared < 0 else { return nil }
    return "the fitted costs predict the \(heldOut.frames) held-out frames worse than their mean "
      + "work time of \(TextFormat.fixed(heldOut.meanMeasured, 1)) µs does "
      + "(R² \(TextFormat.fixed(rSquared, 4)) on frames not fitted)"
  }

  /// One trace of a calibration.
  public struct Trace: Sendable, Hashable {
    /// The path as given.
    public var path: String
    /// Its content hash (as the report's).
    public var contentHash: String
    /// Observed frames in it.
    public var observedFrames: Int
    /// Frames it contributed (fitted, or judged when held out).
    public var frames: Int
    /// Observed frames left out, by reason.
    public var leftOut: LeftOut
    /// Whether it was held out of the fit.
    public var isHeldOut: Bool

    /// Creates a trace's entry.
    public init(
      path: String, contentHash: String, observedFrames: Int, frames: Int, leftOut: LeftOut,
      isHeldOut: Bool
    ) {
      self.path = path
      self.contentHash = contentHash
      self.observedFrames = observedFrames
      self.frames = frames
      self.leftOut = leftOut
      self.isHeldOut = isHeldOut
    }
  }

  /// Observed frames left out of a calibration, by reason.
  public struct LeftOut: Sendable, Hashable {
    /// With no measured work time.
    public var noWorkTime = 0
    /// Marked outliers by the platform.
    public var outliers = 0
    /// Where the model's offset parts from the device's by more than the fidelity threshold: the
    /// work the replay counts there is not the work the device did.
    public var diverged = 0

    /// None left out.
    public init() {}
  }
}
