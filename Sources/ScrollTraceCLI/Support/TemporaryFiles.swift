// scrolltrace — temporary output files, removed when a signal ends the tool.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files the tool is writing, so that SIGINT, SIGTERM or SIGHUP removes them before
/// the tool ends (with the signal's own status, as if it had not been caught).
///
/// The handler may only call async-signal-safe functions, so the paths live in a fixed table of
/// C strings that it reads and `unlink(2)`s; registering happens on the main thread, before the
/// file is created, and a verb writes at most a few files at once.
enum TemporaryFiles {
  private static let capacity = 16
  nonisolated(unsafe) private static let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    .allocate(capacity: capacity)
  nonisolated(unsafe) private static var isInstalled = false

  /// Installs the handlers for SIGINT, SIGTERM and SIGHUP (once).
  static func installSignalHandlers() {
    guard !isInstalled else { return }
    isInstalled = true
    table.initialize(repeating: nil, count: capacity)
    for caught in [SIGINT, SIGTERM, SIGHUP] {
      // A signal the tool was started ignoring (SIGINT in a shell's background job) stays ignored.
      let previous = signal(caught, SIG_IGN)
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      _ = signal(caught) { number in
        for slot in 0..<TemporaryFiles.capacity {
          if let path = TemporaryFiles.table[slot] { unlink(path) }
        }
        _ = signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  /// Remembers `path` until ``unregister(_:)``.
  static func register(_ path: String) {
    guard isInstalled else { return }
    for slot in 0..<capacity where table[slot] == nil {
      table[slot] = strdup(path)
      return
    }
  }

  /// Forgets `path`.
  static func unregister(_ path: String) {
    guard isInstalled else { return }
    for slot in 0..<capacity {
      if let stored = table[slot], String(cString: stored) == path {
        table[slot] = nil
        free(stored)
      }
    }
  }
}
