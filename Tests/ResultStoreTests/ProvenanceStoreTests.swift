// Where each stored report came from (schema version 2): recorded, read back, carried by a merge;
// a version 1 store still read as it is, and migrated when written.

import Foundation
import GRDB
import ResultStore
import Testing

@Suite struct ProvenanceStoreTests {
  static let made = RunProvenance(
    tool: "scrolltrace 0.4.0", machine: "Linux 6.8 x86_64, 2 cores", runner: "GitHub Actions")

  /// A store at `path` as a version 1 tool left it: no provenance columns, no budgets, version 1.
  static func versionOne(_ path: String) throws {
    try StoreFixtures.made(path).close()
    try versionOneKeepingReports(path)
  }

  /// The store at `path`, with what it holds, turned into a version 1 store.
  static func versionOneKeepingReports(_ path: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in
      try db.execute(
        sql: """
          ALTER TABLE reports DROP COLUMN tool;
          ALTER TABLE reports DROP COLUMN machine;
          ALTER TABLE reports DROP COLUMN runner;
          DROP TABLE baseline_budgets;
          DROP INDEX IF EXISTS reports_by_revision;
          DROP INDEX IF EXISTS reports_by_added;
          UPDATE store_info SET value = '1' WHERE key = 'version';
          DELETE FROM grdb_migrations WHERE identifier IN ('v2', 'v3');
          """)
    }
    try queue.close()
  }

  static func version(_ path: String) throws -> String? {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read {
      try String.fetchOne($0, sql: "SELECT value FROM store_info WHERE key = 'version'")
    }
  }

  @Test func aRunKeepsWhereItWasMade() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    defer { store.close() }
    let v2 = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    try store.addRun(v2, label: "a", branch: "main", revision: "a", time: 1, provenance: Self.made)
    try store.addRun(v2, label: "b", branch: "main", revision: "b", time: 2)
    #expect(try store.runSummaries().map(\.provenance) == [Self.made, RunProvenance()])
  }

  @Test func fieldsAreBoundedOneLineText() {
    let long = RunProvenance(tool: String(repeating: "é", count: 300), runner: "a\tb\nc")
    #expect(long.tool.utf8.count <= RunProvenance.maximumLength)
    #expect(long.runner == "a b c")
  }

  @Test func aVersionOneStoreIsReadAsItIsAndMigratedWhenWritten() throws {
    let path = try StoreFixtures.path()
    try Self.versionOne(path)
    do {
      let reader = try ResultStore(path: path, access: .read)
      defer { reader.close() }
      #expect(try reader.runSummaries().map(\.provenance) == [RunProvenance()])
    }
    #expect(try Self.version(path) == "1")
    let writer = try ResultStore(path: path, access: .write)
    try writer.addRun(
      try StoreFixtures.report("cardfeed-mixed.cardfeed@2"), label: "b", branch: "main",
      revision: "b", time: 2, provenance: Self.made)
    #expect(try writer.runSummaries().map(\.provenance) == [RunProvenance(), Self.made])
    writer.close()
    #expect(try Self.version(path) == "3")
  }

  @Test func aMergeCarriesProvenanceAndReadsAVersionOneStore() throws {
    let old = try StoreFixtures.path()
    try Self.versionOne(old)
    let newer = try StoreFixtures.path()
    do {
      let store = try ResultStore(path: newer, access: .create)
      defer { store.close() }
      try store.addRun(
        try StoreFixtures.report("cardfeed-mixed.cardfeed@2"), label: "a", branch: "main",
        revision: "a", time: 5, provenance: Self.made)
    }
    let target = try ResultStore(path: try StoreFixtures.path(), access: .create)
    defer { target.close() }
    for path in [old, newer] {
      let source = try ResultStore(path: path, access: .read)
      defer { source.close() }
      #expect(try target.merge(from: source).runsAdded == 1)
    }
    #expect(try target.runSummaries().map(\.provenance) == [RunProvenance(), Self.made])
    #expect(try Self.version(old) == "1")
  }

  @Test func anEditedProvenanceIsDamagedNotACrash() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path).close()
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "UPDATE reports SET runner = 'a' || char(10) || 'b'") }
    try queue.close()
    let store = try ResultStore(path: path, access: .read)
    defer { store.close() }
    #expect(throws: StoreError(.damaged, "", path: "")) { try store.runSummaries() }
  }
}
