// scrolltrace — temporary output files, removed whatever ends the tool.

import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files the tool is writing, so that nothing that ends it leaves one behind: every
/// signal whose default action ends the process removes them first (then ends the process with the
/// signal's own status, as if it had not been caught), and so does every exit.
///
/// The signals are those `signal(7)` lists as terminating or dumping core that arrive from outside
/// the process: SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF,
/// SIGVTALRM, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR and SIGSTKFLT (SIGKILL cannot be caught; the faults a
/// bug raises, SIGSEGV and its kin, stay with the Swift runtime's crash report). A signal the tool
/// was started ignoring (SIGINT in a shell's background job, SIGPIPE where the runtime ignores it)
/// stays ignored.
///
/// The handler may only call async-signal-safe functions, so the paths live in a fixed table of
/// C strings that it reads and `unlink(2)`s; registering happens on the main thread, before the
/// file is created, and a verb writes at most a few files at once.
enum TemporaryFiles {
  private static let capacity = 16
  nonisolated(unsafe) private static let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    .allocate(capacity: capacity)
  nonisolated(unsafe) private static var isInstalled = false

  /// The signals that end the process by default and that it can catch.
  static var terminatingSignals: [Int32] {
    var signals = [
      SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM,
      SIGXCPU, SIGXFSZ, SIGIO,
    ]
    #if os(Linux)
    signals += [SIGPWR, SIGSTKFLT]
    #endif
    return signals
  }

  /// Installs the handlers (once) and the removal at exit.
  static func installSignalHandlers() {
    guard !isInstalled else { return }
    isInstalled = true
    table.initialize(repeating: nil, count: capacity)
    // A blocked mask is inherited across exec (a test runner's threads block signals): unblock
    // these, so that a signal sent to the tool ends it.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for caught in terminatingSignals { sigaddset(&unblocked, caught) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for caught in terminatingSignals {
      let previous = signal(caught, SIG_IGN)
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      _ = signal(caught) { number in
        TemporaryFiles.unlinkAll()
        _ = signal(number, SIG_DFL)
        raise(number)
      }
    }
    atexit { TemporaryFiles.unlinkAll() }
  }

  /// Remembers `path` until ``unregister(_:)``.
  static func register(_ path: String) {
    guard isInstalled else { return }
    for slot in 0..<capacity where table[slot] == nil {
      table[slot] = PathName.withCString(path) { strdup($0) }
      return
    }
  }

  /// Forgets `path`.
  static func unregister(_ path: String) {
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

  /// Removes every temporary file still registered (the tool is about to end).
  static func removeAll() {
    guard isInstalled else { return }
    unlinkAll()
  }

  /// Unlinks every registered path: async-signal-safe (no allocation, no locks).
  private static func unlinkAll() {
    for slot in 0..<capacity {
      if let path = table[slot] { unlink(path) }
    }
  }
}
