// scrolltrace — opening a store's file for reading or writing, and making a new one whole.

import GRDB
import GRDBSQLite
import Synchronization
import TraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a store's connection is opened, checked, written and made.
enum StoreConnection {
  /// An open connection and its slot among those a signal interrupts.
  typealias Opened = (queue: DatabaseQueue, slot: Int?)

  /// Opens an existing store for reading without writing anything, and checks it.
  ///
  /// - Where this process may write the file and its folder and no other connection has it open
  ///   (no `-wal` beside it): a read-write connection that only reads (GRDB's reads run with
  ///   `query_only`). SQLite makes its `-wal` and `-shm` files for it and removes them on close,
  ///   when it is the last connection; the file's bytes do not change. (A read-only connection
  ///   would make them too, and leave them behind.)
  /// - Where another connection has it open (`-wal` and `-shm` are there): a read-only connection
  ///   (`SQLITE_OPEN_READONLY`) that uses them.
  /// - Where neither the file nor its folder can be written: no writer can change it, so it is
  ///   read `immutable` (no lock, no shared memory, nothing made), where this SQLite reads URIs.
  static func openForReading(_ location: StoreLocation) throws(StoreError) -> Opened {
    var configuration = baseConfiguration()
    var name = location.sqlitePath
    if location.hasWriteAheadLog {
      configuration.readonly = true
    } else if !location.isWritableHere {
      configuration.readonly = true
      if sqlite3_compileoption_used("USE_URI") == 1 { name = location.immutableURI }
    }
    return try retryingBusy { () throws(StoreError) -> Opened? in
      let opened = try open(name, configuration: configuration, location: location)
      do {
        try opened.queue.read { db in try check(db, location: location, forWriting: false) }
        return opened
      } catch {
        close(opened)
        throw storeError(error, path: location.path)
      }
    }
  }

