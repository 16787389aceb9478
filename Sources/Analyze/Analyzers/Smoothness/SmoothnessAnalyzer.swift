// scrolltrace — how evenly the content moves from frame to frame, on the model and on the device.

public import Replay
import TraceCore

/// Offset smoothness: Chrome's predictor jank (``PredictorJank``) over the distance the content
/// moved each frame, and the motion's jerk (``OffsetJerk``), for the model's offsets (every
/// replayed frame) and, where the recording observed them, the device's (consecutive observed
/// frames).
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
  private var modelJerk = OffsetJerk()
  private var deviceJerk = OffsetJerk()
  private var observedDevice = false
  private var modelOffset: Point?
  private var deviceOffset: Point?

  /// An analyzer for a screen of `scale` pixels per point (1 when not positive and finite).
  public init(scale: Double) {
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  /// Whether `frame`'s content scrolls vertically: taller than the view, or not wider.
  private func vertical(_ frame: ReplayFrame) -> Bool {
    frame.contentSize.height > frame.boundsSize.height
      || frame.contentSize.width <= frame.boundsSize.width
  }

  public mutating func consume(_ frame: ReplayFrame) {
    let vertical = vertical(frame)
    func delta(_ from: Point, _ to: Point) -> Double {
      (vertical ? to.y - from.y : to.x - from.x) * scale
    }
    func along(_ offset: Point) -> Double { vertical ? offset.y : offset.x }
    if let previous = modelOffset {
      model.record(delta: delta(previous, frame.contentOffset))
    }
    modelOffset = frame.contentOffset
    modelJerk.record(offset: along(frame.contentOffset), at: frame.time)
    guard let observed = frame.observed else { return }
    observedDevice = true
    guard let offset = observed.contentOffset else {
      device.reset()
      deviceJerk.reset()
      deviceOffset = nil
      return
    }
    if let previous = deviceOffset { device.record(delta: delta(previous, offset)) }
    deviceOffset = offset
    deviceJerk.record(offset: along(offset), at: frame.time)
  }

  /// Takes a run of frames: its frames after the first are the first again at later times, so
  /// they move nothing and end the sequence (an observation is only ever a run's first frame).
  public mutating func consume(_ run: FrameRun) {
    consume(run.first)
    if run.count > 1 {
      model.reset()
      // As the repeats one by one: each stops the motion, and the last starts the next sequence.
      modelJerk.reset()
      let offset = run.first.contentOffset
      modelJerk.record(
        offset: vertical(run.first) ? offset.y : offset.x, at: run.time(at: run.count &- 1))
    }
  }

  /// Adds another replay's frames.
  public mutating func merge(_ other: SmoothnessAnalyzer) {
    model.merge(other.model)
    device.merge(other.device)
    modelJerk.merge(other.modelJerk)
    deviceJerk.merge(other.deviceJerk)
    observedDevice = observedDevice || other.observedDevice
  }

  /// The figures so far.
  public var summary: SmoothnessSummary {
    SmoothnessSummary(
      model: model, device: observedDevice ? device : nil, modelJerk: modelJerk,
      deviceJerk: observedDevice ? deviceJerk : nil)
  }
}

/// How evenly the content moved, frame by frame (``SmoothnessAnalyzer``).
public struct SmoothnessSummary: Sendable, Hashable {
  /// Chrome's predictor jank on the model's offsets.
  public var model: PredictorJank
  /// The same on the device's observed offsets; `nil` when the trace holds no observed frame.
  public var device: PredictorJank?
  /// The jerk of the model's motion.
  public var modelJerk: OffsetJerk
  /// The jerk of the device's observed motion; `nil` when the trace holds no observed frame.
  public var deviceJerk: OffsetJerk?

  /// A summary of `model` and `device`'s predictor jank and jerk.
  public init(
    model: PredictorJank, device: PredictorJank?, modelJerk: OffsetJerk = OffsetJerk(),
    deviceJerk: OffsetJerk? = nil
  ) {
    self.model = model
    self.device = device
    self.modelJerk = modelJerk
    self.deviceJerk = deviceJerk
  }
}
