// scrolltrace — the results store's schema, version by version (docs/history.md, "The store").

import GRDB

/// The tables of a results store and the migrations that make them, in order.
///
/// Version 1:
///
/// - `store_info (key, value)`: `schema` = `scrolltrace-results` (what makes a SQLite file a
///   store), `version`, `created_by`.
/// - `reports`: one stored report a row: `kind` (`baseline` or `history`), `name` (a baseline's
///   name or a history's branch), `revision`, `time` (seconds since the Unix epoch), `engine`,
///   `settings` (the report's `settings` object as JSON), `report` (the whole JSON report), `added`
///   (the order reports were stored in).
/// - `results (report_id, trace, content_hash, metric, value)`: each trace's catalog values and
///   host timings, for queries and series; `value` is NULL where the report had none.
///
/// Version 2 adds to `reports` where each report came from (``RunProvenance``): `tool`,
/// `machine` and `runner`, empty for reports stored before.
///
/// Version 3 adds `baseline_budgets (name, budget)`: the budget file (its JSON text) a baseline
/// was saved with, which `gate` against that baseline holds a candidate to.
enum StoreSchema {
  /// What `store_info.schema` holds.
  static let name = "scrolltrace-results"
  /// The newest schema version this code writes and reads.
  static let version = 3
  /// The times a run may be stored under, in seconds since the Unix epoch: 1970 to the end of
  /// 9999, as `--time` takes them.
  static let times: ClosedRange<Int64> = 0...253_402_300_799

  /// The migrations, by version.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE store_info (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
          CREATE TABLE reports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('baseline', 'history')),
            name TEXT NOT NULL,
            revision TEXT NOT NULL,
            time INTEGER NOT NULL,
            engine TEXT NOT NULL,
            settings TEXT NOT NULL,
            report TEXT NOT NULL,
            added INTEGER NOT NULL
          );
          CREATE INDEX reports_by_name ON reports (kind, name, time, added);
          CREATE TABLE results (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            trace TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            metric TEXT NOT NULL,
            value REAL,
            PRIMARY KEY (report_id, trace, metric)
          );
          CREATE INDEX results_by_metric ON results (metric, trace);
          """)
      try db.execute(
        sql: "INSERT INTO store_info (key, value) VALUES ('schema', ?), ('version', '1')",
        arguments: [name])
    }
    migrator.registerMigration("v2") { db in
      try db.execute(
        sql: """
          ALTER TABLE reports ADD COLUMN tool TEXT NOT NULL DEFAULT '';
          ALTER TABLE reports ADD COLUMN machine TEXT NOT NULL DEFAULT '';
          ALTER TABLE reports ADD COLUMN runner TEXT NOT NULL DEFAULT '';
          UPDATE store_info SET value = '2' WHERE key = 'version';
          """)
    }
    migrator.registerMigration("v3") { db in
      try db.execute(
        sql: """
          CREATE TABLE baseline_budgets (name TEXT PRIMARY KEY NOT NULL, budget TEXT NOT NULL);
          UPDATE store_info SET value = '3' WHERE key = 'version';
          """)
    }
    return migrator
  }

  /// Makes the indexes a write looks up by, where they are missing.
  ///
  /// `reports_by_revision` finds the run of a branch, engine and revision that a new one replaces,
  /// and `reports_by_added` the newest `added`: a write finds both in O(log n) rather than reading a
  /// row of every run of the branch (about 6 M instructions at 2,000 runs).
  ///
  /// They are indexes, not a schema version: a scrolltrace that does not know them reads and
  /// writes the store as before (SQLite keeps them up to date), and a store only read never gets
  /// them. The first write to an older store builds them once.
  static func makeIndexes(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE INDEX IF NOT EXISTS reports_by_revision ON reports (kind, name, engine, revision);
        CREATE INDEX IF NOT EXISTS reports_by_added ON reports (added);
        """)
  }

  /// Whether the store `db` holds has version 2's columns (a store read is never migrated, and
  /// may be a version 1 store).
  static func hasProvenance(_ db: Database) throws -> Bool {
    try db.columns(in: "reports").contains { $0.name == "runner" }
  }

  /// Whether the store `db` holds has version 3's budgets (a store read may be older).
  static func hasBudgets(_ db: Database) throws -> Bool {
    try db.tableExists("baseline_budgets")
  }
}
