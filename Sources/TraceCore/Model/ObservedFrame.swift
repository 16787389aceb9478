// scrolltrace — what the device displayed at one frame (format 1.2).

/// One frame as the device displayed it: when the display link fired and what the real scroll view
/// showed (format 1.2, event kind 9).
///
/// The event's timestamp is the display link's `timestamp`, the time the previous frame was
/// displayed (Apple's `CADisplayLink.timestamp`,
/// https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp), in nanoseconds on
/// the trace's clock; a frame tick at that time drives the replay, so a recording replays frame for
/// frame with the device, dropped frames included.
public struct ObservedFrame: Sendable, Hashable {
  /// When the frame being prepared is to be displayed (`CADisplayLink.targetTimestamp`,
  /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp), in
  /// nanoseconds on the trace's clock; at or after the event's timestamp.
  public var targetTimestamp: Int64
  /// The real scroll view's `contentOffset` at the frame, in points.
  public var contentOffset: Point
  /// The real scroll view's `contentSize` at the frame, in points.
  public var contentSize: Size
  /// How long the main thread was busy for the frame, in nanoseconds, as a run-loop observer
  /// measured it; `nil` when nothing measured it.
  public var busyDuration: Int64?

  /// Creates an observation.
  ///
  /// - Parameters:
  ///   - targetTimestamp: when the frame is to be displayed, in nanoseconds.
  ///   - contentOffset: the scroll view's content offset, in points.
  ///   - contentSize: the scroll view's content size, in points.
  ///   - busyDuration: the main thread's busy time for the frame, in nanoseconds.
  public init(
    targetTimestamp: Int64, contentOffset: Point, contentSize: Size, busyDuration: Int64? = nil
  ) {
    self.targetTimestamp = targetTimestamp
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.busyDuration = busyDuration
  }
}
