// scrolltrace — one metric of one trace, build after build: what change-point detection reads.

/// One point of a history: a run's value of one metric on one trace.
public struct HistoryPoint: Sendable, Hashable {
  /// The run's revision.
  public var revision: String
  /// When it was built, in seconds since the Unix epoch.
  public var time: Int64
  /// The value, in the metric's unit.
  public var value: Double

  /// Creates a point.
  public init(revision: String, time: Int64, value: Double) {
    self.revision = revision
    self.time = time
    self.value = value
  }
}

/// A history's series: one metric on one trace through one engine, run after run.
public struct HistorySeries: Sendable, Hashable {
  /// The branch.
  public var branch: String
  /// The engine.
  public var engine: String
  /// The trace's path as the reports gave it.
  public var trace: String
  /// The metric's catalog key.
  public var metric: String
  /// The runs' values, oldest first (by time, then the order they were stored in).
  public var points: [HistoryPoint]

  /// Creates a series.
  public init(branch: String, engine: String, trace: String, metric: String, points: [HistoryPoint])
  {
    self.branch = branch
    self.engine = engine
    self.trace = trace
    self.metric = metric
    self.points = points
  }
}
