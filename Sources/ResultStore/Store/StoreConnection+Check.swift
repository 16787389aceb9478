// scrolltrace — whether a SQLite file is a results store this tool can read or write.

import GRDB

extension StoreConnection {
  /// Checks that the database is a whole results store of a schema this tool knows, reading only.
  ///
  /// With `forWriting`, a database with no tables is accepted (it becomes a store), and SQLite's
  /// quick check is not run: it reads every page of the store (about 180 M instructions at 2,000
  /// runs, 4 s at 100,000), work a writer does not need. SQLite checks each page a write reads or
  /// changes, and a damaged one fails the write with `SQLITE_CORRUPT` (``StoreError`` `damaged`)
  /// before its transaction commits, so nothing is written; damage on pages the write never
  /// reaches is left as it was, for the next reader's quick check to refuse.
  static func check(_ db: Database, location: StoreLocation, forWriting: Bool) throws {
    let path = location.path
    var tables: [String] = []
    let names = try Row.fetchCursor(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    while let row = try names.next() {
      tables.append(try StoreRow(row: row, table: "sqlite_master", path: path).text("name"))
    }
    guard !tables.isEmpty else {
      if forWriting { return }
      throw StoreError(
        .notAStore,
        "a SQLite database with no tables, not a results store yet (`baseline save` or `history add` makes one)",
        path: path)
    }
    var info: [String: String] = [:]
    if tables.contains("store_info") {
      let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM store_info")
      while let row = try rows.next() {
        let checked = StoreRow(row: row, table: "store_info", path: path)
        info[try checked.text("key")] = try checked.text("value")
      }
    }
    guard info["schema"] == StoreSchema.name else {
      throw StoreError(
        .notAStore,
        "a SQLite database, but not a scrolltrace results store (its tables: \(tables.prefix(6).joined(separator: ", "))\(tables.count > 6 ? " and \(tables.count - 6) more" : ""))",
        path: path)
    }
    guard let version = info["version"].flatMap({ Int($0) }), version >= 1 else {
      throw StoreError(
        .damaged, "store_info holds no schema version a scrolltrace wrote", path: path)
    }
    guard version <= StoreSchema.version else {
      throw StoreError(
        .newerSchema,
        "written by a newer scrolltrace (schema version \(version); this one knows \(StoreSchema.version))",
        path: path)
    }
    guard !forWriting else { return }
    let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
    guard check == ["ok"] else {
      throw StoreError(
        .damaged,
        "SQLite's quick check fails: \(check.prefix(3).map(StoreRow.excerpt).joined(separator: "; "))",
        path: path)
    }
  }
}
