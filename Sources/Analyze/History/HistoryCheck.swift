// scrolltrace — change points over a history, named by revision, judged by the catalog.

/// Runs change-point detection over every series of a history (``StepFit``, ``EDivisive``, or
/// both) and names each change: its first revision, the levels before and after, and whether it is
/// a regression, an improvement or a change of an informational metric, by the catalog's
/// direction.
///
/// A change within the metric's tolerance (the catalog's, or `tolerances`; for a host timing, the
/// noise floor) is not reported, as `diff` calls such a move no change. A regression whose first
/// revision is among the newest `newest` runs of its series fails the check.
///
/// **One run is never a change.** A change must still stand without the one run of its new level
/// that moved furthest. A level that a method finds for a single run — a spike among runs at the
/// old level, on the day it arrives or the days after, when the runs after it have come back — is
/// an `outlier`: reported, never judged, so one bad run neither fails a nightly job nor shows as a
/// regression followed by an improvement. A change after the spike is measured from the level
/// before it. A step is found at its first build as soon as a second run confirms it.
public struct HistoryCheck: Sendable {
  /// The methods run.
  public var methods: [ChangePoint.Method]
  /// Step fit's settings.
  public var stepFit: StepFit
  /// E-divisive's settings.
  public var eDivisive: EDivisive
  /// A regression whose first revision is among this many newest runs fails the check (default
  /// 3: step fit needs two runs after a change to see it).
  public var newest: Int
  /// Tolerances by metric key, over the catalog's.
  public var tolerances: [String: Metric.Tolerance]
  /// The smallest relative move of a host timing that is a change (default 5 %, `diff`'s noise
  /// floor).
  public var noiseFloor: Double

  /// A check with the methods' defaults.
  public init(
    methods: [ChangePoint.Method] = ChangePoint.Method.allCases, stepFit: StepFit = StepFit(),
    eDivisive: EDivisive = EDivisive(), newest: Int = 3,
    tolerances: [String: Metric.Tolerance] = [:], noiseFloor: Double = DiffSettings().noiseFloor
  ) {
    self.methods = methods
    self.stepFit = stepFit
    self.eDivisive = eDivisive
    self.newest = newest
    self.tolerances = tolerances
    self.noiseFloor = noiseFloor
  }

  /// One change found.
  public struct Finding: Sendable, Hashable {
    /// What a change means for the metric.
    public enum Verdict: String, Sendable, Hashable {
      /// Worse, by the catalog's direction.
      case regression
      /// Better.
      case improvement
      /// An informational metric moved (never judged).
      case changed
      /// One run off its series' level (a spike the runs after it do not share, or the newest run
      /// alone at a new level): reported, never judged. A change needs two runs at its level.
      case outlier
    }

    /// The series.
    public var series: HistorySeries.Identity
    /// How it was found.
    public var method: ChangePoint.Method
    /// The first revision at the new level.
    public var revision: String
    /// The revision before it.
    public var previousRevision: String
    /// Its index in the series (0 is the oldest run).
    public var index: Int
    /// The level before and after, in the metric's unit.
    public var before: Double
    /// The level after.
    public var after: Double
    /// The change point's evidence (step fit's |stepFit|, or E-divisive's p-value).
    public var score: Double
    /// Regression, improvement or change.
    public var verdict: Verdict
    /// Whether its first revision is among the newest runs.
    public var isRecent: Bool

    /// The change in the metric's unit.
    public var change: Double { after - before }
    /// The change as a fraction of the level before (nil from 0).
    public var relativeChange: Double? { before != 0 ? (after - before) / abs(before) : nil }
  }

  /// What a check found.
  public struct Result: Sendable, Hashable {
    /// The series read.
    public var series: Int
    /// The series long enough to judge (3 runs or more): none means nothing was checked.
    public var checked: Int
    /// The changes found, by series then index.
    public var findings: [Finding]

    /// The regressions among the newest runs: what fails the check.
    public var recentRegressions: [Finding] {
      findings.filter { $0.verdict == .regression && $0.isRecent }
    }
  }

  /// The fewest runs a series needs to be checked: a change has a run before it and two at its
  /// new level.
  public static let minimumRuns = 3

