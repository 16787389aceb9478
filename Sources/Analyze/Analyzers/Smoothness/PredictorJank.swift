// scrolltrace — Chrome's predictor jank: an irregular step in three consecutive scroll deltas.

/// Chrome's predictor jank over the distances a scroll moved frame by frame
/// (`cc/metrics/predictor_jank_tracker.cc`).
///
/// Three consecutive deltas `d1, d2, d3` in one direction are compared by their magnitudes: the
/// middle frame is janky when it moved at least `threshold` times more than the larger of its
/// neighbours (`d2 / max(d1, d3)`), or at least `threshold` times less than the smaller
/// (`min(d1, d3) / d2`). The threshold is 1.4 while the largest of the three is at most 7 pixels
/// and 1.2 above (Chrome's `kSlowJankyThreshold`, `kFastJankyThreshold`, `kScrollDeltaThreshold`:
/// the ratio at which, in Chrome's experiment, the eye notices). Three deltas that are not all in
/// one direction are not compared. A janky frame's **janky value** is by how much its ratio passed
/// the threshold.
///
/// Each delta is a frame that moved; a frame that did not move ends the sequence (Chrome sees
/// scroll updates only, and resets at a scroll's end). Chrome reports the janky share per 64
/// frames (`Event.Jank.PredictorJankyFramePercentage2`); ``worstWindowPercentage`` is the worst
/// complete window. Deltas are in pixels: points times the screen's scale.
public struct PredictorJank: Sendable, Hashable {
  /// The largest delta of a slow scroll, in pixels (`kScrollDeltaThreshold`).
  public static let slowScrollDelta = 7.0
  /// The ratio that is janky in a slow scroll (`kSlowJankyThreshold`).
  public static let slowThreshold = 1.4
  /// The ratio that is janky in a fast scroll (`kFastJankyThreshold`).
  public static let fastThreshold = 1.2
  /// The frames that moved and the janky ones, over all and per window of 64 (Chrome reports
  /// after 64).
  public private(set) var share = JankyShare()
  /// The largest janky value: a janky ratio less its threshold (0 without a janky frame).
  public private(set) var worstJankyValue = 0.0

  /// The two deltas before the next, in pixels (0: none, as Chrome's reset).
  private var previous = 0.0
  private var current = 0.0

  /// No frames yet.
  public init() {}

  /// Frames that moved.
  public var frames: Int { share.frames }
  /// Janky frames among them.
  public var janky: Int { share.janky }
  /// Janky frames over frames that moved, in percent (0 without one).
  public var percentage: Double { share.percentage }
  /// Complete windows of ``JankyShare/windowSize`` frames.
  public var windows: Int { share.windows }
  /// The largest janky share of a complete window, in percent.
  public var worstWindowPercentage: Double { share.worstWindowPercentage }

  /// Takes the next frame's signed delta along the scroll's axis, in pixels; 0 ends the sequence
  /// without counting a frame.
  public mutating func record(delta: Double) {
    guard delta != 0, delta.isFinite else {
      reset()
      return
    }
    defer {
      previous = current
      current = delta
    }
    let sameDirection =
      (previous > 0 && current > 0 && delta > 0) || (previous < 0 && current < 0 && delta < 0)
    guard sameDirection else { return share.record(isJanky: false) }
    let (d1, d2, d3) = (abs(previous), abs(current), abs(delta))
    let threshold = max(d1, d2, d3) > Self.slowScrollDelta ? Self.fastThreshold : Self.slowThreshold
    // Chrome reports each ratio past its threshold; one delta cannot be both above and below its
    // neighbours, so a frame counts once.
    let ratio = max(d2 / max(d1, d3), min(d1, d3) / d2)
    let isJanky = ratio >= threshold
    share.record(isJanky: isJanky)
    if isJanky { worstJankyValue = max(worstJankyValue, ratio - threshold) }
  }

  /// Ends the sequence: the next two deltas are not compared (Chrome's
  /// `ResetCurrentScrollReporting`).
  public mutating func reset() {
    previous = 0
    current = 0
  }

  /// Adds another replay's frames.
  public mutating func merge(_ other: PredictorJank) {
    share.merge(other.share)
    worstJankyValue = max(worstJankyValue, other.worstJankyValue)
  }
}
