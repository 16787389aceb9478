// scrolltrace — how evenly the content moves from frame to frame, on the model and on the device.

public import Replay
import TraceCore

/// Offset smoothness: Chrome's predictor jank (``PredictorJank``) over the distance the content
/// moved each frame, for the model's offsets (every replayed frame) and, where the recording
/// observed them, the device's (consecutive observed frames).
///
/// Frame times miss jank the eye sees in the offsets: a frame that moves twice as far as its
/// neighbours is visible at a perfect frame rate (flutter/flutter#110178, "purely visual, not
/// visible in the Performance panel"). The deltas are taken along the axis the content scrolls on
/// (vertical when the content is taller than the view, else horizontal when it is wider, else
/// vertical), in pixels: points times the screen's scale.
public struct SmoothnessAnalyzer: FrameAnalyzer {
  /// Pixels per point.
  public let scale: Double
  private var model = PredictorJank()
  private var device = PredictorJank()
  private var observedDevice = false
  private var modelOffset: Point?
  private var deviceOffset: Point?

  /// An analyzer for a screen of `scale` pixels per point (1 when not positive and finite).
  public init(scale: Double) {
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  public mutating func consume(_ frame: ReplayFrame) {
    let vertical =
      frame.contentSize.height > frame.boundsSize.height
      || frame.contentSize.width <= frame.boundsSize.width
    func delta(_ from: Point, _ to: Point) -> Double {
      (vertical ? to.y - from.y : to.x - from.x) * scale
    }
    if let previous = modelOffset {
      model.record(delta: delta(previous, frame.contentOffset))
    }
    modelOffset = frame.contentOffset
    guard let observed = frame.observed else { return }
    observedDevice = true
    guard let offset = observed.contentOffset else {
      device.reset()
      deviceOffset = nil
      return
    }
    if let previous = deviceOffset { device.record(delta: delta(previous, offset)) }
    deviceOffset = offset
  }

  /// Takes a run of frames: its frames after the first are the first again at later times, so
  /// they move nothing and end the sequence (an observation is only ever a run's first frame).
  public mutating func consume(_ run: FrameRun) {
    consume(run.first)
    if run.count > 1 { model.reset() }
  }

  /// Adds another replay's frames.
  public mutating func merge(_ other: SmoothnessAnalyzer) {
    model.merge(other.model)
    device.merge(other.device)
    observedDevice = observedDevice || other.observedDevice
  }

  /// The figures so far.
  public var summary: SmoothnessSummary {
    SmoothnessSummary(model: model, device: observedDevice ? device : nil)
  }
}

/// How evenly the content moved, frame by frame (``SmoothnessAnalyzer``).
public struct SmoothnessSummary: Sendable, Hashable {
  /// Chrome's predictor jank on the model's offsets.
  public var model: PredictorJank
  /// The same on the device's observed offsets; `nil` when the trace holds no observed frame.
  public var device: PredictorJank?

  /// A summary of `model` and `device`.
  public init(model: PredictorJank, device: PredictorJank?) {
    self.model = model
    self.device = device
  }
}
