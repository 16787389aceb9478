// scrolltrace — one metric of one trace, baseline against candidate.

/// One metric of one trace, baseline against candidate.
public struct MetricComparison: Sendable, Hashable {
  /// The trace's path.
  public var trace: String
  /// The metric's catalog key.
  public var metric: String
  /// Its unit.
  public var unit: String
  /// Which way is better.
  public var direction: Metric.Direction
  /// The baseline's value (the median of its samples for a host timing), nil when it has none.
  public var baseline: Double?
  /// The candidate's value.
  public var candidate: Double?
  /// What the difference means.
  public var verdict: Verdict
  /// For a host timing: the test of the samples, when both sides have at least two.
  package var test: HostTest?
  /// What the verdict judged: the values as they are, or per frame or per second of scrolling
  /// (``Metric/judgedPer``; the total when a side has no frames or no scrolling).
  public var judgedPer: Metric.Scale = .total
  /// The baseline's value in the judged scale.
  public var judgedBaseline: Double?
  /// The candidate's value in the judged scale.
  public var judgedCandidate: Double?
  /// For a figure measured on a device, the 95 % interval of the baseline's sampling noise, in the
  /// metric's unit (``Metric/noise(in:)``); nil for a modelled figure.
  public var baselineNoise: ClosedRange<Double>?
  /// The same for the candidate.
  public var candidateNoise: ClosedRange<Double>?

  /// The candidate minus the baseline.
  public var delta: Double? {
    guard let baseline, let candidate else { return nil }
    return candidate - baseline
  }

  /// The change in percent of the baseline, in the judged scale (nil when either is missing or
  /// the baseline is 0 and the candidate is not; 0 when both are 0).
  public var percent: Double? {
    guard let baseline = judgedBaseline ?? baseline, let candidate = judgedCandidate ?? candidate
    else { return nil }
    if baseline == 0 { return candidate == 0 ? 0 : nil }
    return (candidate - baseline) / abs(baseline) * 100
  }

  /// What a deterministic row's values are divided by in each scale: the trace's frames and
  /// seconds of scrolling on each side.
  struct Divisors {
    var baselineFrames: Double?
    var candidateFrames: Double?
    var baselineScrollingSeconds: Double?
    var candidateScrollingSeconds: Double?

    /// The divisors of `scale`, when both sides have a positive one.
    func of(_ scale: Metric.Scale) -> (Double, Double)? {
      let pair: (Double?, Double?) =
        switch scale {
        case .total: (1, 1)
        case .perFrame: (baselineFrames, candidateFrames)
        case .perScrollingSecond: (baselineScrollingSeconds, candidateScrollingSeconds)
        }
      guard let b = pair.0, let c = pair.1, b > 0, c > 0 else { return nil }
      return (b, c)
    }
  }

  /// A deterministic metric: judged in the metric's scale, within `tolerance` no change; a
  /// measured one whose two sides' noise intervals overlap, within noise.
  init(
    trace: String, metric: Metric, baseline: Double?, candidate: Double?,
    divisors: Divisors = Divisors(), tolerance: Metric.Tolerance = .exact,
    noise: (baseline: ClosedRange<Double>?, candidate: ClosedRange<Double>?) = (nil, nil)
  ) {
    baselineNoise = noise.baseline
    candidateNoise = noise.candidate
    self.trace = trace
    self.metric = metric.key
    unit = metric.unit
    direction = metric.direction
    self.baseline = baseline
    self.candidate = candidate
    test = nil
    if let (b, c) = divisors.of(metric.judgedPer) {
      judgedPer = metric.judgedPer
      judgedBaseline = baseline.map { $0 / b }
      judgedCandidate = candidate.map { $0 / c }
    } else {
      judgedBaseline = baseline
      judgedCandidate = candidate
    }
    switch (judgedBaseline, judgedCandidate) {
    case (nil, nil): verdict = .unchanged
    // Equal values are no change in any scale (equal counts over more frames are not fewer).
    case (.some, .some) where baseline == candidate: verdict = .unchanged
    case (let b?, let c?):
      if metric.direction == .informational {
        verdict = baseline == candidate ? .unchanged : .changed
      } else if b == c || tolerance.allows(b, c) {
        verdict = .withinTolerance
      } else {
        verdict =
          metric.isImprovement(from: b, to: c).map { $0 ? .improved : .regressed } ?? .changed
      }
    default: verdict = .changed
    }
    if verdict == .improved || verdict == .regressed, let b = noise.baseline,
      let c = noise.candidate, b.overlaps(c)
    {
      verdict = .withinNoise
    }
  }

