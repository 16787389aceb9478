// scrolltrace — temporary output files, removed whatever ends the tool.

import TraceIngest

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
/// The handler may only call async-signal-safe functions: the paths live in
/// `SignalCleanup`'s fixed table of C strings, which it reads and `unlink(2)`s. Registering
/// happens on the main thread, before the file is created. A signal that arrives while a results
/// store is open is held until the store has rolled back and closed its connection (SQLite's
/// `-wal` and `-shm` files are removed then), and ends the process after it.
enum TemporaryFiles {
  /// The signals that end the process by default and that it can catch.
  static var terminatingSignals: [Int32] { SignalCleanup.terminatingSignals }

  /// Installs the handlers (once) and the removal at exit.
  static func installSignalHandlers() {
    guard !SignalCleanup.isInstalled else { return }
    SignalCleanup.install()
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
        // A results store is open: it rolls back, closes and then ends the process.
        if SignalCleanup.holdIfDeferred(number) { return }
        SignalCleanup.endChildren()
        SignalCleanup.unlinkAll()
        _ = signal(number, SIG_DFL)
        raise(number)
      }
    }
    atexit { SignalCleanup.unlinkAll() }
  }

  /// Remembers `path` until ``unregister(_:)``.
  static func register(_ path: String) { SignalCleanup.register(path) }

  /// Forgets `path`.
  static func unregister(_ path: String) { SignalCleanup.unregister(path) }

  /// Removes every temporary file still registered (the tool is about to end).
  static func removeAll() { SignalCleanup.unlinkAll() }
}
