// scrolltrace — a share of janky frames as Chrome reports one: over all, and per window of 64.

/// Frames judged and the janky ones among them, over all and per fixed window.
///
/// A window is ``windowSize`` frames, as Chrome's scroll-jank histograms count them: both its
/// delayed-frames and its predictor-jank percentages are emitted every 64 frames
/// (`kHistogramEmitFrequency` in `cc/metrics/scroll_jank_dropped_frame_tracker.cc`,
/// `total_frames_ >= 64` in `cc/metrics/predictor_jank_tracker.cc`). A window left incomplete is not a window.
public struct JankyShare: Sendable, Hashable {
  /// Frames in a window.
  public static let windowSize = 64

  /// Frames judged.
  public private(set) var frames = 0
  /// Janky frames among them.
  public private(set) var janky = 0
  /// Complete windows.
  public private(set) var windows = 0
  /// The largest janky share of a complete window, in percent (0 without one).
  public private(set) var worstWindowPercentage = 0.0
  private var windowFrames = 0
  private var windowJanky = 0

  /// No frames yet.
  public init() {}

  /// Janky frames over frames judged, in percent (0 without one).
  public var percentage: Double { frames > 0 ? 100 * Double(janky) / Double(frames) : 0 }

  /// Counts a frame judged, janky or not.
  public mutating func record(isJanky: Bool) {
    frames += 1
    windowFrames += 1
    if isJanky {
      janky += 1
      windowJanky += 1
    }
    guard windowFrames == Self.windowSize else { return }
    windows += 1
    worstWindowPercentage = max(
      worstWindowPercentage, 100 * Double(windowJanky) / Double(windowFrames))
    windowFrames = 0
    windowJanky = 0
  }

  /// Adds another series' counts (its incomplete window is not carried over).
  public mutating func merge(_ other: JankyShare) {
    frames += other.frames
    janky += other.janky
    windows += other.windows
    worstWindowPercentage = max(worstWindowPercentage, other.worstWindowPercentage)
  }
}
