// scrolltrace — change points over a history, named by revision, judged by the catalog.

/// Runs change-point detection over every series of a history (``StepFit``, ``EDivisive``, or
/// both) and names each change: its first revision, the levels before and after, and whether it is
/// a regression, an improvement or a change of an informational metric, by the catalog's
/// direction.
///
/// A change within the metric's tolerance (the catalog's, or `tolerances`; for a host timing, the
/// noise floor) is not reported, as `diff` calls such a move no change. A regression whose first
/// revision is among the newest `newest` runs of its series fails the check.
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
        let points =
          method == .stepFit
          ? stepFit.changePoints(in: values) : eDivisive.changePoints(in: values)
        for point in points where point.index > 0 && point.index < one.points.count {
          guard isChange(metric, from: point.meanBefore, to: point.meanAfter) else { continue }
          let better = metric.isImprovement(from: point.meanBefore, to: point.meanAfter)
          findings.append(
            Finding(
              series: one.identity, method: method, revision: one.points[point.index].revision,
              previousRevision: one.points[point.index - 1].revision, index: point.index,
              before: point.meanBefore, after: point.meanAfter, score: point.score,
              verdict: better.map { $0 ? .improvement : .regression } ?? .changed,
              isRecent: point.index >= one.points.count - newest))
        }
      }
    }
    return Result(series: series.count, checked: checked, findings: findings)
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
