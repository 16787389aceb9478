// scrolltrace — baselines and history kept in one SQLite file.

import Foundation
import GRDB
import TraceCore

/// Reports kept between runs in one SQLite file (through GRDB.swift): baselines under a name, and
/// a history of runs per branch, each report whole and its metrics in rows `sqlite3` can query
/// (docs/history.md).
///
/// **Safe to share.** The file is in WAL mode with a busy timeout: two CI jobs writing at once
/// wait for each other and lose nothing; each change is one immediate transaction.
///
/// **Refuses before it writes.** An existing file is opened read-only first and checked — a SQLite
/// database, a results store (its `store_info` says so), not damaged (SQLite's quick check), of a
/// schema this tool knows — and only then opened for writing. A foreign or damaged file gets one
/// error naming it and is left as it was.
public final class ResultStore: Sendable {
  /// The file's path.
  public let path: String
  private let queue: DatabaseQueue

  /// How long a write waits for another process holding the store, in seconds.
  public static let busyTimeout: Double = 30

  /// Opens the store at `path`, creating it (and its tables) if `creating` and it does not exist.
  ///
  /// - Throws: ``StoreError``: `notAStore`, `damaged`, `newerSchema`, `io`, or `notFound` when the
  ///   file does not exist and `creating` is false.
  public init(path: String, creating: Bool) throws(StoreError) {
    self.path = path
    // SQLite opens a store by name: a name with bytes that are not UTF-8 (kept as escapes by the
    // tool) would open another file.
    guard PathName.bytes(path) == Array(path.utf8) else {
      throw StoreError(
        .io, "a results store's name must be valid UTF-8 (SQLite opens it by name)", path: path)
    }
    var info = stat()
    let exists = stat(path, &info) == 0
    if !exists, !creating {
      throw StoreError(
        .notFound, "no results store here (`baseline save` or `history add` makes one)", path: path)
    }
    if exists {
      // A pipe or a device would block SQLite or be written through; a directory cannot be one.
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw StoreError(
          .notAStore, "not a regular file (a store is one SQLite file)", path: path)
      }
      try Self.retryingBusy { () throws(StoreError) -> Void? in try Self.check(path) }
    }
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(Self.busyTimeout)
    configuration.foreignKeysEnabled = true
    queue = try Self.open(path, configuration: configuration)
  }

  /// Opens the store's file and brings its schema up to date, waiting for another process that
  /// is making or migrating the same store.
  ///
  /// Two processes making one store at once (two CI jobs' first `history add`) meet in ways a busy
  /// timeout does not cover: SQLite answers "busy" at once, without waiting, while another
  /// connection switches the new file to WAL or recovers its log; and GRDB's migrator reads which
  /// migrations are applied before it takes the write lock, so the second can try to create the
  /// tables the first has just created. Each migration is one transaction, so opening and
  /// migrating again is safe: "busy" is retried until ``busyTimeout`` has passed, any other error
  /// once (the other process's migration is committed by then, and a second pass finds nothing to
  /// do); a store that is really unusable fails with the last error.
  private static func open(
    _ path: String, configuration: Configuration
  ) throws(StoreError) -> DatabaseQueue {
    var retriedOtherError = false
    return try retryingBusy { () throws(StoreError) -> DatabaseQueue? in
      do {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try StoreSchema.migrator.migrate(queue)
        return queue
      } catch let error where !isBusy(error) && !retriedOtherError {
        retriedOtherError = true
        return nil
      } catch {
        throw storeError(error, path: path)
      }
    }
  }

  /// Runs `body` until it returns a value, again after 20 ms while it fails with SQLite's "busy"
  /// (for at most ``busyTimeout``), and again at once when it returns `nil`.
  private static func retryingBusy<T>(_ body: () throws(StoreError) -> T?) throws(StoreError) -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(busyTimeout)
    while true {
      do {
        if let value = try body() { return value }
      } catch let error where error.code == .busy && clock.now < deadline {
        usleep(20_000)
      }
    }
  }

  /// Whether `error` is SQLite's "busy" or "locked".
  private static func isBusy(_ error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
  }

  /// Checks an existing file without writing to it: a SQLite results store of a known schema that
  /// SQLite's quick check finds whole.
  private static func check(_ path: String) throws(StoreError) {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    do {
      let reader = try DatabaseQueue(path: path, configuration: configuration)
      try reader.read { db in
        let tables = try String.fetchAll(
          db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        // An empty database (a file SQLite made, nothing in it yet) becomes a store; so does one
        // that another process is making a store of (GRDB's migrator commits its empty table of
        // applied migrations before the first migration).
        guard !tables.isEmpty else { return }
        if tables == ["grdb_migrations"],
          try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") == 0
        {
          return
        }
        guard tables.contains("store_info"),
          try String.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'schema'")
            == StoreSchema.name
        else {
          throw StoreError(
            .notAStore,
            "a SQLite database, but not a scrolltrace results store (its tables: \(tables.prefix(6).joined(separator: ", ")))",
            path: path)
        }
        let version =
          try String.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'version'")
          .flatMap { Int($0) } ?? 0
        guard version <= StoreSchema.version else {
          throw StoreError(
            .newerSchema,
            "written by a newer scrolltrace (schema version \(version); this one knows \(StoreSchema.version))",
            path: path)
        }
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard check == ["ok"] else {
          throw StoreError(
            .damaged, "SQLite's quick check fails: \(check.prefix(3).joined(separator: "; "))",
            path: path)
        }
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw storeError(error, path: path)
    }
  }

  /// A GRDB or SQLite error as a store error naming the file.
  static func storeError(_ error: any Error, path: String) -> StoreError {
    guard let error = error as? DatabaseError else {
      return error as? StoreError ?? StoreError(.io, "\(error)", path: path)
    }
    switch error.resultCode {
    case .SQLITE_NOTADB:
      return StoreError(.notAStore, "not a SQLite database", path: path)
    case .SQLITE_CORRUPT:
      return StoreError(
        .damaged, "the database is damaged (\(error.message ?? "malformed"))", path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return StoreError(
        .busy, "another process held the store for over \(Int(busyTimeout)) s", path: path)
    default:
      return StoreError(.io, error.message ?? "\(error)", path: path)
    }
  }

  /// Runs `body` in one immediate transaction (it takes the write lock at once, so two writers
  /// wait for each other instead of failing when one upgrades a read).
  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try queue.writeWithoutTransaction { db in
        var result: T?
        try db.inTransaction(.immediate) {
          result = try body(db)
          return .commit
        }
        guard let result else { throw StoreError(.io, "the transaction gave nothing", path: path) }
        return result
      }
    } catch {
      throw Self.storeError(error, path: path)
    }
  }

  /// Runs `body` reading the store.
  func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try queue.read(body)
    } catch {
      throw Self.storeError(error, path: path)
    }
  }
}
