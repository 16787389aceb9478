// scrolltrace — baselines and history kept in one SQLite file.

import GRDB
import Synchronization
import TraceCore

/// Reports kept between runs in one SQLite file (through GRDB.swift): baselines under a name, and
/// a history of runs per branch, each report whole and its metrics in rows `sqlite3` can query
/// (docs/history.md).
///
/// **Readers never write.** A store opened for ``Access/read`` is never created, migrated or
/// changed, works where the user may not write (a read-only checkout, a restored artifact), and
/// is not held up by a writer (WAL lets readers go on). Reading takes SQLite's shared-memory files
/// only where they are already there or can be removed again on close; where the file and its
/// folder cannot be written, the store cannot change and is read `immutable` (no lock, nothing
/// made).
///
/// **Safe to share.** The file is in WAL mode with a busy timeout: two CI jobs writing at once
/// wait for each other and lose nothing; each change is one immediate transaction.
///
/// **Appears whole, with its first write.** A store that does not exist yet is made under a
/// temporary name beside it, with its tables and its first write, and linked into place
/// (`link(2)`: never over a file another job made meanwhile, which then takes the write instead).
/// A refused or interrupted command leaves no store behind.
///
/// **Refuses before it writes.** An existing file is checked — a SQLite database, a results store
/// (its `store_info` says so), not damaged (SQLite's quick check), of a schema this tool knows —
/// before anything is written. Every value read is checked against the type the store writes: a
/// store edited into something else is `damaged`, one line, never a crash.
///
/// **Interrupted cleanly.** While a connection is open, a terminating signal is held: SQLite's
/// work is interrupted (`sqlite3_interrupt`), the transaction rolls back, the connection closes
/// (its `-wal` and `-shm` files go with it) and then the signal ends the process.
public final class ResultStore: Sendable {
  /// How a store is opened.
  public enum Access: Sendable, Hashable {
    /// Reading only: the file must be a store; nothing is created or changed.
    case read
    /// Reading and writing an existing store.
    case write
    /// Reading and writing; a store that does not exist is made with the first write.
    case create
  }

  /// The file's path, as given.
  public let path: String
  /// How the store was opened.
  public let access: Access
  let location: StoreLocation
  private let connection: Mutex<Connection>

  /// The open connection, if any, and its place among the connections a signal interrupts.
  struct Connection: Sendable {
    var queue: DatabaseQueue?
    var slot: Int?
    var isClosed = false
  }

  /// The times a run or baseline may be stored under, in seconds since the Unix epoch: 1970 to
  /// the end of 9999.
  public static var times: ClosedRange<Int64> { StoreSchema.times }

  /// How long a write waits for another process holding the store, in seconds.
  public static let busyTimeout: Double = 30

  /// Opens the store at `path` for `access`.
  ///
  /// - Throws: ``StoreError``: `notFound` when there is no file and `access` is not `create`;
  ///   `notAStore`, `damaged`, `newerSchema`, `invalid` (an empty name) or `io`.
  public init(path: String, access: Access) throws {
    self.path = path
    self.access = access
    location = try StoreLocation(path)
    guard location.exists else {
      guard access == .create else {
        throw StoreError(
          .notFound, "no results store here (`baseline save` or `history add` makes one)",
          path: path)
      }
      connection = Mutex(Connection())
      return
    }
    if access == .read, location.isEmpty {
      throw StoreError(
        .notAStore,
        "an empty file, not a results store yet (`baseline save` or `history add` makes one)",
        path: path)
    }
    let opened =
      access == .read
      ? try StoreConnection.openForReading(location) : try StoreConnection.openForWriting(location)
    connection = Mutex(Connection(queue: opened.queue, slot: opened.slot))
  }

  deinit { close() }

  /// Closes the connection.
  ///
  /// SQLite folds its write-ahead log back into the file when this is the last connection; a
  /// signal held meanwhile then ends the process. Later calls of the store throw `io`.
  public func close() {
    let opened = connection.withLock { state -> StoreConnection.Opened? in
      guard !state.isClosed else { return nil }
      state.isClosed = true
      defer { state.queue = nil }
      return state.queue.map { ($0, state.slot) }
    }
    if let opened { StoreConnection.close(opened) }
  }

  /// The open connection, or why there is none.
  private func queue() throws(StoreError) -> DatabaseQueue? {
    let state = connection.withLock { $0 }
    guard !state.isClosed else {
      throw StoreError(.io, "the store was closed", path: path)
    }
    return state.queue
  }

  /// Runs `body` in one immediate transaction.
  ///
  /// The transaction takes the write lock at once, so two writers wait for each other instead of
  /// failing when one upgrades a read. A store to be made is made with it.
  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    guard access != .read else {
      throw StoreError(.invalid, "the store was opened for reading", path: path)
    }
    guard let queue = try queue() else {
      let (result, opened) = try StoreConnection.create(location, firstWrite: body)
      connection.withLock { state in
        state.queue = opened.queue
        state.slot = opened.slot
      }
      return result
    }
    return try StoreConnection.transaction(queue, location: location, body)
  }

  /// Runs `body` reading the store.
  ///
  /// - Throws: ``StoreError`` `notFound` for a store to be made that is not made yet.
  func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    guard let queue = try queue() else {
      throw StoreError(
        .notFound, "no results store here (`baseline save` or `history add` makes one)",
        path: path)
    }
    do {
      return try queue.read(body)
    } catch {
      throw StoreConnection.storeError(error, path: path)
    }
  }

  /// Iterates the rows of `sql` one at a time, each checked (``StoreRow``).
  ///
  /// Memory holds one row, whatever the store's size. A store opened to be made and not made yet
  /// has no rows.
  func forEachRow(
    _ sql: String, arguments: StatementArguments = [], table: String,
    _ body: (StoreRow) throws(StoreError) -> Void
  ) throws(StoreError) {
    guard try queue() != nil else { return }
    let path = self.path
    do {
      try read { db in
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var columns: [String: Int]?
        while let row = try rows.next() {
          let places = columns ?? StoreRow.columns(of: row)
          columns = places
          try body(StoreRow(row: row, columns: places, table: table, path: path))
        }
      }
    } catch {
      throw StoreConnection.storeError(error, path: path)
    }
  }
}
