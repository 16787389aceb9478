// scrolltrace — a branch's history: one run after another, and its series by metric.

public import Analyze
import GRDB

extension ResultStore {
  /// Records the run `json` (a JSON report) of `branch` at `revision`.
  ///
  /// The run was built at `time` (seconds since the Unix epoch), is kept under `engine` (the
  /// report's engine when nil) and was made as `provenance` says. A run of the same branch,
  /// engine and revision is replaced (a job run again), in the same transaction.
  ///
  /// - Returns: the run's row id, and whether it replaced one.
  /// - Throws: ``StoreError``: `invalid` for an empty branch or revision or a report that is not
  ///   one; what writing the store throws.
  @discardableResult
  public func addRun(
    _ json: [UInt8], label: String, branch: String, revision: String, time: Int64,
    engine: String? = nil, provenance: RunProvenance = RunProvenance()
  ) throws -> (id: Int64, replaced: Bool) {
    let added = try addRuns(
      [
        NewRun(
          json: json, label: label, branch: branch, revision: revision, time: time,
          engine: engine, provenance: provenance)
      ])
    return added[0]
  }

  /// Records `runs` in one transaction, in order: all of them, or none when one is refused (a
  /// history back-filled from older builds' reports).
  ///
  /// Each is checked and recorded as ``addRun(_:label:branch:revision:time:engine:provenance:)``
  /// records one; a later run of the same branch, engine and revision replaces an earlier one,
  /// whether stored before or earlier in `runs`.
  ///
  /// - Returns: each run's row id, and whether it replaced one, in the order of `runs`.
  /// - Throws: ``StoreError``: `invalid` for no run, an empty branch or revision, a time out of
  ///   range or a report that is not one (naming its label); what writing the store throws.
  @discardableResult
  public func addRuns(_ runs: [NewRun]) throws -> [(id: Int64, replaced: Bool)] {
    guard !runs.isEmpty else { throw StoreError(.invalid, "no run to record", path: path) }
    var checked: [ReportFacts] = []
    checked.reserveCapacity(runs.count)
    for run in runs {
      try Self.checkName(run.branch, "branch", path: path)
      try Self.checkName(run.revision, "revision", path: path)
      guard StoreSchema.times.contains(run.time) else {
        throw StoreError(
          .invalid, "\(run.label): a time must be 0…\(StoreSchema.times.upperBound) s since 1970",
          path: path)
      }
      var facts = try ReportFacts(run.json, label: run.label, path: path)
      if let engine = run.engine {
        try Self.checkName(engine, "engine name", path: path)
        facts.engine = engine
      }
      checked.append(facts)
    }
    let store = self
    return try write { db in
      try zip(runs, checked).map { run, facts in
        try db.execute(
          sql:
            "DELETE FROM reports WHERE kind = 'history' AND name = ? AND engine = ? AND revision = ?",
          arguments: [run.branch, facts.engine, run.revision])
        let replaced = db.changesCount > 0
        let id = try store.insert(
          run.json, facts: facts, kind: .history, name: run.branch, revision: run.revision,
          time: run.time, provenance: run.provenance, in: db)
        return (id, replaced)
      }
    }
  }

  /// The runs of `branch` (every branch when `nil`), oldest first.
  public func runs(branch: String? = nil) throws -> [StoredReport] {
    if let branch {
      return try reports(where: "kind = 'history' AND name = ?", [branch])
    }
    return try reports(where: "kind = 'history'", [])
  }

  /// The runs of `branch` (every branch when `nil`), oldest first, without their reports: memory
  /// holds a few hundred bytes a run.
  ///
  /// - Throws: ``StoreError`` `notFound` for a branch with no run, naming those there are.
  public func runSummaries(branch: String? = nil) throws -> [RunSummary] {
    var runs: [RunSummary] = []
    let provenance = try hasProvenance()
    var sql =
      "SELECT id, name, revision, time, engine"
      + (provenance ? ", tool, machine, runner" : "") + " FROM reports WHERE kind = 'history'"
    var arguments: StatementArguments = []
    if let branch {
      sql += " AND name = ?"
      arguments += [branch]
    }
    try forEachRow(sql + " ORDER BY time, added", arguments: arguments, table: "reports") {
      (row) throws(StoreError) in
      runs.append(
        RunSummary(
          branch: try row.name("name"), revision: try row.name("revision"),
          time: try row.integer("time", in: StoreSchema.times), engine: try row.name("engine"),
          provenance: provenance ? try row.provenance() : RunProvenance()))
    }
    if let branch, runs.isEmpty { try checkBranch(branch) }
    return runs
  }

