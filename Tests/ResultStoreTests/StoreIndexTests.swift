// The indexes a write looks up by: made by every write where they are missing, never by a read,
// and used by the lookups they are for.

import Foundation
import GRDB
import ResultStore
import Testing

@Suite struct StoreIndexTests {
  static let writeIndexes = ["reports_by_added", "reports_by_revision"]

  /// The names of the store's indexes that a write makes.
  static func writeIndexes(_ path: String) throws -> [String] {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read {
      try String.fetchAll(
        $0,
        sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN (?, ?) ORDER BY name",
        arguments: StatementArguments(writeIndexes))
    }
  }

  /// SQLite's plan for `sql`, one line a step.
  static func plan(_ path: String, _ sql: String) throws -> String {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }
        .joined(separator: "\n")
    }
  }

  @Test func aNewStoreHasThemAndItsLookupsUseThem() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path).close()
    #expect(try Self.writeIndexes(path) == Self.writeIndexes)
    let replaced = try Self.plan(
      path,
      "DELETE FROM reports WHERE kind = 'history' AND name = 'main' AND engine = 'e' AND revision = 'r'"
    )
    #expect(replaced.contains("reports_by_revision"), "\(replaced)")
    let newest = try Self.plan(path, "SELECT MAX(added) FROM reports")
    #expect(newest.contains("reports_by_added"), "\(newest)")
  }

  /// A store written before the indexes: a read leaves it without them, the first write makes
  /// them, and the runs and the replacement of a revision's run are as before.
  @Test func anOlderStoreGetsThemFromItsFirstWriteNotFromARead() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path).close()
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in
      for name in Self.writeIndexes { try db.execute(sql: "DROP INDEX \(name)") }
    }
    try queue.close()
    do {
      let reader = try ResultStore(path: path, access: .read)
      defer { reader.close() }
      #expect(try reader.runSummaries().map(\.revision) == ["r0"])
    }
    #expect(try Self.writeIndexes(path).isEmpty)
    let writer = try ResultStore(path: path, access: .write)
    let report = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    try writer.addRun(report, label: "a", branch: "setup", revision: "r1", time: 2)
    let (_, replaced) = try writer.addRun(
      report, label: "b", branch: "setup", revision: "r1", time: 3)
    #expect(replaced)
    #expect(try writer.runSummaries().map(\.revision) == ["r0", "r1"])
    writer.close()
    #expect(try Self.writeIndexes(path) == Self.writeIndexes)
  }
}
