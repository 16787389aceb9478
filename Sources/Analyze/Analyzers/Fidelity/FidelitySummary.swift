// scrolltrace — the model against the device, as the report holds it.

import Replay
public import TraceCore

/// How far a replay's model is from the device it was recorded on (``FidelityAnalyzer``):
/// offset errors, the first frame where they part, and each rest and settle time on both sides.
public struct FidelitySummary: Sendable, Hashable {
  /// Frames whose error exceeds this part, in points.
  public var threshold: Double
  /// Observed frames with the device's offset: the frames compared.
  public var frames: Int
  /// The distance between the model's offset and the device's, over the frames compared, in
  /// points (percentiles to 3 significant digits; the maximum and mean exact).
  public var offsetError: Errors
  /// Frames whose error exceeds the threshold.
  public var divergedFrames: Int
  /// The first frame whose error exceeds the threshold.
  public var firstDivergence: Divergence?
  /// The settles compared, in order (at most the event limit).
  public var settles: [Settle]
  /// Settles compared but not listed.
  public var settlesOmitted: Int
  /// Every settle compared.
  public var settleCount: Int
  /// The largest distance between the model's and the device's resting offsets, in points.
  public var worstRestDistance: Double
  /// The settle-time difference largest in magnitude, device minus model, in nanoseconds.
  public var worstSettleTimeDifference: Int64

  /// Percentiles of the offset error, in points.
  public struct Errors: Sendable, Hashable {
    /// The median.
    public var p50: Double
    /// The 99th percentile.
    public var p99: Double
    /// The largest.
    public var max: Double
    /// The mean.
    public var mean: Double
  }
}

extension FidelitySummary {
  /// What happened to the scroll view at a frame: what a divergence or a settle is named after.
  public struct Happening: Sendable, Hashable {
    /// The kind of happening.
    public enum Kind: String, Sendable, Hashable {
      /// A finger came down.
      case touchDown
      /// The last finger lifted.
      case release
      /// A viewport change: a resize or rotation, or new safe-area insets.
      case resize
      /// A change of content size, inset or adjustment behaviour.
      case contentChange
      /// A new scene.
      case sceneChange
      /// An edit of the scene.
      case sceneEdit
      /// A programmatic scroll.
      case programmaticScroll
    }

    /// What happened.
    public var kind: Kind
    /// The frame it happened before.
    public var frame: Int64
    /// That frame's time, in nanoseconds on the trace's clock.
    public var time: Int64

    /// What happened before `frame`, given whether a finger was down at the previous frame.
    ///
    /// `nil` when nothing did. Of several, the first of: touch down, release, resize, content
    /// change, scene, edit, programmatic scroll.
    init?(_ frame: borrowing ReplayFrame, wasTracking: Bool) {
      let kind: Kind
      if frame.isTracking, !wasTracking {
        kind = .touchDown
      } else if !frame.isTracking, wasTracking {
        kind = .release
      } else if frame.events.contains(.resize) {
        kind = .resize
      } else if frame.events.contains(.contentChange) {
        kind = .contentChange
      } else if frame.events.contains(.sceneChange) {
        kind = .sceneChange
      } else if frame.events.contains(.sceneEdit) {
        kind = .sceneEdit
      } else if frame.events.contains(.programmaticScroll) {
        kind = .programmaticScroll
      } else {
        return nil
      }
      self.kind = kind
      self.frame = frame.index
      self.time = frame.time
    }
  }

  /// The first frame where the model and the device part.
  public struct Divergence: Sendable, Hashable {
    /// The frame.
    public var frame: Int64
    /// Its time, in nanoseconds on the trace's clock.
    public var time: Int64
    /// The distance between the two offsets, in points.
    public var error: Double
    /// The model's offset, in points.
    public var model: Point
    /// The device's offset, in points.
    public var device: Point
    /// The latest happening at or before the frame; `nil` when none came before it.
    public var after: Happening?
  }

  /// One settle, device against model: from what set the content moving to where and when each
  /// side came to rest.
  public struct Settle: Sendable, Hashable {
    /// When the episode started (its happening's frame time), nanoseconds.
    public var start: Int64
    /// What started it.
    public var cause: Happening.Kind
    /// Where and when the model came to rest; `nil` when it still moved at the episode's end.
    public var modelRest: Rest?
    /// Where and when the device came to rest; `nil` when it still moved at the episode's end.
    public var deviceRest: Rest?
    /// The distance between the two resting offsets, in points, when both rested.
    public var distance: Double?
    /// The device's settle time minus the model's, in nanoseconds, when both rested.
    public var settleTimeDifference: Int64?

    /// A resting position.
    public struct Rest: Sendable, Hashable {
      /// When the side came to rest, nanoseconds on the trace's clock.
      public var time: Int64
      /// Its offset, in points.
      public var offset: Point
    }
  }
}