  /// Throws `notFound` when `branch` has no run, naming the branches there are.
  public func checkBranch(_ branch: String) throws {
    let names = try branches()
    guard !names.contains(branch) else { return }
    throw StoreError(
      .notFound,
      "no run on branch '\(StoreRow.excerpt(branch))'"
        + (names.isEmpty
          ? " (the store has no history yet)"
          : "; its branches: \(ResultStore.list(names, limit: 10))"),
      path: path)
  }

  /// The branches with runs, by name.
  public func branches() throws -> [String] {
    var names: [String] = []
    try forEachRow(
      "SELECT DISTINCT name FROM reports WHERE kind = 'history' ORDER BY name", table: "reports"
    ) { (row) throws(StoreError) in
      names.append(try row.name("name"))
    }
    return names
  }

  /// Every series of `branch` (every branch when `nil`): for each branch, engine, trace and
  /// metric with a value, the runs' values, oldest first.
  ///
  /// Only the rows of `metrics` (every metric when `nil`) and of the newest `newestRuns` runs of
  /// each branch and engine (every run when `nil`) are read, one at a time: memory holds the
  /// selected points (about 40 bytes each, a revision of up to 15 bytes kept inline) and never
  /// the reports. Traces are matched by path: a trace whose bytes changed between runs continues
  /// its series.
  public func series(branch: String? = nil, metrics: Set<String>? = nil, newestRuns: Int? = nil)
    throws -> [HistorySeries]
  {
    var arguments: StatementArguments = []
    var runs = "SELECT id, name, engine, time, added FROM reports WHERE kind = 'history'"
    if let branch {
      runs += " AND name = ?"
      arguments += [branch]
    }
    if let newestRuns {
      guard newestRuns > 0 else { return [] }
      runs = """
        SELECT id, name, engine, time, added FROM (
          SELECT id, name, engine, time, added, ROW_NUMBER() OVER (
            PARTITION BY name, engine ORDER BY time DESC, added DESC) AS age
          FROM (\(runs))) WHERE age <= ?
        """
      arguments += [newestRuns]
    }
    var sql = """
      WITH runs AS (\(runs))
      SELECT r.id, r.name, r.engine, s.trace, s.metric, q.revision, r.time, s.value
      FROM runs r JOIN reports q ON q.id = r.id JOIN results s ON s.report_id = r.id
      WHERE s.value IS NOT NULL
      """
    if let metrics {
      guard !metrics.isEmpty else { return [] }
      sql +=
        " AND s.metric IN (\(Array(repeating: "?", count: metrics.count).joined(separator: ", ")))"
      arguments += StatementArguments(metrics.sorted())
    }
    sql += " ORDER BY r.name, r.engine, s.trace, s.metric, r.time, r.added"
    var series: [HistorySeries] = []
    // The series being read, appended to in place (a copy in `series` would make each append copy
    // its points).
    var current: HistorySeries?
    try forEachRow(sql, arguments: arguments, table: "reports") { (row) throws(StoreError) in
      let metric = try row.name("metric", maximum: 256)
      let (name, engine, trace) = (
        try row.name("name"), try row.name("engine"),
        try row.name("trace", maximum: 4096, controls: true)
      )
      guard let value = try row.optionalReal("value") else { return }
      let point = HistoryPoint(
        revision: try row.name("revision"), time: try row.integer("time", in: StoreSchema.times),
        value: value)
      if current?.branch == name, current?.engine == engine, current?.trace == trace,
        current?.metric == metric
      {
        current?.points.append(point)
      } else {
        if let finished = current.take() { series.append(finished) }
        current = HistorySeries(
          branch: name, engine: engine, trace: trace, metric: metric, points: [point])
      }
    }
    if let finished = current { series.append(finished) }
    return series
  }
}
