// scrolltrace — a branch's history: one run after another, and its series by metric.

public import Analyze
import GRDB

extension ResultStore {
  /// Records the run `json` (a JSON report) of `branch` at `revision`.
  ///
  /// The run was built at `time` (seconds since the Unix epoch) and is kept under `engine` (the
  /// report's engine when nil). A run of the same branch, engine and revision is replaced (a job
  /// run again), in the same transaction.
  ///
  /// - Returns: the run's row id, and whether it replaced one.
  /// - Throws: ``StoreError``: `invalid` for an empty branch or revision or a report that is not
  ///   one; what writing the store throws.
  @discardableResult
  public func addRun(
    _ json: [UInt8], label: String, branch: String, revision: String, time: Int64,
    engine: String? = nil
  ) throws(StoreError) -> (id: Int64, replaced: Bool) {
    try Self.checkName(branch, "branch", path: path)
    try Self.checkName(revision, "revision", path: path)
    var facts = try ReportFacts(json, label: label, path: path)
    if let engine {
      try Self.checkName(engine, "engine name", path: path)
      facts.engine = engine
    }
    let store = self
    return try write { db in
      try db.execute(
        sql:
          "DELETE FROM reports WHERE kind = 'history' AND name = ? AND engine = ? AND revision = ?",
        arguments: [branch, facts.engine, revision])
      let replaced = db.changesCount > 0
      let id = try store.insert(
        json, facts: facts, kind: .history, name: branch, revision: revision, time: time, in: db)
      return (id, replaced)
    }
  }

  /// The runs of `branch` (every branch when `nil`), oldest first.
  public func runs(branch: String? = nil) throws(StoreError) -> [StoredReport] {
    let store = self
    return try read { db in
      if let branch {
        return try store.reports(where: "kind = 'history' AND name = ?", [branch], in: db)
      }
      return try store.reports(where: "kind = 'history'", [], in: db)
    }
  }

  /// Every series of `branch` (every branch when `nil`): for each branch, engine, trace and
  /// metric with a value, the runs' values, oldest first.
  ///
  /// Traces are matched by path: a trace whose bytes changed between runs continues its series.
  public func series(branch: String? = nil, metrics: Set<String>? = nil) throws(StoreError)
    -> [HistorySeries]
  {
    try read { db in
      var sql = """
        SELECT r.name, r.engine, s.trace, s.metric, r.revision, r.time, s.value
        FROM results s JOIN reports r ON r.id = s.report_id
        WHERE r.kind = 'history' AND s.value IS NOT NULL
        """
      var arguments: StatementArguments = []
      if let branch {
        sql += " AND r.name = ?"
        arguments += [branch]
      }
      sql += " ORDER BY r.name, r.engine, s.trace, s.metric, r.time, r.added"
      var series: [HistorySeries] = []
      for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
        let metric: String = row["metric"]
        if let metrics, !metrics.contains(metric) { continue }
        let point = HistoryPoint(revision: row["revision"], time: row["time"], value: row["value"])
        let (name, engine, trace): (String, String, String) = (
          row["name"], row["engine"], row["trace"]
        )
        if let last = series.last, last.branch == name, last.engine == engine, last.trace == trace,
          last.metric == metric
        {
          series[series.count - 1].points.append(point)
        } else {
          series.append(
            HistorySeries(
              branch: name, engine: engine, trace: trace, metric: metric, points: [point]))
        }
      }
      return series
    }
  }
}