  /// Opens an existing store for writing: checks it, then brings its schema up to date.
  ///
  /// An existing file with no tables (an empty file, a database just made) becomes a store. The
  /// check reads only the schema and `store_info`, not every page: what a write costs does not grow
  /// with the history it adds to (see ``check(_:location:forWriting:)``).
  static func openForWriting(_ location: StoreLocation) throws(StoreError) -> Opened {
    var configuration = baseConfiguration()
    configuration.foreignKeysEnabled = true
    var retriedOtherError = false
    return try retryingBusy { () throws(StoreError) -> Opened? in
      let opened = try open(location.sqlitePath, configuration: configuration, location: location)
      do {
        try opened.queue.read { db in try check(db, location: location, forWriting: true) }
        try StoreSchema.migrator.migrate(opened.queue)
        try opened.queue.writeWithoutTransaction { db in
          try StoreSchema.makeIndexes(db)
          if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
            try db.execute(sql: "PRAGMA journal_mode = WAL")
          }
        }
        return opened
      } catch let error where !isBusy(error) && !(error is StoreError) && !retriedOtherError {
        // Another process migrating the same empty file: its migration is committed by now, and
        // a second pass finds nothing to do.
        close(opened)
        retriedOtherError = true
        return nil
      } catch {
        close(opened)
        throw storeError(error, path: location.path)
      }
    }
  }

  /// Makes the store at `location` with its tables and `firstWrite`.
  ///
  /// The store is made under a temporary name in its folder and linked into place; when another
  /// process made the store meanwhile, `firstWrite` runs there instead. Returns what `firstWrite`
  /// returned and the store's connection.
  static func create<T>(_ location: StoreLocation, firstWrite: (Database) throws -> T)
    throws(StoreError) -> (T, Opened)
  {
    let temporary = try TemporaryStore(beside: location)
    defer { temporary.remove() }
    let result: T
    do {
      let (queue, slot) = try OpenConnections.opening(
        { try DatabaseQueue(path: temporary.sqlitePath, configuration: baseConfiguration()) },
        raw: { queue in queue.inDatabase { $0.sqliteConnection } })
      defer { close((queue, slot)) }
      try StoreSchema.migrator.migrate(queue)
      try queue.writeWithoutTransaction { try StoreSchema.makeIndexes($0) }
      result = try transaction(queue, location: location, firstWrite)
      try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
    } catch {
      throw storeError(error, path: location.path)
    }
    if try temporary.link(to: location) {
      let opened = try openForWriting(location)
      return (result, opened)
    }
    // Another job made the store first: this write goes there.
    let opened = try openForWriting(location)
    do {
      return (try transaction(opened.queue, location: location, firstWrite), opened)
    } catch {
      close(opened)
      throw error
    }
  }

  /// Runs `body` in one immediate transaction.
  static func transaction<T>(
    _ queue: DatabaseQueue, location: StoreLocation, _ body: (Database) throws -> T
  ) throws(StoreError) -> T {
    do {
      return try queue.writeWithoutTransaction { db in
        var result: T?
        try db.inTransaction(.immediate) {
          result = try body(db)
          return .commit
        }
        guard let result else {
          throw StoreError(.io, "the transaction gave nothing", path: location.path)
        }
        return result
      }
    } catch {
      throw storeError(error, path: location.path)
    }
  }

  /// GRDB's settings every connection shares: a busy wait that gives up at ``ResultStore/busyTimeout``
  /// or when a signal is held (SQLite's own timeout would sleep through it).
  private static func baseConfiguration() -> Configuration {
    var configuration = Configuration()
    let pause: useconds_t = 10_000
    let tries = Int(ResultStore.busyTimeout * 1_000_000) / Int(pause)
    configuration.busyMode = .callback { attempt in
      guard attempt < tries, !SignalCleanup.isSignalHeld else { return false }
      usleep(pause)
      return true
    }
    return configuration
  }

  /// Opens a connection named `name` and adds it to those a signal interrupts.
  private static func open(
    _ name: String, configuration: Configuration, location: StoreLocation
  ) throws(StoreError) -> Opened {
    do {
      let (queue, slot) = try OpenConnections.opening(
        { try DatabaseQueue(path: name, configuration: configuration) },
        raw: { queue in queue.inDatabase { $0.sqliteConnection } })
      return (queue, slot)
    } catch {
      throw storeError(error, path: location.path)
    }
  }

  /// Closes a connection and ends its deferred section.
  ///
  /// The connection leaves the table a signal interrupts first, and runs one statement before it
  /// closes: `sqlite3_interrupt` sets a flag that stays set while no statement runs (a statement
  /// begun with none running clears it, https://sqlite.org/c3ref/interrupt.html), and the
  /// checkpoint SQLite runs on close stops at that flag, which would leave the `-wal` and `-shm`
  /// files beside the store.
  ///
  /// The closed queue is kept until the next store closes (or the process exits) and released
  /// then: GRDB's `DatabaseQueue` deinitializer removes the queue from Foundation's
  /// `NotificationCenter`, whose first use in a process makes the Swift runtime search the
  /// binary's protocol conformances twice: about 0.45 M instructions, a twentieth of a whole
  /// `history add` (docs/performance.md). A command opens one store and exits; a program that
  /// opens many holds one closed queue at a time.
  static func close(_ opened: Opened) {
    if let slot = opened.slot { OpenConnections.remove(slot) }
    try? opened.queue.inDatabase { db in try db.execute(sql: "SELECT 1") }
    try? opened.queue.close()
    if opened.slot != nil { SignalCleanup.endDeferredSection() }
    // The queue closed before this one is released here, outside the lock.
    _ = lastClosed.withLock { last in
      defer { last = opened.queue }
      return last
    }
  }

  /// The queue closed last, released when the next closes (``close(_:)``).
  private static let lastClosed = Mutex<DatabaseQueue?>(nil)

  /// Runs `body` until it returns a value, again after 20 ms while it fails with SQLite's "busy"
  /// (SQLite answers it at once, without its busy handler, while another connection recovers the
  /// log), for at most ``ResultStore/busyTimeout``, and again at once when it returns `nil`.
  private static func retryingBusy<T>(_ body: () throws(StoreError) -> T?) throws(StoreError) -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(ResultStore.busyTimeout)
    while true {
      do {
        if let value = try body() { return value }
      } catch let error
        where error.code == .busy && clock.now < deadline && !SignalCleanup.isSignalHeld
      {
        usleep(20_000)
      }
    }
  }

  /// Whether `error` is SQLite's "busy" or "locked".
  private static func isBusy(_ error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
  }

  /// A GRDB or SQLite error as a store error naming the file.
  static func storeError(_ error: any Error, path: String) -> StoreError {
    if let error = error as? StoreError { return error }
    guard let error = error as? DatabaseError else {
      return StoreError(.io, StoreRow.excerpt("\(error)"), path: path)
    }
    switch error.resultCode {
    case .SQLITE_NOTADB:
      return StoreError(.notAStore, "not a SQLite database", path: path)
    case .SQLITE_CORRUPT:
      return StoreError(
        .damaged, "the database is damaged (\(StoreRow.excerpt(error.message ?? "malformed")))",
        path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return StoreError(
        .busy, "another process held the store for over \(Int(ResultStore.busyTimeout)) s",
        path: path)
    case .SQLITE_INTERRUPT:
      return StoreError(.io, "interrupted", path: path)
    case .SQLITE_READONLY:
      return StoreError(
        .io, "cannot write the store (\(StoreRow.excerpt(error.message ?? "read-only")))",
        path: path)
    default:
      return StoreError(.io, StoreRow.excerpt(error.message ?? "\(error)"), path: path)
    }
  }
}
