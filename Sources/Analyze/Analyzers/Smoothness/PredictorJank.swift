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
  /// Frames in a window (Chrome reports after 64).
  public static let windowSize = 64

  /// Frames that moved.
  public private(set) var frames = 0
  /// Janky frames among them.
  public private(set) var janky = 0
  /// The largest janky value: a janky ratio less its threshold (0 without a janky frame).
  public private(set) var worstJankyValue = 0.0
  /// Complete windows of ``windowSize`` frames.
  public private(set) var windows = 0
  /// The largest janky share of a complete window, in percent.
  public private(set) var worstWindowPercentage = 0.0

  /// The two deltas before the next, in pixels (0: none, as Chrome's reset).
  private var previous = 0.0
  private var current = 0.0
  private var window = (frames: 0, janky: 0)

  /// No frames yet.
  public init() {}

  /// Janky frames over frames that moved, in percent (0 without one).
  public var percentage: Double { frames > 0 ? 100 * Double(janky) / Double(frames) : 0 }

  /// Takes the next frame's signed delta along the scroll's axis, in pixels; 0 ends the sequence
  /// without counting a frame.
  public mutating func record(delta: Double) {
    guard delta != 0, delta.isFinite else {
      reset()
      return
    }
    frames += 1
    window.frames += 1
    defer {
      previous = current
      current = delta
      if window.frames == Self.windowSize {
        windows += 1
        worstWindowPercentage = max(
          worstWindowPercentage, 100 * Double(window.janky) / Double(window.frames))
        window = (0, 0)
      }
    }
    let sameDirection =
      (previous > 0 && current > 0 && delta > 0) || (previous < 0 && current < 0 && delta < 0)
    guard sameDirection else { return }
    let (d1, d2, d3) = (abs(previous), abs(current), abs(delta))
    let threshold = max(d1, d2, d3) > Self.slowScrollDelta ? Self.fastThreshold : Self.slowThreshold
    let upper = d2 / max(d1, d3)
    let lower = min(d1, d3) / d2
    // Chrome reports each ratio past its threshold; one delta cannot be both above and below its
    // neighbours, so a frame counts once.
    let ratio = max(upper, lower)
    guard ratio >= threshold else { return }
    janky += 1
    window.janky += 1
    worstJankyValue = max(worstJankyValue, ratio - threshold)
  }

  /// Ends the sequence: the next two deltas are not compared (Chrome's
  /// `ResetCurrentScrollReporting`).
  public mutating func reset() {
    previous = 0
    current = 0
  }

  /// Adds another replay's frames.
  public mutating func merge(_ other: PredictorJank) {
    frames += other.frames
    janky += other.janky
    worstJankyValue = max(worstJankyValue, other.worstJankyValue)
    windows += other.windows
    worstWindowPercentage = max(worstWindowPercentage, other.worstWindowPercentage)
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.frames == b.frames && a.janky == b.janky && a.worstJankyValue == b.worstJankyValue
      && a.windows == b.windows && a.worstWindowPercentage == b.worstWindowPercentage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(frames)
    hasher.combine(janky)
  }
}
