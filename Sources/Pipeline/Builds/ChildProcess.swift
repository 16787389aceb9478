// scrolltrace — a child process run under a deadline, in a process group of its own, with the tail
// of what it says kept.

import TraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program as a child (`posix_spawn`): standard input and output are `/dev/null`, standard
/// error is read through a pipe of which only the last ``keptBytes`` are kept (a build that writes
/// gigabytes costs no memory), and the child leads a process group of its own.
///
/// The group ends (SIGTERM, then SIGKILL after a second) when the deadline passes, and when a
/// signal ends the tool (``SignalCleanup``): no child outlives the tool, except when the tool
/// itself is killed with SIGKILL, which nothing can catch.
struct ChildProcess {
  /// How the child ended.
  enum Ending: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It ran past the deadline and was ended.
    case timedOut
  }

  /// The most of standard error kept, from its end.
  static let keptBytes = 16_384

  /// How it ended, and the end of what it wrote to standard error.
  var ending: Ending
  var standardErrorTail: [UInt8]

  /// The last non-empty line of standard error, or `nil`.
  var lastLine: String? {
    let lines = standardErrorTail.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }
    return lines.last.map { PathName.string(fromBytes: $0) }
  }

  /// Runs `executable` with `arguments` for at most `timeout` seconds.
  ///
  /// - Throws: ``PipelineError`` (`buildFailed`) when it cannot be started.
  static func run(_ executable: String, arguments: [String], timeout: Double) throws
    -> ChildProcess
  {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      throw PipelineError(
        .buildFailed, "cannot make a pipe: \(String(cString: strerror(errno)))", path: executable)
    }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    defer { close(readEnd) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group, led by the child; the signals the tool handles back to their
    // defaults in the child (a caught handler is reset by exec; an ignored signal is not).
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for caught in SignalCleanup.terminatingSignals { sigaddset(&defaults, caught) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([executable] + arguments).map { PathName.withCString($0) { strdup($0) } }
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    var vector = argv + [nil]
    let started = PathName.withCString(executable) { path in
      vector.withUnsafeMutableBufferPointer { arguments in
        guard let base = arguments.baseAddress else { return EINVAL }
        return posix_spawn(&pid, path, &actions, &attributes, base, environ)
      }
    }
    close(writeEnd)
    guard started == 0 else {
      throw PipelineError(
        .buildFailed, "cannot start: \(String(cString: strerror(started)))", path: executable)
    }
    SignalCleanup.registerChild(pid)
    defer { SignalCleanup.unregisterChild(pid) }
    return wait(for: pid, reading: readEnd, timeout: timeout)
  }

  /// Reads the child's standard error until it closes, keeping its tail, and waits for it to end;
  /// ends its group when `timeout` seconds have passed.
  private static func wait(for pid: pid_t, reading descriptor: Int32, timeout: Double)
    -> ChildProcess
  {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(min(timeout, 1e9) * 1000))
    var tail: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var isOpen = true
    var timedOut = false
    while isOpen {
      let left = deadline - clock.now
      guard left > .zero else {
        timedOut = true
        break
      }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let wait = Int32(min(1_000, max(1, left.components.seconds * 1_000 + 1)))
      guard poll(&poller, 1, wait) >= 0 || errno == EINTR else { break }
      guard poller.revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        tail.append(contentsOf: buffer[0..<count])
        if tail.count > 2 * keptBytes { tail.removeFirst(tail.count - keptBytes) }
      } else if count == 0 || errno != EINTR {
        isOpen = false
      }
    }
    if tail.count > keptBytes { tail.removeFirst(tail.count - keptBytes) }
    var status: Int32 = 0
    if !timedOut {
      // Standard error closed: the child is ending, or left a grandchild holding the pipe.
      while clock.now < deadline {
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid { return ChildProcess(ending: ending(status), standardErrorTail: tail) }
        if done < 0, errno != EINTR { break }
        usleep(10_000)
      }
    }
    kill(-pid, SIGTERM)
    for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
    kill(-pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return ChildProcess(ending: .timedOut, standardErrorTail: tail)
  }

  /// The ending `waitpid`'s `status` says.
  private static func ending(_ status: Int32) -> Ending {
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }
}
