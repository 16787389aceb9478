// scrolltrace — how far each measured figure could move in another recording of the session.

/// 95 % intervals of the measured figures, each from the frames of the recording it was measured on.
///
/// In the catalog's units: what another recording of the same session could show by chance alone.
/// `nil` where the recording has no frame to judge the figure by.
///
/// - Counts of frames (hitches among the paced frames, slow and frozen frames among the frames
///   judged for them, missed deadlines among the frames with one, frames over budget among the
///   timed ones): Wilson's interval of the share, as counts.
/// - Sums over frames (hitch time; the hitch time ratio's hitch time while scrolling, over the time
///   scrolling): the sum ± 1.96 √(Σ of each frame's square), the frames taken as independent.
/// - Percentiles of the measured frame time: the ranks a 95 % distribution-free interval gives
///   (Campbell and Gardner 1988); the largest, the five largest frames' range.
public struct MeasuredNoise: Sendable, Hashable {
  /// Hitches, a count.
  public var hitches: ClosedRange<Double>?
  /// Hitch time, in milliseconds.
  public var hitchTime: ClosedRange<Double>?
  /// The hitch time ratio, in ms/s.
  public var hitchTimeRatio: ClosedRange<Double>?
  /// Slow frames, a count.
  public var slowFrames: ClosedRange<Double>?
  /// Frozen frames, a count.
  public var frozenFrames: ClosedRange<Double>?
  /// Frames that missed the platform's deadline, a count.
  public var missedDeadlines: ClosedRange<Double>?
  /// Frames over budget, a count.
  public var framesOverBudget: ClosedRange<Double>?
  /// The measured frame time's median, 90th and 99th percentiles and largest, in milliseconds.
  public var frameTimeP50: ClosedRange<Double>?
  /// See ``frameTimeP50``.
  public var frameTimeP90: ClosedRange<Double>?
  /// See ``frameTimeP50``.
  public var frameTimeP99: ClosedRange<Double>?
  /// See ``frameTimeP50``.
  public var frameTimeMax: ClosedRange<Double>?
}

extension MeasuredFrameSummary {
  /// The 95 % intervals of the figures, from the frames they were measured over.
  public var noise: MeasuredNoise {
    func milliseconds(_ ranks: ClosedRange<Int>?) -> ClosedRange<Double>? {
      ranks.map {
        Double(frameTime.value(atRank: $0.lowerBound)) / 1e6...Double(
          frameTime.value(atRank: $0.upperBound)) / 1e6
      }
    }
    let timed = frameTime.count
    let ratio: ClosedRange<Double>? =
      scrollingTime > 0
      ? {
        let sum = SamplingInterval.sum(
          Double(scrollingHitchTime), squares: scrollingHitchTimeSquares)
        let seconds = Double(scrollingTime) / 1e9
        return sum.lowerBound / 1e6 / seconds...sum.upperBound / 1e6 / seconds
      }() : nil
    let time = SamplingInterval.sum(Double(hitchTime), squares: hitchTimeSquares)
    return MeasuredNoise(
      hitches: SamplingInterval.count(hitches, of: paced),
      hitchTime: paced > 0 ? time.lowerBound / 1e6...time.upperBound / 1e6 : nil,
      hitchTimeRatio: ratio,
      slowFrames: SamplingInterval.count(slowFrames, of: judgedForSlowness),
      frozenFrames: SamplingInterval.count(frozenFrames, of: judgedForSlowness),
      missedDeadlines: SamplingInterval.count(missedDeadlines, of: deadlineFrames),
      framesOverBudget: SamplingInterval.count(framesOverBudget, of: timed),
      frameTimeP50: milliseconds(SamplingInterval.quantileRanks(0.5, of: timed)),
      frameTimeP90: milliseconds(SamplingInterval.quantileRanks(0.9, of: timed)),
      frameTimeP99: milliseconds(SamplingInterval.quantileRanks(0.99, of: timed)),
      frameTimeMax: milliseconds(SamplingInterval.maximumRanks(of: timed)))
  }
}
