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
  // The handler's state lives in memory allocated once, reached through `let`s: a handler that
  // read a `var` the code it interrupted was writing would be an exclusivity conflict, which the
  // Swift runtime ends with SIGABRT, and a `let` is never tracked. ``install()`` makes each one
  // (the first use of a `let` allocates, which a handler must not).
  /// The registered paths (nil: a free slot).
  nonisolated(unsafe) private static let table = allocate(
    UnsafeMutablePointer<CChar>?.self, capacity: capacity, zero: nil)
  /// `[0]`: open deferred sections; `[1]`: the signal held until they end (0: none); `[2]`: 1 once
  /// ``install()`` has run.
  nonisolated(unsafe) private static let state = allocate(Int32.self, capacity: 3, zero: 0)
  /// The process groups of running children (0: a free slot).
  nonisolated(unsafe) private static let children = allocate(
    Int32.self, capacity: capacity, zero: 0)
  /// What interrupts the open section's work (set while a section is open).
  nonisolated(unsafe) private static let interrupt = allocate(
    (@convention(c) () -> Void)?.self, capacity: 1, zero: nil)

  /// Memory for `capacity` values, each `zero`, never freed.
  private static func allocate<Value>(_: Value.Type, capacity: Int, zero: Value)
    -> UnsafeMutablePointer<Value>
  {
    let memory = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
    memory.initialize(repeating: zero, count: capacity)
    return memory
  }

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
  package static var isInstalled: Bool { state[2] != 0 }

  /// Makes the tables (once, on the main thread, before any handler can run) and turns the
  /// registering on.
  package static func install() {
    _ = (table, children, interrupt)
    state[2] = 1
  }

  /// Remembers the process group `group` (a child started as its leader) until
  /// ``unregisterChild(_:)``: a signal ends it.
  package static func registerChild(_ group: Int32) {
    guard isInstalled else { return }
    for slot in 0..<capacity where children[slot] == 0 {
      children[slot] = group
      return
    }
  }

  /// Forgets the process group `group`.
  package static func unregisterChild(_ group: Int32) {
    guard isInstalled else { return }
    for slot in 0..<capacity where children[slot] == group { children[slot] = 0 }
  }

  /// Sends SIGTERM to every registered child's process group: async-signal-safe.
  package static func endChildren() {
    guard isInstalled else { return }
    for slot in 0..<capacity where children[slot] > 0 { kill(-children[slot], SIGTERM) }
  }

  /// Remembers `path` (a name as ``PathName`` keeps it) until ``unregister(_:)``.
  package static func register(_ path: String) {
    guard isInstalled else { return }
    for slot in 0..<capacity where table[slot] == nil {
      table[slot] = PathName.withCString(path) { strdup($0) }
      return
    }
  }

  /// Forgets `path`.
  package static func unregister(_ path: String) {
    guard isInstalled else { return }
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
    guard isInstalled else { return }
    for slot in 0..<capacity {
      if let path = table[slot] { unlink(path) }
    }
  }

  /// Opens a section during which a terminating signal is held; `interrupt` is called from the
  /// signal handler to cut the section's work short, so it must be async-signal-safe.
  ///
  /// Sections nest; each must be closed by ``endDeferredSection()``.
  package static func beginDeferredSection(interrupt: (@convention(c) () -> Void)?) {
    guard isInstalled else { return }
    if let interrupt { Self.interrupt.pointee = interrupt }
    state[0] += 1
  }

  /// Closes the innermost section; when it was the last and a signal arrived meanwhile, removes
  /// the temporary files and ends the process by that signal.
  package static func endDeferredSection() {
    guard isInstalled, state[0] > 0 else { return }
    state[0] -= 1
    guard state[0] == 0 else { return }
    interrupt.pointee = nil
    let held = state[1]
    guard held != 0 else { return }
    endChildren()
    unlinkAll()
    _ = signal(held, SIG_DFL)
    raise(held)
  }

  /// Whether a signal arrived during a section that is still open (its work should stop).
  package static var isSignalHeld: Bool { state[1] != 0 }

  /// Holds `number` when a section is open: called by the signal handler.
  ///
  /// When a section is open, interrupts its work and returns `true` (the handler returns);
  /// otherwise returns `false` (the handler cleans up and ends the process). Async-signal-safe.
  package static func holdIfDeferred(_ number: Int32) -> Bool {
    guard isInstalled, state[0] > 0 else { return false }
    if state[1] == 0 { state[1] = number }
    interrupt.pointee?()
    return true
  }
}
