// scrolltrace — named baselines: reports saved under a name, read back in place of a replay.

public import Analyze
import GRDB

extension ResultStore {
  /// Saves `reports` (JSON reports, each with a label for messages) as the baseline `name`,
  /// replacing a baseline of that name, in one transaction.
  ///
  /// - Parameters:
  ///   - name: the baseline's name (a branch, a release).
  ///   - reports: the JSON reports, each with a label for messages.
  ///   - revision: the revision they were made at.
  ///   - time: when, in seconds since the Unix epoch.
  ///   - provenance: the tool, machine and runner that made the reports.
  ///   - budget: the budget file's bytes (docs/ci.md) the baseline is to be gated with, kept
  ///     beside it; `nil` for none. A baseline replaced without one loses the old one's.
  /// - Returns: the number of reports replaced (0 for a new name).
  /// - Throws: ``StoreError``: `invalid` for an empty name, a report that is not one, reports made
  ///   with different settings or holding the same trace twice, a budget that is not one; what
  ///   writing the store throws.
  @discardableResult
  public func saveBaseline(
    _ name: String, reports: [(json: [UInt8], label: String)], revision: String, time: Int64,
    provenance: RunProvenance = RunProvenance(), budget: [UInt8]? = nil
  ) throws -> Int {
    try Self.checkName(name, "baseline name", path: path)
    try Self.checkName(revision, "revision", path: path)
    guard StoreSchema.times.contains(time) else {
      throw StoreError(
        .invalid, "a time must be 0…\(StoreSchema.times.upperBound) s since 1970", path: path)
    }
    guard !reports.isEmpty else {
      throw StoreError(.invalid, "a baseline needs at least one report", path: path)
    }
    var facts: [ReportFacts] = []
    var traces: [String: String] = [:]
    for report in reports {
      let fact = try ReportFacts(report.json, label: report.label, path: path)
      // One baseline is one configuration, and each trace has one value: what a comparison
      // matches by content hash and settings must be unambiguous.
      if let first = facts.first, first.settings != fact.settings {
        throw StoreError(
          .invalid,
          "\(report.label) was made with other settings than \(reports[0].label); save it as its own baseline",
          path: path)
      }
      for trace in fact.metrics.traces {
        if let other = traces.updateValue(report.label, forKey: trace.contentHash) {
          throw StoreError(
            .invalid,
            "\(trace.path) is in both \(other) and \(report.label): one baseline holds a trace once",
            path: path)
        }
      }
      facts.append(fact)
    }
    let budgetText = try budget.map { bytes throws(StoreError) in
      do {
        _ = try Budget(json: bytes)
      } catch {
        throw StoreError(.invalid, "the budget is not one: \(error)", path: path)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    let store = self
    return try write { db in
      let replaced =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM reports WHERE kind = 'baseline' AND name = ?",
          arguments: [name]) ?? 0
      try db.execute(
        sql: "DELETE FROM reports WHERE kind = 'baseline' AND name = ?", arguments: [name])
      for (report, fact) in zip(reports, facts) {
        _ = try store.insert(
          report.json, facts: fact, kind: .baseline, name: name, revision: revision, time: time,
          provenance: provenance, in: db)
      }
      try db.execute(sql: "DELETE FROM baseline_budgets WHERE name = ?", arguments: [name])
      if let budgetText {
        try db.execute(
          sql: "INSERT INTO baseline_budgets (name, budget) VALUES (?, ?)",
          arguments: [name, budgetText])
      }
      return replaced
    }
  }

  /// The reports of the baseline `name`, in the order saved.
  ///
  /// - Throws: ``StoreError`` `notFound` when there is no such baseline (naming those there are).
  public func baseline(_ name: String) throws -> [StoredReport] {
    let found = try reports(where: "kind = 'baseline' AND name = ?", [name])
    guard !found.isEmpty else {
      let names = try baselines().map(\.name)
      throw StoreError(
        .notFound,
        "no baseline named '\(StoreRow.excerpt(name))'"
          + (names.isEmpty
            ? " (the store has none)" : "; it has \(ResultStore.list(names, limit: 10))"),
        path: path)
    }
    return found.sorted { $0.id < $1.id }
  }

  /// The budget file's bytes the baseline `name` was saved with; `nil` when it has none (or the
  /// store is older than budgets).
  ///
  /// - Throws: ``StoreError`` `notFound` when there is no such baseline.
  public func baselineBudget(_ name: String) throws -> [UInt8]? {
    _ = try baseline(name)
    let text = try read { db -> String? in
      guard try StoreSchema.hasBudgets(db) else { return nil }
      return try String.fetchOne(
        db, sql: "SELECT budget FROM baseline_budgets WHERE name = ?", arguments: [name])
    }
    return text.map { Array($0.utf8) }
  }

  /// The baseline `name` as the side of a comparison: every trace of its reports.
  public func baselineMetrics(_ name: String) throws -> RunMetrics {
    let reports = try baseline(name)
    var traces: [TraceMetrics] = []
    var settings: ReportSettings?
    var skipped: [SkippedTrace] = []
    for report in reports {
      let label = "baseline '\(name)' (\(report.engine) at \(report.revision))"
      do {
        let metrics = try RunMetrics(reportJSON: Array(report.json.utf8), label: label)
        traces += metrics.traces
        settings = settings ?? metrics.settings
        skipped += metrics.skipped
      } catch {
        throw StoreError(.damaged, "\(label) no longer reads as a report: \(error)", path: path)
      }
    }
    var metrics = RunMetrics(
      label: "baseline '\(name)' at \(reports.first?.revision ?? "?") (\(path))", traces: traces,
      settings: settings)
    metrics.skipped = skipped
    return metrics
  }

  /// Every baseline, by name.
  public func baselines() throws -> [BaselineSummary] {
    var summaries: [BaselineSummary] = []
    try forEachRow(
      """
      SELECT r.name, MIN(r.revision) AS revision, MAX(r.time) AS time,
        GROUP_CONCAT(r.engine, ' ') AS engines,
        (SELECT COUNT(DISTINCT s.trace || ' ' || s.report_id) FROM results s
          JOIN reports q ON q.id = s.report_id
          WHERE q.kind = 'baseline' AND q.name = r.name) AS traces
      FROM reports r WHERE r.kind = 'baseline' GROUP BY r.name ORDER BY r.name
      """, table: "reports"
    ) { (row) throws(StoreError) in
      summaries.append(
        BaselineSummary(
          name: try row.name("name"), revision: try row.name("revision"),
          time: try row.integer("time", in: StoreSchema.times),
          engines: try row.text("engines").split(separator: " ").map(String.init),
          traces: Int(try row.integer("traces", in: 0...Int64(Int32.max)))))
    }
    guard !summaries.isEmpty else { return summaries }
    let budgeted = try read { db -> Set<String> in
      guard try StoreSchema.hasBudgets(db) else { return [] }
      return Set(try String.fetchAll(db, sql: "SELECT name FROM baseline_budgets"))
    }
    for index in summaries.indices {
      summaries[index].hasBudget = budgeted.contains(summaries[index].name)
    }
    return summaries
  }

  /// Deletes the baseline `name`; returns how many reports it held.
  ///
  /// - Throws: ``StoreError`` `notFound` when there is no such baseline.
  @discardableResult
  public func deleteBaseline(_ name: String) throws -> Int {
    let deleted = try write { db in
      try db.execute(
        sql: "DELETE FROM reports WHERE kind = 'baseline' AND name = ?", arguments: [name])
      let deleted = db.changesCount
      try db.execute(sql: "DELETE FROM baseline_budgets WHERE name = ?", arguments: [name])
      return deleted
    }
    guard deleted > 0 else {
      let names = try baselines().map(\.name)
      throw StoreError(
        .notFound,
        "no baseline named '\(StoreRow.excerpt(name))'"
          + (names.isEmpty
            ? " (the store has none)" : "; it has \(ResultStore.list(names, limit: 10))"),
        path: path)
    }
    return deleted
  }
}
