// A store edited with sqlite3 into values the tool never writes: every reading call refuses it as
// damaged, naming the report and the column, and never traps.

import Foundation
import GRDB
import ResultStore
import Testing
import TraceCore

@Suite struct EditedStoreTests {
  /// A store with a baseline and a run, then `edit` applied with another connection, as `sqlite3`
  /// would; SQLite's quick check still passes.
  func edited(_ edit: String) throws -> String {
    let path = try StoreFixtures.path()
    let store = try ResultStore(path: path, access: .create)
    let report = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    try store.saveBaseline("main", reports: [(report, "a")], revision: "r1", time: 10)
    try store.addRun(report, label: "a", branch: "main", revision: "r1", time: 10)
    store.close()
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: edit) }
    #expect(try queue.read { try String.fetchAll($0, sql: "PRAGMA quick_check") } == ["ok"])
    try queue.close()
    return path
  }

  /// Every reading call of the store, by name.
  static let readers: [(String, @Sendable (ResultStore) throws -> Void)] = [
    ("runs", { _ = try $0.runs() }),
    ("series", { _ = try $0.series() }),
    ("baselines", { _ = try $0.baselines() }),
    ("baseline", { _ = try $0.baselineMetrics("main") }),
  ]

  @Test(arguments: [
    ("UPDATE reports SET time = 'yesterday'", "time holds the text 'yesterday'"),
    ("UPDATE reports SET time = 1e30", "time holds the number 1e+30"),
    ("UPDATE reports SET time = -5", "time holds the integer -5"),
    ("UPDATE reports SET revision = CAST(x'ff41' AS TEXT)", "revision holds the text"),
    ("UPDATE reports SET engine = x'00ff'", "engine"),
    ("UPDATE reports SET kind = 'history' WHERE kind = 'baseline'", ""),
    ("UPDATE results SET value = 'abc'", "value holds the text 'abc'"),
    ("UPDATE results SET value = 9e999", "value holds the number inf"),
    ("UPDATE reports SET report = 'not json'", "no longer reads as a report"),
  ])
  func anEditedValueIsDamagedNeverATrap(edit: String, message: String) throws {
    let path = try edited(edit)
    var refusals = 0
    for (name, read) in Self.readers {
      let store = try ResultStore(path: path, access: .read)
      do {
        try read(store)
      } catch let error as StoreError {
        refusals += 1
        #expect(error.code == .damaged || error.code == .notFound, "\(name): \(error)")
        if error.code == .damaged {
          #expect(error.reason.contains(message), "\(name): \(error)")
          #expect(error.description.utf8.count < 400, "\(name): \(error)")
          #expect(!error.description.contains("\n"))
        }
      }
    }
    // Each edit touches what at least one reader reads.
    #expect(refusals > 0, "\(edit)")
  }

  @Test func aStoreInfoWithoutAVersionIsDamaged() throws {
    let path = try edited("UPDATE store_info SET value = x'01' WHERE key = 'version'")
    #expect(throws: StoreError(.damaged, "", path: "")) {
      try ResultStore(path: path, access: .read)
    }
  }
}
