// scrolltrace — storing a report: the report whole, and its metrics a row each.

import Analyze
import GRDB
import TraceCore

extension ResultStore {
  /// What a report to store says of itself: its engine, settings and metrics.
  struct ReportFacts {
    var engine: String
    var settings: String
    var metrics: RunMetrics

    /// The facts of a JSON report, checked as `diff` checks a saved report.
    init(_ json: [UInt8], label: String, path: String) throws(StoreError) {
      do {
        metrics = try RunMetrics(reportJSON: json, label: label)
      } catch {
        throw StoreError(.invalid, "\(label): \(error)", path: path)
      }
      engine = metrics.engine ?? "unknown"
      settings = metrics.settings?.canonicalJSON ?? "{}"
    }
  }

  /// Inserts a report and its metrics, made as `provenance` says; returns its row id.
  func insert(
    _ json: [UInt8], facts: ReportFacts, kind: StoredReport.Kind, name: String, revision: String,
    time: Int64, provenance: RunProvenance, in db: Database
  ) throws -> Int64 {
    let added = (try Int64.fetchOne(db, sql: "SELECT MAX(added) FROM reports") ?? 0) + 1
    try db.execute(
      sql: """
        INSERT INTO reports
          (kind, name, revision, time, engine, settings, report, added, tool, machine, runner)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        kind.rawValue, name, revision, time, facts.engine, facts.settings,
        String(decoding: json, as: UTF8.self), added, provenance.tool, provenance.machine,
        provenance.runner,
      ])
    let id = db.lastInsertedRowID
    // One statement prepared once for the connection and run for every row: SQLite parses and
    // plans it once, not once a metric (about 90,000 instructions a row saved).
    let row = try db.cachedStatement(
      sql:
        "INSERT OR REPLACE INTO results (report_id, trace, content_hash, metric, value) VALUES (?, ?, ?, ?, ?)"
    )
    for trace in facts.metrics.traces {
      for metric in Metric.catalog + Metric.hostCatalog {
        let value =
          metric.isHostTiming
          ? trace.host[metric.key]?.median
          : trace.values[metric.key]
        try row.execute(arguments: [id, trace.path, trace.contentHash, metric.key, value])
      }
    }
    return id
  }

  /// The stored reports matching a `WHERE` clause, oldest first, every value checked.
  func reports(where clause: String, _ arguments: StatementArguments) throws(StoreError)
    -> [StoredReport]
  {
    var reports: [StoredReport] = []
    try forEachRow(
      "SELECT id, kind, name, revision, time, engine, report FROM reports WHERE \(clause) ORDER BY time, added",
      arguments: arguments, table: "reports"
    ) { (row) throws(StoreError) in
      reports.append(try StoredReport(row))
    }
    return reports
  }

  /// Whether the store has schema version 2's provenance columns (a store only read is never
  /// migrated); false for a store not made yet.
  func hasProvenance() throws(StoreError) -> Bool {
    var found = false
    try forEachRow(
      "SELECT name FROM pragma_table_info('reports') WHERE name = 'runner'", table: "reports"
    ) { _ throws(StoreError) in found = true }
    return found
  }

  /// `names`, at most `limit` of them, then how many more: a message stays one short line.
  static func list(_ names: [String], limit: Int) -> String {
    MessageText.list(names.map(StoreRow.excerpt), limit: limit)
  }

  /// Refuses an empty or over-long name, revision or branch.
  static func checkName(_ value: String, _ what: String, path: String) throws(StoreError) {
    guard !value.isEmpty, value.utf8.count <= 1024,
      !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw StoreError(
        .invalid, "a \(what) must be 1 to 1024 bytes without control characters", path: path)
    }
  }
}

extension StoredReport {
  /// The report in a row of `reports`, every value checked.
  init(_ row: StoreRow) throws(StoreError) {
    let kind = try row.text("kind")
    guard let known = Kind(rawValue: kind) else {
      throw StoreError(
        .damaged, "a report of kind '\(StoreRow.excerpt(kind))', which no scrolltrace writes",
        path: row.path)
    }
    self.init(
      id: try row.integer("id"), kind: known, name: try row.name("name"),
      revision: try row.name("revision"), time: try row.integer("time", in: StoreSchema.times),
      engine: try row.name("engine"), json: try row.text("report"))
  }
}
