// scrolltrace — what the offset-jump analysis finds: jumps, anchor drift, the summary.

public import Replay
public import TraceCore

/// One offset jump.
public struct OffsetJump: Sendable, Hashable {
  /// The frame it shows in.
  public var frame: Int64
  /// When that frame is presented, in nanoseconds on the trace's clock.
  public var time: Int64
  /// How far the content moved on screen beyond what the input explains, in points.
  public var size: Double
  /// That movement per axis, in points (positive: the content moved right or down on screen).
  public var contentMovement: Point
  /// The offset's change beyond the input's, in points (zero when the layout moved instead).
  public var offsetChange: Point
  /// What happened since the previous frame.
  public var cause: Cause
  /// The item the content was anchored on, if any.
  public var anchor: (section: Int, index: Int)?

  public static func == (a: Self, b: Self) -> Bool {
    a.frame == b.frame && a.time == b.time && a.size == b.size
      && a.contentMovement == b.contentMovement
      && a.offsetChange == b.offsetChange && a.cause == b.cause
      && a.anchor?.section == b.anchor?.section
      && a.anchor?.index == b.anchor?.index
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(frame)
    hasher.combine(size)
  }

  /// What the trace did before a jump: the first that applies of a resize, a keyboard change, a
  /// content change, a new scene and a scene edit; otherwise the engine's own layout moved the content.
  public enum Cause: String, Sendable, Hashable {
    /// A viewport change (resize, rotation, safe area).
    case resize
    /// A change of content size, inset or adjustment behaviour.
    case contentChange
    /// A new scene.
    case sceneChange
    /// An edit of the scene.
    case sceneEdit
    /// Nothing in the trace: the engine moved the content while laying out.
    case engineLayout
    /// The keyboard's frame changed (format 1.5), and with it the bottom inset.
    case keyboard

    /// The cause for a frame that followed `events`.
    public init(_ events: FrameEvents) {
      if events.contains(.resize) {
        self = .resize
      } else if events.contains(.keyboard) {
        self = .keyboard
      } else if events.contains(.contentChange) {
        self = .contentChange
      } else if events.contains(.sceneChange) {
        self = .sceneChange
      } else if events.contains(.sceneEdit) {
        self = .sceneEdit
      } else {
        self = .engineLayout
      }
    }
  }
}

/// How far a resize moved the content under the viewport's centre.
public struct AnchorDrift: Sendable, Hashable {
  /// The first frame at the new size.
  public var frame: Int64
  /// When it is presented, in nanoseconds on the trace's clock.
  public var time: Int64
  /// The bounds size before, in points.
  public var from: Size
  /// The bounds size after, in points.
  public var to: Size
  /// Where the content point that was at the centre is now, relative to the centre, per axis,
  /// beyond what the input explains, in points.
  public var drift: Point
  /// Its length, in points.
  public var distance: Double
  /// The item the centre was on, if any.
  public var anchor: (section: Int, index: Int)?

  public static func == (a: Self, b: Self) -> Bool {
    a.frame == b.frame && a.time == b.time && a.from == b.from && a.to == b.to && a.drift == b.drift
      && a.distance == b.distance && a.anchor?.section == b.anchor?.section
      && a.anchor?.index == b.anchor?.index
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(frame)
    hasher.combine(distance)
  }
}

/// A replay's offset jumps and resize anchor drifts.
///
/// Lengths are in points.
public struct OffsetJumpSummary: Sendable, Hashable {
  /// The threshold a jump exceeds, in points.
  public var threshold: Double
  /// Jumps.
  public var count: Int
  /// The largest jump, in points (0 without jumps).
  public var largest: Double
  /// The jumps' sizes added up, in points.
  public var totalDistance: Double
  /// The first jumps, in order.
  public var jumps: [OffsetJump]
  /// Jumps counted but not listed.
  public var jumpsOmitted: Int
  /// Resizes seen.
  public var resizes: Int
  /// The largest anchor drift at a resize, in points.
  public var worstAnchorDrift: Double
  /// The first resizes' anchor drifts, in order.
  public var anchorDrifts: [AnchorDrift]
  /// Resizes counted but not listed.
  public var anchorDriftsOmitted: Int
}