  /// The changes of `series`.
  public func run(_ series: [HistorySeries]) -> Result {
    var findings: [Finding] = []
    var checked = 0
    for one in series {
      guard let metric = Metric.named(one.metric), one.points.count >= Self.minimumRuns else {
        continue
      }
      checked += 1
      let values = one.points.map(\.value)
      for method in methods {
        let found =
          method == .stepFit
          ? stepFit.changePoints(in: values) : eDivisive.changePoints(in: values)
        for (point, isOutlier) in Self.levels(
          found.filter { $0.index > 0 && $0.index < values.count }, values: values,
          significance: method == .eDivisive ? eDivisive.significance : nil)
        {
          let after = point.meanAfter
          guard isChange(metric, from: point.meanBefore, to: after) else { continue }
          let better = metric.isImprovement(from: point.meanBefore, to: after)
          findings.append(
            Finding(
              series: one.identity, method: method, revision: one.points[point.index].revision,
              previousRevision: one.points[point.index - 1].revision, index: point.index,
              before: point.meanBefore, after: after, score: point.score,
              verdict: isOutlier
                ? .outlier : better.map { $0 ? .improvement : .regression } ?? .changed,
              isRecent: point.index >= one.points.count - newest))
        }
      }
    }
    return Result(series: series.count, checked: checked, findings: findings)
  }

  /// The change points of one series, each either a change or an outlier.
  ///
  /// A change needs two runs at its new level. The run of its level furthest in the change's
  /// direction (from the point to the next one, or the series' end) is set aside: with
  /// `significance` (E-divisive's), the t-test between the level before (without earlier
  /// outliers) and the runs left must still pass; without (step fit), another run must lie past
  /// the midpoint between the levels. When it does not, that run is an outlier (its index and
  /// value in place of the point's), and the point after it is measured from the level that still
  /// stands, as if the outlier's run were not there.
  static func levels(_ points: [ChangePoint], values: [Double], significance: Double?)
    -> [(ChangePoint, Bool)]
  {
    let sorted = points.sorted { $0.index < $1.index }
    var result: [(ChangePoint, Bool)] = []
    var start = 0
    var outliers: Set<Int> = []
    var levelBefore: Double?
    for (position, var point) in sorted.enumerated() {
      let end = position + 1 < sorted.count ? sorted[position + 1].index : values.count
      let before = (start..<point.index).filter { !outliers.contains($0) }.map { values[$0] }
      if let level = levelBefore {
        point.meanBefore = level
        if let significance,
          !(EDivisive.Test(before[...], values[point.index..<end]).pValue <= significance)
        {
          continue
        }
      }
      let rising = point.meanAfter > point.meanBefore
      let level = Array(point.index..<end)
      guard
        let extreme = level.max(by: { rising ? values[$0] < values[$1] : values[$0] > values[$1] })
      else { continue }
      let others = level.filter { $0 != extreme }.map { values[$0] }
      let confirmed: Bool
      if let significance {
        confirmed =
          !others.isEmpty && EDivisive.Test(before[...], others[...]).pValue <= significance
      } else {
        let middle = (point.meanBefore + point.meanAfter) / 2
        confirmed = others.contains { rising ? $0 > middle : $0 < middle }
      }
      if confirmed {
        result.append((point, false))
        start = point.index
        levelBefore = nil
        continue
      }
      levelBefore = point.meanBefore
      guard rising ? values[extreme] > point.meanBefore : values[extreme] < point.meanBefore
      else { continue }
      outliers.insert(extreme)
      point.index = extreme
      point.meanAfter = values[extreme]
      result.append((point, true))
    }
    return result
  }

  /// Whether a move from `before` to `after` is beyond the metric's tolerance.
  func isChange(_ metric: Metric, from before: Double, to after: Double) -> Bool {
    if metric.isHostTiming {
      return abs(after - before) > noiseFloor * abs(before)
    }
    return !(tolerances[metric.key] ?? metric.tolerance).allows(before, after)
  }
}

extension HistorySeries {
  /// What names a series: its branch, engine, trace and metric.
  public struct Identity: Sendable, Hashable {
    /// The branch.
    public var branch: String
    /// The engine.
    public var engine: String
    /// The trace's path.
    public var trace: String
    /// The metric's key.
    public var metric: String
  }

  /// The series' identity.
  public var identity: Identity {
    Identity(branch: branch, engine: engine, trace: trace, metric: metric)
  }
}
