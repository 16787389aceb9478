// scrolltrace — the model against the device: where the replay's offset and the recording's part.

public import Replay
import TraceCore

/// Compares, frame by frame, the model's content offset with the one the device observed
/// (format 1.2's observed frames): how far apart they are, where they first part by more than a
/// threshold and what happened just before, and each rest and settle time on both sides.
///
/// The device's offset at an observation is `contentOffset` read in the display-link callback; the
/// model's is the replayed frame's at the same timestamp. UIKit does not document whether a scroll
/// view's own animation has stepped for that vsync when the callback reads it: a one-frame lag
/// shows as an error of one frame's motion (velocity × interval) while the content moves, and none
/// at rest.
///
/// **Rests.** An episode starts at what sets the content moving without a finger — a release, a
/// resize, a content change, a scene or an edit, a programmatic scroll — and ends at the next one
/// or a touch down. In it, the model rests from the frame from which it stays at rest, the device
/// from the observation from which its offset no longer changes; each episode is one
/// ``FidelitySummary/Settle``: both resting offsets, how far apart, and both settle times from the
/// episode's start.
public struct FidelityAnalyzer: FrameAnalyzer {
  /// Frames whose error exceeds this part, in points.
  public let threshold: Double
  private var errors = RecordedDistances()
  private var divergedFrames = 0
  private var firstDivergence: FidelitySummary.Divergence?
  private var settles: CappedEvents<FidelitySummary.Settle>
  private var worstRestDistance = 0.0
  private var worstSettleDifference: Int64 = 0
  private var happening: FidelitySummary.Happening?
  private var wasTracking = false
  private var episode: Episode?

  /// The episode under way.
  private struct Episode: Sendable {
    var start: FidelitySummary.Happening
    /// The model at rest since then (time, offset), while it stays at rest.
    var modelRest: (time: Int64, offset: Point)?
    /// The device's offset since then, and how many observations in a row showed it.
    var deviceStill: (time: Int64, offset: Point, observations: Int)?
  }

  /// An analyzer counting frames whose error exceeds `threshold` points, listing at most
  /// `eventLimit` settles.
  public init(threshold: Double, eventLimit: Int) {
    self.threshold = threshold
    settles = CappedEvents(limit: eventLimit)
  }

  public mutating func consume(_ frame: ReplayFrame) {
    // Most frames start nothing: no event, and a finger still down or still up.
    if !frame.events.isEmpty || frame.isTracking != wasTracking {
      let now = FidelitySummary.Happening(frame, wasTracking: wasTracking)
      wasTracking = frame.isTracking
      if let now {
        happening = now
        closeEpisode()
        if now.kind != .touchDown, !frame.isTracking { episode = Episode(start: now) }
      }
    }
    if episode != nil { followModel(frame) }
    guard let observed = frame.observed, let device = observed.contentOffset else { return }
    let error = frame.contentOffset.distance(to: device)
    errors.record(error)
    if !(error <= threshold) {
      divergedFrames += 1
      if firstDivergence == nil {
        firstDivergence = FidelitySummary.Divergence(
          frame: frame.index, time: frame.time, error: error, model: frame.contentOffset,
          device: device, after: happening)
      }
    }
    if episode != nil { followDevice(device, at: frame.time) }
  }

  private mutating func followModel(_ frame: ReplayFrame) {
    if frame.isAtRest {
      if episode?.modelRest == nil { episode?.modelRest = (frame.time, frame.contentOffset) }
    } else if episode?.modelRest != nil {
      episode?.modelRest = nil
    }
  }

  private mutating func followDevice(_ offset: Point, at time: Int64) {
    if let still = episode?.deviceStill, still.offset == offset {
      episode?.deviceStill?.observations += 1
    } else {
      episode?.deviceStill = (time, offset, 1)
    }
  }

  /// Ends the episode under way: a comparison when either side came to rest in it.
  private mutating func closeEpisode() {
    guard let episode else { return }
    self.episode = nil
    // The device rests once its offset held for two observations in a row.
    let device = episode.deviceStill.flatMap { $0.observations >= 2 ? ($0.time, $0.offset) : nil }
    let model = episode.modelRest
    guard model != nil || device != nil else { return }
    var comparison = FidelitySummary.Settle(
      start: episode.start.time, cause: episode.start.kind,
      modelRest: model.map { .init(time: $0.time, offset: $0.offset) },
      deviceRest: device.map { .init(time: $0.0, offset: $0.1) })
    if let model, let device {
      comparison.distance = model.offset.distance(to: device.1)
      comparison.settleTimeDifference =
        device.0.subtractingReportingOverflow(model.time)
        .partialValue
      worstRestDistance = max(worstRestDistance, comparison.distance ?? 0)
      if let difference = comparison.settleTimeDifference,
        difference.magnitude > worstSettleDifference.magnitude
      {
        worstSettleDifference = difference
      }
    }
    settles.append(comparison)
  }

  /// Runs hold no observation and repeat a frame at rest: its first frame tells all.
  public mutating func consume(_ run: FrameRun) { consume(run.first) }

  /// Adds another trace's comparison (for a total over traces).
  public mutating func merge(_ other: FidelityAnalyzer) {
    var other = other
    other.closeEpisode()
    errors.add(other.errors)
    divergedFrames += other.divergedFrames
    if firstDivergence == nil { firstDivergence = other.firstDivergence }
    settles.merge(other.settles)
    worstRestDistance = max(worstRestDistance, other.worstRestDistance)
    if other.worstSettleDifference.magnitude > worstSettleDifference.magnitude {
      worstSettleDifference = other.worstSettleDifference
    }
  }

  /// The comparison so far, the episode under way closed; `nil` when no observed frame held the
  /// device's offset.
  public var summary: FidelitySummary? {
    var finished = self
    finished.closeEpisode()
    guard finished.errors.count > 0 else { return nil }
    return FidelitySummary(
      threshold: threshold, frames: finished.errors.count,
      offsetError: .init(
        p50: finished.errors.percentile(50), p99: finished.errors.percentile(99),
        max: finished.errors.max, mean: finished.errors.mean),
      divergedFrames: finished.divergedFrames, firstDivergence: finished.firstDivergence,
      settles: finished.settles.events, settlesOmitted: finished.settles.omitted,
      settleCount: finished.settles.count, worstRestDistance: finished.worstRestDistance,
      worstSettleTimeDifference: finished.worstSettleDifference)
  }
}
