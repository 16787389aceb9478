// scrolltrace fuzz suite — a results store edited into anything SQLite keeps, then read.

import Analyze
import Foundation
import FuzzSupport
import GRDBSQLite
import Presentation
import ResultStore

/// The store every input starts from: a baseline `main` of one report and four runs of `main`,
/// made once by the tool in a folder of this process's own (in memory, /dev/shm, where there is
/// one).
enum Template {
  nonisolated(unsafe) static var folder = ""
  nonisolated(unsafe) static var path = ""
  nonisolated(unsafe) static var bytes: [UInt8] = []

  static func make() {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp"
    folder = "\(base)/scrolltrace-fuzz-store-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    path = folder + "/s.sqlite"
    guard let v1 = FuzzInput.file("Tests/Goldens/cardfeed-mixed.cardfeed@1.report.json"),
      let v2 = FuzzInput.file("Tests/Goldens/cardfeed-mixed.cardfeed@2.report.json"),
      let store = try? ResultStore(path: path, access: .create)
    else {
      fatalError("FuzzStore: run from the repository's root (Tests/Goldens)")
    }
    do {
      try store.saveBaseline("main", reports: [(v1, "v1")], revision: "r0", time: 1)
      for (run, report) in [v1, v1, v2, v2].enumerated() {
        try store.addRun(
          report, label: "r", branch: "main", revision: "r\(run + 1)", time: Int64(10 + run),
          engine: "cardfeed",
          provenance: RunProvenance(tool: "scrolltrace", machine: "Linux", runner: "CI \(run)"))
      }
    } catch {
      fatalError("FuzzStore: cannot make the template store: \(error)")
    }
    store.close()
    bytes = FuzzInput.file(path) ?? []
    atexit { try? FileManager.default.removeItem(atPath: Template.folder) }
  }
}

/// The columns an edit can reach, by table.
let tables: [(name: String, columns: [String])] = [
  (
    "reports",
    [
      "kind", "name", "revision", "time", "engine", "settings", "report", "added", "id", "tool",
      "machine", "runner",
    ]
  ),
  ("results", ["report_id", "trace", "content_hash", "metric", "value"]),
  ("store_info", ["key", "value"]),
  ("grdb_migrations", ["identifier"]),
]

/// Applies the edits the input spells to the store, as `sqlite3` would.
///
/// The edits go through SQLite's C interface; each is an operation (update, delete, or a long value), a table, a column, a row, a
/// value's type and bytes. An edit SQLite refuses (a constraint) is passed over.
func edit(_ input: ArraySlice<UInt8>) {
  var connection: OpaquePointer?
  guard sqlite3_open_v2(Template.path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK
  else {
    sqlite3_close(connection)
    return
  }
  defer { sqlite3_close(connection) }
  var cursor = input
  func take() -> UInt8 { cursor.popFirst() ?? 0 }
  while cursor.count >= 5 {
    let operation = take() % 4
    let table = tables[Int(take()) % tables.count]
    let column = table.columns[Int(take()) % table.columns.count]
    let row = Int(take())
    let kind = take() % 5
    let length = Int(take() % 64)
    let value = Array(cursor.prefix(length))
    cursor = cursor.dropFirst(length)
    let eight = Array((value + [UInt8](repeating: 0, count: 8)).prefix(8))
    let integer = eight.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
    let condition = "WHERE rowid = (SELECT rowid FROM \(table.name) LIMIT 1 OFFSET \(row))"
    let sql: String
    switch operation {
    case 0, 1:
      let expression = ["NULL", "?1", "?1", "CAST(?1 AS TEXT)", "?1"][Int(kind)]
      sql = "UPDATE \(table.name) SET \(column) = \(expression) \(condition)"
    case 2:
      sql = "DELETE FROM \(table.name) \(condition)"
    default:
      // A text column given a very long value, as a bulk edit would.
      sql = "UPDATE \(table.name) SET \(column) = printf('%.*c', ?1, 'x') \(condition)"
    }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
      sqlite3_finalize(statement)
      continue
    }
    switch (operation, kind) {
    case (3, _): sqlite3_bind_int64(statement, 1, integer & 0xFFFFF)
    case (_, 1): sqlite3_bind_int64(statement, 1, integer)
    case (_, 2): sqlite3_bind_double(statement, 1, Double(bitPattern: UInt64(bitPattern: integer)))
    case (_, 3), (_, 4):
      _ = value.withUnsafeBytes { bytes in
        // SQLITE_TRANSIENT: SQLite copies the bytes.
        sqlite3_bind_blob(
          statement, 1, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
          unsafeBitCast(-1, to: sqlite3_destructor_type.self))
      }
    default: break
    }
    _ = sqlite3_step(statement)
    sqlite3_finalize(statement)
  }
}

/// The reading calls `history list`, `check`, `show`, `baseline list` and `gate --baseline-store`
/// make, and the pages history check and show make of what they read; `selector` picks which (every
/// call opens and checks the store).
func read(_ selector: UInt8) {
  guard let store = try? ResultStore(path: Template.path, access: .read) else { return }
  defer { store.close() }
  switch selector % 5 {
  case 0:
    _ = try? store.runSummaries()
    _ = try? store.runSummaries(branch: "main")
    _ = try? store.branches()
  case 1:
    _ = try? store.runs()
  case 2:
    _ = try? store.baselines()
    _ = try? store.baselineMetrics("main")
  case 3:
    _ = try? store.series()
  default:
    guard let series = try? store.series(metrics: ["frames", "work.viewsCreated"], newestRuns: 3)
    else { return }
    let check = HistoryCheck()
    let result = check.run(series)
    _ = result.markdown(check).count + result.table(check).count + result.json(check).count
    _ = HistoryTable.render(series, last: 5, markdown: true).count
    let page = HistoryHTML.page(series, result: result, check: check)
    if let problem = PageCheck.html(page) { fatalError("history page: \(problem)") }
  }
}

/// libFuzzer's entry point: a store edited, then read.
///
/// The input's first byte picks the reading calls, the rest is a sequence of edits to the template store (``edit(_:)``). A trap is a bug; so is a reader that
/// changes the store's bytes or leaves a file beside it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  guard let file = fopen(Template.path, "wb") else { return 0 }
  _ = Template.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
  fclose(file)
  let input = FuzzInput.bytes(start, count)
  edit(input.dropFirst())
  let before = FuzzInput.file(Template.path)
  read(input[0])
  if FuzzInput.file(Template.path) != before {
    fatalError("a reader changed the store's bytes")
  }
  var info = stat()
  for suffix in ["-wal", "-shm", "-journal"] where stat(Template.path + suffix, &info) == 0 {
    fatalError("a reader left \(suffix) beside the store")
  }
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzStore_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  Template.make()
  return FuzzDriver.run(argc, argv, fuzz)
}
