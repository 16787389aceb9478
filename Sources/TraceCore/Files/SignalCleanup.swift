// scrolltrace — what a signal must undo before it ends the process: temporary files to remove,
// and a section of work (a database connection) that must end first.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's cleanup on a terminating signal, shared by every module of the tool.
///
/// **Temporary files.** A verb registers each temporary file before it creates it and forgets it
/// once it is renamed into place or removed; a signal unlinks every file still registered.
///
/// **Child processes.** A child the tool starts in a process group of its own (another build of
/// the tool, `--baseline-tool`) is registered while it runs; a signal ends its group first
/// (SIGTERM), so no child outlives the tool.
///
/// **Deferred sections.** Some work cannot be cut short without leaving something behind: a
/// SQLite connection killed mid-transaction leaves its `-wal` and `-shm` files beside the
/// database. Such work runs inside ``beginDeferredSection(interrupt:)`` and
/// ``endDeferredSection()``: a signal that arrives meanwhile is held, the section's `interrupt`
/// function is called (for SQLite, `sqlite3_interrupt`, as SQLite's own shell calls it from its
/// SIGINT handler), and the signal ends the process once the section has ended and closed what it
/// opened.
///
/// Nothing here acts until the tool's entry point calls ``install()``: a library used by an app
/// or a test registers and defers for nothing. The signal handler itself may only call
/// async-signal-safe functions, so the state lives in fixed tables allocated by ``install()``:
/// C strings for the paths, and plain integers for the section depth and the held signal.
package enum SignalCleanup {
  private static let capacity = 32
  nonisolated(unsafe) private static var table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  /// `[0]`: open deferred sections; `[1]`: the signal held until they end (0: none).
  nonisolated(unsafe) private static var state: UnsafeMutablePointer<Int32>?
  /// The process groups of running children (0: a free slot).
  nonisolated(unsafe) private static var children: UnsafeMutablePointer<Int32>?
  /// What interrupts the open section's work (set while a section is open).
  nonisolated(unsafe) private static var interrupt: (@convention(c) () -> Void)?

  /// The signals that end the process by default and that it can catch (`signal(7)`): what the
  /// tool's handlers clean up for, and what a child it starts has back at their defaults.
  package static var terminatingSignals: [Int32] {
    var signals = [
      SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM,
      SIGXCPU, SIGXFSZ, SIGIO,
    ]
    #if os(Linux)
    signals += [SIGPWR, SIGSTKFLT]
    #endif
    return signals
  }

  /// Whether ``install()`` has run: the process is the tool, with its handlers.
  package static var isInstalled: Bool { table != nil }

  /// Allocates the tables (once, on the main thread, before any handler can run).
  package static func install() {
    guard table == nil else { return }
    let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    paths.initialize(repeating: nil, count: capacity)
    let counters = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
    counters.initialize(repeating: 0, count: 2)
    let groups = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    groups.initialize(repeating: 0, count: capacity)
    state = counters
    children = groups
    table = paths
  }

  /// Remembers the process group `group` (a child started as its leader) until
  /// ``unregisterChild(_:)``: a signal ends it.
  package static func registerChild(_ group: Int32) {
    guard let children else { return }
    for slot in 0..<capacity where children[slot] == 0 {
      children[slot] = group
      return
    }
  }

  /// Forgets the process group `group`.
  package static func unregisterChild(_ group: Int32) {
    guard let children else { return }
    for slot in 0..<capacity where children[slot] == group { children[slot] = 0 }
  }

  /// Sends SIGTERM to every registered child's process group: async-signal-safe.
  package static func endChildren() {
    guard let children else { return }
    for slot in 0..<capacity where children[slot] > 0 { kill(-children[slot], SIGTERM) }
  }

  /// Remembers `path` (a name as ``PathName`` keeps it) until ``unregister(_:)``.
  package static func register(_ path: String) {
    guard let table else { return }
    for slot in 0..<capacity where table[slot] == nil {
      table[slot] = PathName.withCString(path) { strdup($0) }
      return
    }
  }

  /// Forgets `path`.
  package static func unregister(_ path: String) {
    guard let table else { return }
    let bytes = PathName.bytes(path)
    for slot in 0..<capacity {
      if let stored = table[slot],
        Array(UnsafeRawBufferPointer(start: stored, count: strlen(stored))) == bytes
      {
        table[slot] = nil
        free(stored)
      }
    }
  }

  /// Unlinks every registered path: async-signal-safe (no allocation, no locks).
  package static func unlinkAll() {
    guard let table else { return }
    for slot in 0..<capacity {
      if let path = table[slot] { unlink(path) }
    }
  }

  /// Opens a section during which a terminating signal is held; `interrupt` is called from the
  /// signal handler to cut the section's work short, so it must be async-signal-safe.
  ///
  /// Sections nest; each must be closed by ``endDeferredSection()``.
  package static func beginDeferredSection(interrupt: (@convention(c) () -> Void)?) {
    guard let state else { return }
    if let interrupt { Self.interrupt = interrupt }
    state[0] += 1
  }

  /// Closes the innermost section; when it was the last and a signal arrived meanwhile, removes
  /// the temporary files and ends the process by that signal.
  package static func endDeferredSection() {
    guard let state, state[0] > 0 else { return }
    state[0] -= 1
    guard state[0] == 0 else { return }
    interrupt = nil
    let held = state[1]
    guard held != 0 else { return }
    endChildren()
    unlinkAll()
    _ = signal(held, SIG_DFL)
    raise(held)
  }

  /// Whether a signal arrived during a section that is still open (its work should stop).
  package static var isSignalHeld: Bool { (state?[1] ?? 0) != 0 }

  /// Holds `number` when a section is open: called by the signal handler.
  ///
  /// When a section is open, interrupts its work and returns `true` (the handler returns);
  /// otherwise returns `false` (the handler cleans up and ends the process). Async-signal-safe.
  package static func holdIfDeferred(_ number: Int32) -> Bool {
    guard let state, state[0] > 0 else { return false }
    if state[1] == 0 { state[1] = number }
    interrupt?()
    return true
  }
}
