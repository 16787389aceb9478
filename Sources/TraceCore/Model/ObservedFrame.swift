// scrolltrace — what the device displayed at one frame (format 1.2; 1.3 adds presentation times,
// frame-timing records and outliers; 1.7 the platform's deadline).

/// One frame as the device displayed it: when its work began, when it was to be and was
/// displayed, what the real scroll view showed and how long the app worked for it (format 1.2,
/// event kind 9; the optional fields are format 1.3's).
///
/// The event's timestamp is the vsync the frame's work began from: the display link's `timestamp`
/// on iOS, the time the previous frame was displayed (Apple's `CADisplayLink.timestamp`,
/// https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp), or a frame's
/// `IntendedVsync` in Android's `dumpsys gfxinfo … framestats`; in nanoseconds on the trace's
/// clock. A frame tick at that time drives the replay, so a recording replays frame for frame with
/// the device, dropped frames included.
public struct ObservedFrame: Sendable, Hashable {
  /// Where an observation comes from, which says what a gap between two of them means.
  public enum Source: UInt8, Sendable, Hashable, CaseIterable {
    /// A display-link callback (the iOS recorder): one per refresh while the main thread keeps up,
    /// so a gap is a missed callback, and the next observation's timestamp is when this frame was
    /// displayed.
    case displayLink = 0
    /// A platform's record of a frame the app rendered (Android's framestats): one per frame drawn,
    /// none while nothing changes, so a gap says nothing; the record gives its own presentation
    /// time, when it has one.
    case frameTimeline = 1
  }

  /// When the frame being prepared is to be displayed, in nanoseconds on the trace's clock.
  ///
  /// At or after the event's timestamp (`CADisplayLink.targetTimestamp`,
  /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp; for an
  /// Android frame, the next vsync, its deadline). Its distance from the timestamp is the display's
  /// refresh interval at the frame.
  public var targetTimestamp: Int64
  /// When the frame reached the display, in nanoseconds on the trace's clock, where reported.
  ///
  /// Android reports it (`DisplayPresentTime`); `nil` otherwise. A display link does not report
  /// it: the next callback's timestamp is when the frame was displayed. Format 1.3.
  public var presentationTimestamp: Int64?
  /// The real scroll view's `contentOffset` at the frame, in points: on iOS, what the pass that
  /// holds the callback committed for display at ``targetTimestamp``.
  ///
  /// `nil` where the device reported the frame's timing only (Android's framestats). Format 1.3
  /// allows `nil`.
  public var contentOffset: Point?
  /// The real scroll view's `contentSize` at the frame, in points; `nil` with
  /// ``contentOffset``.
  public var contentSize: Size?
  /// How long the app worked for the frame, in nanoseconds; `nil` when nothing measured it.
  ///
  /// On iOS, the main thread's busy time charged to the frame it delays: the time the main run
  /// loop was awake from the end of the previous frame's pass to the end of the pass that holds
  /// this frame's display-link callback, after UIKit's layout and Core Animation's commit, as the
  /// recorder's run-loop observers at both ends of each pass measured it. So the input handling
  /// before the callback, the callback, and the layout and commit after it count for this frame,
  /// never for the next (docs/recording.md, "Frames, busy time and the run loop"). On Android, the
  /// frame's total time (`FrameCompleted − IntendedVsync`).
  public var busyDuration: Int64?
  /// Where the observation comes from: a display link (the default) or a frame-timing record.
  ///
  /// Format 1.3.
  public var source: Source
  /// Whether the platform marked the frame as an outlier that frame-pacing figures leave out.
  ///
  /// Android's non-zero `Flags`: a window's first frame or a layout change, which Android's
  /// guidance excludes from jank. It still drives a replay frame. Format 1.3.
  public var isOutlier: Bool
  /// The platform's own account of the frame against its deadline, where it gives one.
  ///
  /// Android 12 and later (framestats' `FrameDeadline`): how far the frame's work ended past the
  /// deadline, and whether Android's jank tracker called it janky. `nil` elsewhere (a display
  /// link has no deadline of the platform's). Format 1.7.
  public var deadline: Deadline?

  /// A frame measured against the deadline its platform gave it.
  public struct Deadline: Sendable, Hashable {
    /// When the frame's work ended less its deadline, in nanoseconds.
    ///
    /// Positive for a frame that missed it, negative for one that ended early. Jetpack
    /// Macrobenchmark's `frameOverrunMs`: the end of the frame's actual timeline less the end of
    /// its expected one (androidx `FrameTimingQuery.kt`); from framestats, `GpuCompleted` (else
    /// `FrameCompleted`) less `FrameDeadline`.
    public var overrun: Int64
    /// Whether the platform called the frame janky for missing its deadline: Android's
    /// `JankTracker` ("Missed Deadline", `dumpsys gfxinfo`'s "Janky frames"), which allows one
    /// refresh more while the buffer queue is stuffed (AOSP `frameworks/base`
    /// `libs/hwui/JankTracker.cpp`).
    public var isMissed: Bool

    /// A frame that ended `overrun` nanoseconds past its deadline, judged janky or not.
    public init(overrun: Int64, isMissed: Bool) {
      self.overrun = overrun
      self.isMissed = isMissed
    }
  }

  /// Creates an observation.
  ///
  /// - Parameters:
  ///   - targetTimestamp: when the frame is to be displayed, in nanoseconds.
  ///   - contentOffset: the scroll view's content offset, in points; `nil` when not observed.
  ///   - contentSize: the scroll view's content size, in points; `nil` when not observed.
  ///   - busyDuration: the app's work for the frame, in nanoseconds.
  ///   - presentationTimestamp: when the frame reached the display, in nanoseconds, where known.
  ///   - source: where the observation comes from.
  ///   - isOutlier: whether the platform marked the frame as an outlier.
  ///   - deadline: the platform's account of the frame against its deadline.
  public init(
    targetTimestamp: Int64, contentOffset: Point?, contentSize: Size?, busyDuration: Int64? = nil,
    presentationTimestamp: Int64? = nil, source: Source = .displayLink, isOutlier: Bool = false,
    deadline: Deadline? = nil
  ) {
    self.deadline = deadline
    self.targetTimestamp = targetTimestamp
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.busyDuration = busyDuration
    self.presentationTimestamp = presentationTimestamp
    self.source = source
    self.isOutlier = isOutlier
  }

  /// Whether the observation holds the scroll view's geometry (its offset and size).
  public var hasGeometry: Bool { contentOffset != nil && contentSize != nil }
}

extension ObservedFrame.Source {
  /// The source's name in dumps and reports: `displayLink` or `frameTimeline`.
  public var name: String {
    switch self {
    case .displayLink: "displayLink"
    case .frameTimeline: "frameTimeline"
    }
  }
}
