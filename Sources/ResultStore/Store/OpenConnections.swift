// scrolltrace — the SQLite connections a terminating signal interrupts.

import GRDBSQLite
import TraceCore

/// The raw SQLite connections of the stores open in this process, in a fixed table a signal
/// handler can read: ``interrupt`` calls `sqlite3_interrupt` on each, as SQLite's own shell does
/// from its SIGINT handler ("It is safe to call this routine from a thread different from the
/// thread that is currently running the database operation", https://sqlite.org/c3ref/interrupt.html).
enum OpenConnections {
  private static let capacity = 8
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<OpaquePointer?> = {
    let slots = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return slots
  }()

  /// Interrupts every open connection's work: async-signal-safe (reads the table, sets SQLite's
  /// flag).
  static let interrupt: @convention(c) () -> Void = {
    for slot in 0..<OpenConnections.capacity {
      if let connection = OpenConnections.slots[slot] { sqlite3_interrupt(connection) }
    }
  }

  /// Runs `open` inside a deferred section (``SignalCleanup``) and adds the connection it opens.
  ///
  /// Returns the connection and its slot, which ``remove(_:)`` takes back (the caller then ends
  /// the section). The section opens before the connection does: SQLite may make its `-wal` and
  /// `-shm` files as it opens, and a signal then must wait for the close that removes them.
  static func opening<Connection>(
    _ open: () throws -> Connection, raw: (Connection) -> OpaquePointer?
  ) throws -> (Connection, Int) {
    // The table is made before a signal can read it: made first inside the handler, it would
    // allocate in a signal that may have interrupted malloc (SQLite allocates as it opens), and a
    // corrupted heap ends the process with SIGABRT, the connection's -wal and -shm left behind.
    _ = slots
    SignalCleanup.beginDeferredSection(interrupt: interrupt)
    let connection: Connection
    do {
      connection = try open()
    } catch {
      SignalCleanup.endDeferredSection()
      throw error
    }
    return (connection, add(raw(connection)))
  }

  /// Adds `connection` to the table; returns its slot.
  private static func add(_ connection: OpaquePointer?) -> Int {
    for slot in 0..<capacity where slots[slot] == nil {
      slots[slot] = connection
      return slot
    }
    // More stores at once than slots: still deferred, interrupted only through the others.
    return -1
  }

  /// Forgets the connection in `slot` (the caller then ends its deferred section).
  static func remove(_ slot: Int) {
    if (0..<capacity).contains(slot) { slots[slot] = nil }
  }
}
