// What is not a store, or no longer one, is refused in one error and left as it was.

import Foundation
import GRDB
import ResultStore
import Testing

@Suite struct StoreRefusalTests {
  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  func expectRefused(_ path: String, _ code: StoreError.Code) throws {
    let before = try bytes(path)
    #expect(throws: StoreError(code, "", path: "")) { try ResultStore(path: path, access: .create) }
    #expect(try bytes(path) == before)
  }

  @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
    let path = try StoreFixtures.path("report.json")
    try Data(try StoreFixtures.report("cardfeed-mixed.cardfeed@1")).write(
      to: URL(fileURLWithPath: path))
    try expectRefused(path, .notAStore)
  }

  @Test func anotherApplicationsDatabaseIsRefusedUntouched() throws {
    let path = try StoreFixtures.path("app.sqlite")
    let queue = try DatabaseQueue(path: path)
    try queue.write {
      try $0.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x')")
    }
    try queue.close()
    try expectRefused(path, .notAStore)
  }

  @Test func aStoreOfANewerSchemaIsRefused() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path)
    let queue = try DatabaseQueue(path: path)
    try queue.write {
      try $0.execute(sql: "UPDATE store_info SET value = '99' WHERE key = 'version'")
    }
    try queue.close()
    #expect(throws: StoreError(.newerSchema, "", path: "")) {
      try ResultStore(path: path, access: .write)
    }
  }

  @Test func aDamagedStoreIsRefusedAndKeepsItsBytes() throws {
    let path = try StoreFixtures.path()
    let store = try ResultStore(path: path, access: .create)
    try store.saveBaseline(
      "main", reports: [(try StoreFixtures.report("cardfeed-mixed.cardfeed@1"), "a")],
      revision: "r", time: 1)
    // Checkpoint the WAL into the file, as a finished job leaves it.
    let queue = try DatabaseQueue(path: path)
    _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    try queue.close()
    var damaged = try bytes(path)
    // The second page's b-tree header: a page type no SQLite page has.
    let page = 4096
    damaged.replaceSubrange(
      page..<(page + 8), with: [0x0d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
    try damaged.write(to: URL(fileURLWithPath: path))
    try expectRefused(path, .damaged)
    // A store cut short is damaged too.
    try damaged.prefix(2 * page + 100).write(to: URL(fileURLWithPath: path))
    try expectRefused(path, .damaged)
  }

  @Test func aFolderOrADeviceIsNotAStore() throws {
    #expect(throws: StoreError(.notAStore, "", path: "")) {
      try ResultStore(path: "/dev/null", access: .create)
    }
    #expect(throws: StoreError(.notAStore, "", path: "")) {
      try ResultStore(path: FileManager.default.temporaryDirectory.path, access: .create)
    }
    #expect(throws: StoreError(.notFound, "", path: "")) {
      try ResultStore(path: try StoreFixtures.path(), access: .write)
    }
  }

  @Test func theSchemaIsVersionedAndMigrated() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path)
    let queue = try DatabaseQueue(path: path)
    let (schema, version, migrations) = try queue.read { db in
      (
        try String.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'schema'"),
        try String.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'version'"),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
      )
    }
    #expect(schema == "scrolltrace-results" && version == "3" && migrations == ["v1", "v2", "v3"])
    #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    try queue.close()
    _ = try ResultStore(path: path, access: .write)  // opening again migrates nothing
  }
}