  /// A host timing: the medians, and a change only when the Mann–Whitney U test finds one at
  /// `settings.alpha` and the medians differ by more than the noise floor.
  init(
    trace: String, metric: Metric, baselineSamples: [Double], candidateSamples: [Double],
    settings: DiffSettings
  ) {
    self.trace = trace
    self.metric = metric.key
    unit = metric.unit
    direction = metric.direction
    baseline = baselineSamples.median
    candidate = candidateSamples.median
    verdict = .unchanged
    test = nil
    guard baselineSamples.count >= 2, candidateSamples.count >= 2,
      let u = MannWhitneyU(baselineSamples, candidateSamples),
      let b = baseline, let c = candidate
    else { return }
    let ratio = b > 0 ? c / b : (c > 0 ? .infinity : 1)
    test = HostTest(
      baselineRepetitions: baselineSamples.count, candidateRepetitions: candidateSamples.count,
      pValue: u.pValue,
      medianRatio: ratio, isSignificant: u.pValue < settings.alpha,
      isBeyondNoise: abs(ratio - 1) > settings.noiseFloor * metric.noiseFloorScale)
    decide()
  }

  /// Sets the verdict of a tested host timing: a change only when significant and beyond noise;
  /// medians apart by more than the noise floor without significance are inconclusive.
  private mutating func decide() {
    guard let test, let b = baseline, let c = candidate else { return }
    guard test.isBeyondNoise else {
      verdict = .unchanged
      return
    }
    guard test.isSignificant else {
      verdict = .inconclusive
      return
    }
    verdict = (c < b) == (direction == .lowerIsBetter) ? .improved : .regressed
  }

  /// Holm–Bonferroni over one trace's host timings, tested together: the smallest p-value must be
  /// below α/m, the next below α/(m−1), and so on, so that three timings per trace do not triple
  /// the chance of a false change.
  static func applyHolm(to rows: inout [MetricComparison], alpha: Double) {
    let tested = rows.indices.filter { rows[$0].test != nil }.sorted {
      (rows[$0].test?.pValue ?? 1) < (rows[$1].test?.pValue ?? 1)
    }
    var rejecting = true
    for (rank, index) in tested.enumerated() {
      let threshold = alpha / Double(tested.count - rank)
      rejecting = rejecting && (rows[index].test?.pValue ?? 1) < threshold
      rows[index].test?.isSignificant = rejecting
      rows[index].decide()
    }
  }

  /// Holds this host row's change to `again`, the same timing measured a second time: the change
  /// stands only if the second measurement calls it the same; otherwise it was noise, and the row
  /// is unchanged.
  mutating func confirm(with again: MetricComparison) {
    guard verdict == .improved || verdict == .regressed else { return }
    test?.remeasuredPValue = again.test?.pValue
    test?.remeasuredMedianRatio = again.test?.medianRatio
    test?.isConfirmed = again.verdict == verdict
    if again.verdict != verdict { verdict = .unchanged }
  }

  /// What a difference means.
  public enum Verdict: String, Sendable, Hashable {
    /// Equal (deterministic), or not a significant change beyond the noise floor (host).
    case unchanged
    /// Different, by no more than the metric's tolerance in the scale it is judged in
    /// (deterministic metrics): no change worth a verdict.
    case withinTolerance
    /// Better in the metric's direction.
    case improved
    /// Worse in the metric's direction.
    case regressed
    /// A figure measured on a device that moved beyond its tolerance, but by no more than the two
    /// recordings' sampling noise explains: their 95 % intervals overlap (``MeasuredNoise``).
    /// Not a change; more frames, or more recordings, would tell.
    case withinNoise
    /// Different, in an informational metric (a frame count), or one side has a value and the
    /// other none (such as a hit rate without dequeues): shown, not judged.
    case changed
    /// A host timing whose medians are further apart than the noise floor, but not significantly
    /// so: more repetitions would tell. Not a pass.
    case inconclusive
  }
}
