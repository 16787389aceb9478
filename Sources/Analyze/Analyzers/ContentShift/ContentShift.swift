// scrolltrace — one content shift, one fling slowed by an update, and their summary.

public import Replay
public import TraceCore

/// One content shift: the content looked at moved on screen beyond what the input explains.
public struct ContentShift: Sendable, Hashable {
  /// The frame it shows in.
  public var frame: Int64
  /// When that frame is presented, in nanoseconds on the trace's clock.
  public var time: Int64
  /// How far the content moved beyond what the input explains, in points.
  public var size: Double
  /// That movement per axis, in points (positive: the content moved right or down on screen).
  public var movement: Point
  /// What happened since the previous frame.
  public var cause: Cause
  /// The identity of the item followed.
  public var item: Int
  /// Whether a finger was down: the content moved under it.
  public var whileTracking: Bool

  /// What moved the content: the first that applies of a resize, a keyboard change, an inset or
  /// content change, a new scene, a batch update, `reloadData` and another edit; otherwise the layout moved it while
  /// laying out, as it does when items resolve their sizes.
  public enum Cause: String, Sendable, Hashable, CaseIterable {
    /// A viewport change (resize, rotation, safe area).
    case resize
    /// A change of content inset, content size or adjustment behaviour.
    case insetChange
    /// A new scene.
    case sceneChange
    /// A batch update.
    case batchUpdate
    /// `reloadData`: every size back to its estimate.
    case reloadData
    /// Another edit: an insert, delete or resize of one item.
    case sceneEdit
    /// No event: the layout moved the content while laying out — items resolving their sizes.
    case sizeResolved
    /// The keyboard's frame changed (format 1.5), and with it the bottom inset.
    case keyboard

    /// The cause for a frame that followed `events`.
    public init(_ events: FrameEvents) {
      self = Self.byPrecedence.first { events.contains($0.event) }?.cause ?? .sizeResolved
    }

    /// The events that name a cause, first the one that wins.
    private static let byPrecedence: [(event: FrameEvents, cause: Cause)] = [
      (.resize, .resize), (.keyboard, .keyboard), (.contentChange, .insetChange),
      (.sceneChange, .sceneChange),
      (.batchUpdate, .batchUpdate), (.reloadData, .reloadData), (.sceneEdit, .sceneEdit),
    ]
  }
}

/// A fling slowed by an update that arrived while the content decelerated.
public struct FlingVelocityLoss: Sendable, Hashable {
  /// The first frame after the update.
  public var frame: Int64
  /// When it is presented, in nanoseconds.
  public var time: Int64
  /// The speed the deceleration alone would have had, in points per second.
  public var expected: Double
  /// The speed the content had, in points per second.
  public var after: Double
  /// What the update took: `expected − after`, in points per second.
  public var lost: Double
  /// The update.
  public var cause: ContentShift.Cause
}

/// A replay's content shifts and the speed flings lost at updates.
///
/// Lengths are in points, speeds in points per second.
public struct ContentShiftSummary: Sendable, Hashable {
  /// The shifts of one cause.
  public struct CauseTotal: Sendable, Hashable {
    /// The cause.
    public var cause: ContentShift.Cause
    /// Shifts it caused.
    public var count: Int
    /// Their sizes added up, in points.
    public var totalDistance: Double
  }

  /// The threshold a shift exceeds, in points.
  public var threshold: Double
  /// Shifts.
  public var count: Int
  /// The largest shift, in points (0 without shifts).
  public var largest: Double
  /// The shifts' sizes added up, in points.
  public var totalDistance: Double
  /// Shifts while a finger was down.
  public var whileTracking: Int
  /// Shifts per cause, causes in ``ContentShift/Cause`` order, those with none left out.
  public var byCause: [CauseTotal]
  /// The first shifts, in order.
  public var shifts: [ContentShift]
  /// Shifts counted but not listed.
  public var shiftsOmitted: Int
  /// Updates that arrived while the content decelerated.
  public var updatesMidFling: Int
  /// The most speed an update took from a fling, in points per second (0 when none).
  public var largestVelocityLost: Double
  /// The first losses, in order.
  public var velocityLosses: [FlingVelocityLoss]
  /// Losses counted but not listed.
  public var velocityLossesOmitted: Int
  /// Times the list rested at the bottom of its content and a change the input does not explain
  /// left it above: a message that arrived below, a last message that shrank and took the list
  /// with it.
  public var leftBottom: Int
  /// The farthest above the bottom such a change left the list, in points (0 when none did).
  public var largestBottomGap: Double
  /// The first of those times, in order.
  public var bottomLeaves: [BottomLeave]
}

/// A list resting at the bottom of its content left above it by a change the input does not
/// explain.
public struct BottomLeave: Sendable, Hashable {
  /// The frame's index.
  public var frame: Int64
  /// The frame's time, in nanoseconds.
  public var time: Int64
  /// How far above the bottom the list was left, in points.
  public var gap: Double
  /// What changed: the frame's events, as for a shift.
  public var cause: ContentShift.Cause
}
