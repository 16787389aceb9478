// scrolltrace — Chrome's delayed frames while scrolling ("scroll jank v3"), on measured frames.

/// Chrome's delayed frames ("scroll jank v3") over the frames a device presented while scrolling.
///
/// A frame is **delayed** when it reached the display more than one and a half refresh intervals after the
/// frame before it while input was waiting (`cc/metrics/scroll_jank_dropped_frame_tracker.cc`,
/// `missed_frame` and `input_available`; the same rule as Perfetto's
/// `chrome.scroll_jank.scroll_jank_v3`). Chrome reports the delayed share per fixed window of 64
/// presented frames and per scroll; `missedVsyncs` counts the refreshes they missed, each delay
/// less half an interval, in whole intervals.
///
/// A recording has no input timestamps per frame, so input waits while the device scrolls: a
/// finger down (its touches arrive every refresh) or the content moving (an animation asks for
/// every frame). A frame that does not scroll ends the scroll; the first frame of a scroll has no
/// frame before it and is not judged.
public struct DelayedFrames: Sendable, Hashable {
  /// Frames in a fixed window, as Chrome's `kHistogramEmitFrequency`.
  public static let windowSize = 64

  /// Frames judged: presented while scrolling, after another frame of the same scroll.
  public private(set) var presented = 0
  /// Judged frames presented more than 1.5 intervals after the frame before them.
  public private(set) var delayed = 0
  /// Refreshes the delayed frames missed: `(Δ − interval / 2) / interval`, in whole intervals, in
  /// all.
  public private(set) var missedVsyncs: Int64 = 0
  /// Complete windows of ``windowSize`` judged frames.
  public private(set) var windows = 0
  /// The largest share of delayed frames in a complete window, in percent (0 without one).
  public private(set) var worstWindowPercentage = 0.0
  /// Scrolls with at least one judged frame.
  public private(set) var scrolls = 0
  /// The largest share of delayed frames in one scroll, in percent (0 without one).
  public private(set) var worstScrollPercentage = 0.0

  /// The previous scrolling frame's presentation, in nanoseconds; `nil` outside a scroll.
  private var previousPresentation: Int64?
  private var window = (presented: 0, delayed: 0)
  private var scroll = (presented: 0, delayed: 0)

  /// No frames yet.
  public init() {}

  /// Delayed frames over all judged frames, in percent (0 without one).
  public var percentage: Double { presented > 0 ? 100 * Double(delayed) / Double(presented) : 0 }

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
    presented += 1
    window.presented += 1
    scroll.presented += 1
    if isDelayed {
      delayed += 1
      window.delayed += 1
      scroll.delayed += 1
      missedVsyncs &+= (delta - interval / 2) / interval
    }
    if window.presented == Self.windowSize {
      windows += 1
      worstWindowPercentage = max(worstWindowPercentage, Self.percent(window))
      window = (0, 0)
    }
  }

  /// Ends the scroll in progress (a frame at rest, or the end of the trace).
  public mutating func endScroll() {
    previousPresentation = nil
    guard scroll.presented > 0 else { return }
    scrolls += 1
    worstScrollPercentage = max(worstScrollPercentage, Self.percent(scroll))
    scroll = (0, 0)
  }

  /// Adds another trace's frames (its scroll ended).
  public mutating func merge(_ other: DelayedFrames) {
    var other = other
    other.endScroll()
    presented += other.presented
    delayed += other.delayed
    missedVsyncs &+= other.missedVsyncs
    windows += other.windows
    worstWindowPercentage = max(worstWindowPercentage, other.worstWindowPercentage)
    scrolls += other.scrolls
    worstScrollPercentage = max(worstScrollPercentage, other.worstScrollPercentage)
  }

  private static func percent(_ counts: (presented: Int, delayed: Int)) -> Double {
    100 * Double(counts.delayed) / Double(counts.presented)
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.presented == b.presented && a.delayed == b.delayed && a.missedVsyncs == b.missedVsyncs
      && a.windows == b.windows && a.worstWindowPercentage == b.worstWindowPercentage
      && a.scrolls == b.scrolls && a.worstScrollPercentage == b.worstScrollPercentage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(presented)
    hasher.combine(delayed)
    hasher.combine(missedVsyncs)
  }
}
