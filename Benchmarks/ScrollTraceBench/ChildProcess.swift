// scrolltrace-bench — running a command and measuring it: wall time and peak resident memory.

import Replay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of a child process took.
struct ChildRun: Sendable {
  /// Wall-clock time from spawn to exit, in nanoseconds.
  var wallTime: UInt64
  /// The child's peak resident set size, in bytes (`ru_maxrss` from `wait4`).
  ///
  /// An upper bound:
  /// `posix_spawn` starts the child in the suite's own address space, and Linux carries that
  /// address space's peak across `exec`; ``peakMemory(of:scratch:)`` measures exactly.
  var peakResidentBytes: Int64
}

/// The peak resident memory of `arguments` in bytes, measured by GNU time (`/usr/bin/time -f %M`),
/// which forks from its own small process, so the figure is the command's alone; nil when GNU time
/// is not installed (`apt-get install time`).
func peakMemory(of arguments: [String], scratch: String) throws -> Int64? {
  let time = "/usr/bin/time"
  guard access(time, X_OK) == 0 else { return nil }
  _ = try runChild([time, "-f", "%M", "-o", scratch] + arguments)
  guard let bytes = readWholeFile(scratch),
    let kibibytes = Int64(String(decoding: bytes, as: UTF8.self).split(separator: "\n").last ?? "")
  else { throw ChildProcessError(description: "\(time) wrote no peak memory to \(scratch)") }
  return kibibytes * 1024
}

/// A failure to run a command, or a command that failed.
struct ChildProcessError: Error, CustomStringConvertible {
  var description: String
}

/// Runs `arguments` (the first found on `PATH` unless it holds a slash) with standard input from
/// /dev/null, standard output to `standardOutput` (/dev/null by default) and standard error to
/// /dev/null; waits for it and returns its wall time and peak memory.
///
/// - Throws: `ChildProcessError` when the command cannot start or exits with a non-zero status.
func runChild(_ arguments: [String], standardOutput: String = "/dev/null") throws -> ChildRun {
  try runChildren([arguments], standardOutput: standardOutput)[0]
}

/// Starts every command of `commands` at once (as ``runChild(_:standardOutput:)`` starts one) and
/// waits for all; each run's wall time is from the common start to its own exit.
func runChildren(_ commands: [[String]], standardOutput: String = "/dev/null") throws -> [ChildRun]
{
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let clock = ContinuousClock()
  let start = clock.now
  var children: [pid_t] = []
  for arguments in commands {
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw ChildProcessError(
        description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    children.append(pid)
  }
  var runs: [ChildRun] = []
  for (pid, arguments) in zip(children, commands) {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw ChildProcessError(description: "wait4 failed for \(arguments[0])")
      }
    }
    let elapsed = clock.now - start
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw ChildProcessError(
        description:
          "`\(arguments.joined(separator: " "))` failed (wait status \(status)); run it by hand to see why"
      )
    }
    runs.append(
      ChildRun(wallTime: elapsed.wholeNanoseconds, peakResidentBytes: Int64(usage.ru_maxrss) * 1024)
    )
  }
  return runs
}
