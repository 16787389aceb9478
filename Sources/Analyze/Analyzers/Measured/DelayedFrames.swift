// scrolltrace — Chrome's delayed frames while scrolling ("scroll jank v3"), on measured frames.

/// Chrome's delayed frames ("scroll jank v3") over the frames a device presented while scrolling.
///
/// A frame is **delayed** when it reached the display more than one and a half refresh intervals
/// after the frame before it while input was waiting
/// (`cc/metrics/scroll_jank_dropped_frame_tracker.cc`, `missed_frame` and `input_available`; the
/// same rule as Perfetto's `chrome.scroll_jank.scroll_jank_v3`). Chrome reports the delayed share
/// per fixed window of 64 presented frames (``JankyShare``) and per scroll; `missedVsyncs` counts
/// the refreshes they missed, each delay less half an interval, in whole intervals.
///
/// A recording has no input timestamps per frame, so input waits while the device scrolls: a
/// finger down (its touches arrive every refresh) or the content moving (an animation asks for
/// every frame). A frame that does not scroll ends the scroll; the first frame of a scroll has no
/// frame before it and is not judged.
public struct DelayedFrames: Sendable, Hashable {
  /// Judged frames (presented while scrolling, after another frame of the same scroll) and the
  /// delayed ones among them, over all and per window of 64.
  public private(set) var share = JankyShare()
  /// Refreshes the delayed frames missed: `(Δ − interval / 2) / interval`, in whole intervals, in
  /// all.
  public private(set) var missedVsyncs: Int64 = 0
  /// Scrolls with at least one judged frame.
  public private(set) var scrolls = 0
  /// The largest share of delayed frames in one scroll, in percent (0 without one).
  public private(set) var worstScrollPercentage = 0.0

  /// The previous scrolling frame's presentation, in nanoseconds; `nil` outside a scroll.
  private var previousPresentation: Int64?
  /// The scroll under way's judged and delayed frames.
  private var scroll = JankyShare()

  /// No frames yet.
  public init() {}

  /// Frames judged: presented while scrolling, after another frame of the same scroll.
  public var presented: Int { share.frames }
  /// Judged frames presented more than 1.5 intervals after the frame before them.
  public var delayed: Int { share.janky }
  /// Delayed frames over all judged frames, in percent (0 without one).
  public var percentage: Double { share.percentage }
  /// Complete windows of ``JankyShare/windowSize`` judged frames.
  public var windows: Int { share.windows }
  /// The largest share of delayed frames in a complete window, in percent (0 without one).
  public var worstWindowPercentage: Double { share.worstWindowPercentage }

  /// Notes a frame presented at `presentation` (nanoseconds) with refresh interval `interval`
  /// (nanoseconds, positive), while scrolling or not.
  public mutating func record(presentation: Int64, interval: Int64, scrolling: Bool) {
    guard scrolling else {
      endScroll()
      return
    }
    defer { previousPresentation = presentation }
    guard let previous = previousPresentation, interval > 0 else { return }
    let delta = presentation.subtractingReportingOverflow(previous).partialValue
    // Out of order: Chrome leaves such a frame out ("OutOfOrderTerminatedFrame").
    guard delta > 0 else { return }
    let isDelayed = delta > interval + interval / 2
    share.record(isJanky: isDelayed)
    scroll.record(isJanky: isDelayed)
    if isDelayed { missedVsyncs &+= (delta - interval / 2) / interval }
  }

  /// Ends the scroll in progress (a frame at rest, or the end of the trace).
  public mutating func endScroll() {
    previousPresentation = nil
    guard scroll.frames > 0 else { return }
    scrolls += 1
    worstScrollPercentage = max(worstScrollPercentage, scroll.percentage)
    scroll = JankyShare()
  }

  /// Adds another trace's frames (its scroll ended).
  public mutating func merge(_ other: DelayedFrames) {
    var other = other
    other.endScroll()
    share.merge(other.share)
    missedVsyncs &+= other.missedVsyncs
    scrolls += other.scrolls
    worstScrollPercentage = max(worstScrollPercentage, other.worstScrollPercentage)
  }
}
