// scrolltrace — two stores made one: what two jobs that raced each recorded, nothing lost.

import GRDB

extension ResultStore {
  /// What ``merge(from:)`` did.
  public struct MergeOutcome: Sendable, Hashable {
    /// Runs of the other store this one lacked, now added.
    public var runsAdded = 0
    /// Runs both stores held with the same report.
    public var runsAlreadyHere = 0
    /// Runs both stores held with different reports (a job run twice): this store's were kept.
    ///
    /// Each is `branch engine revision`.
    public var runsKept: [String] = []
    /// Baselines of the other store this one lacked, now added.
    public var baselinesAdded = 0
    /// Baselines both stores held, the other's saved at a later revision time: replaced by it.
    public var baselinesReplaced = 0
    /// Baselines both stores held the same.
    public var baselinesAlreadyHere = 0
    /// Baselines both stores held differently, this store's as new or newer: kept, by name.
    public var baselinesKept: [String] = []

    /// An outcome of nothing merged yet.
    public init() {}
  }

  /// A report of the other store, without its JSON: what a merge decides by.
  private struct Entry {
    var id: Int64
    var kind: StoredReport.Kind
    var name: String
    var revision: String
    var time: Int64
    var engine: String
    var provenance: RunProvenance
  }

  /// Adds to this store what `other` holds that it lacks, in one transaction.
  ///
  /// - A run (branch, engine, revision) this store lacks is added with its report and time; one it
  ///   holds is kept as it is (the same report counts as already here, a different one as kept).
  /// - A baseline this store lacks is added whole; one it holds is replaced only when the other's
  ///   was saved at a later revision time.
  ///
  /// Each report added is checked as `history add` checks one. Memory holds one report at a time
  /// and about 100 bytes for each report of `other`.
  ///
  /// - Throws: ``StoreError``: `invalid` when `other` is this store's file or holds a report that
  ///   is not one; what reading `other` or writing this store throws.
  public func merge(from other: ResultStore) throws -> MergeOutcome {
    if let mine = location.identity, mine == other.location.identity {
      throw StoreError(.invalid, "a store cannot be merged into itself", path: path)
    }
    var entries: [Entry] = []
    let provenance = try other.hasProvenance()
    try other.forEachRow(
      "SELECT id, kind, name, revision, time, engine"
        + (provenance ? ", tool, machine, runner" : "") + " FROM reports ORDER BY time, added",
      table: "reports"
    ) { (row) throws(StoreError) in
      let kind = try row.text("kind")
      guard let known = StoredReport.Kind(rawValue: kind) else {
        throw StoreError(
          .damaged, "a report of kind '\(StoreRow.excerpt(kind))', which no scrolltrace writes",
          path: row.path)
      }
      entries.append(
        Entry(
          id: try row.integer("id"), kind: known, name: try row.name("name"),
          revision: try row.name("revision"), time: try row.integer("time", in: StoreSchema.times),
          engine: try row.name("engine"),
          provenance: provenance ? try row.provenance() : RunProvenance()))
    }
    let baselines = Dictionary(grouping: entries.filter { $0.kind == .baseline }, by: \.name)
    let store = self
    return try write { db in
      var outcome = MergeOutcome()
      for entry in entries where entry.kind == .history {
        let mine = try String.fetchOne(
          db,
          sql:
            "SELECT report FROM reports WHERE kind = 'history' AND name = ? AND engine = ? AND revision = ?",
          arguments: [entry.name, entry.engine, entry.revision])
        let json = try other.report(entry.id)
        if let mine {
          if mine.utf8.elementsEqual(json) {
            outcome.runsAlreadyHere += 1
          } else {
            outcome.runsKept.append("\(entry.name) \(entry.engine) \(entry.revision)")
          }
          continue
        }
        try store.insert(json, entry, in: db)
        outcome.runsAdded += 1
      }
      for name in baselines.keys.sorted() {
        let theirs = baselines[name] ?? []
        let mine = try Row.fetchAll(
          db, sql: "SELECT time, report FROM reports WHERE kind = 'baseline' AND name = ?",
          arguments: [name])
        let reports = try theirs.map { try other.report($0.id) }
        if !mine.isEmpty {
          let same =
            mine.count == reports.count
            && zip(mine, reports).allSatisfy { row, json in
              (row["report"] as String?)?.utf8.elementsEqual(json) ?? false
            }
          let newest = mine.compactMap { $0["time"] as Int64? }.max() ?? 0
          if same {
            outcome.baselinesAlreadyHere += 1
            continue
          }
          guard (theirs.map(\.time).max() ?? 0) > newest else {
            outcome.baselinesKept.append(name)
            continue
          }
          try db.execute(
            sql: "DELETE FROM reports WHERE kind = 'baseline' AND name = ?", arguments: [name])
          outcome.baselinesReplaced += 1
        } else {
          outcome.baselinesAdded += 1
        }
        for (entry, json) in zip(theirs, reports) { try store.insert(json, entry, in: db) }
        // The budget it was saved with comes with it (or none, as the other store has it).
        try db.execute(sql: "DELETE FROM baseline_budgets WHERE name = ?", arguments: [name])
        if let budget = try other.baselineBudget(name) {
          try db.execute(
            sql: "INSERT INTO baseline_budgets (name, budget) VALUES (?, ?)",
            arguments: [name, String(decoding: budget, as: UTF8.self)])
        }
      }
      return outcome
    }
  }

  /// The report of row `id`, read alone.
  private func report(_ id: Int64) throws -> [UInt8] {
    var json: [UInt8] = []
    try forEachRow("SELECT report FROM reports WHERE id = ?", arguments: [id], table: "reports") {
      (row) throws(StoreError) in
      json = Array(try row.text("report").utf8)
    }
    return json
  }

  /// Inserts `json` as the other store held it: its kind, name, revision, time, engine and
  /// provenance.
  private func insert(_ json: [UInt8], _ entry: Entry, in db: Database) throws {
    var facts = try ReportFacts(
      json, label: "\(entry.kind.rawValue) \(entry.name) \(entry.revision)", path: path)
    facts.engine = entry.engine
    _ = try insert(
      json, facts: facts, kind: entry.kind, name: entry.name, revision: entry.revision,
      time: entry.time, provenance: entry.provenance, in: db)
  }
}
