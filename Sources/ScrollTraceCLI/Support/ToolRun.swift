// scrolltrace — one run of the tool: its name, engines, standard streams, environment and outputs.

import Synchronization
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the tool: the name it runs under, its engines' names (for completion), its standard
/// output and error, the environment it reads (`NO_COLOR`, `TERM`, `TMPDIR`), and the outputs it
/// has claimed so far (two outputs of a run never name one file).
///
/// Every verb reaches it through ``current``, a task-local value that ``ScrollTraceTool`` sets for
/// the length of a run: nothing of a run is held in globals, so a program (a test) can run the
/// tool many times at once, each run with its own streams in memory.
package final class ToolRun: Sendable {
  /// The name the tool runs under (`scrolltrace`, `carousel-trace`).
  package let name: String
  /// The engines the run knows, as `name@version` (listed when asked: only completion needs them).
  package var engineNames: [String] { listEngineNames() }
  private let listEngineNames: @Sendable () -> [String]
  /// Standard output.
  package let standardOutput: ToolStream
  /// Standard error.
  package let standardError: ToolStream
  /// The environment the run reads.
  package let environment: [String: String]
  private let state = Mutex(State())
  /// Standard output as the verbs write it: one buffer for the run.
  let standardOutputWriter: Output

  private struct State {
    var standardOutputClaimed = false
    var claimedFiles: [(FileIdentity?, String)] = []
  }

  /// A run named `name` with `engineNames`, writing to `standardOutput` and `standardError`,
  /// reading `environment`.
  package init(
    name: String, engineNames: @escaping @Sendable () -> [String], standardOutput: ToolStream,
    standardError: ToolStream, environment: [String: String]
  ) {
    self.name = name
    listEngineNames = engineNames
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.environment = environment
    standardOutputWriter = Output.standardOutput(standardOutput)
  }

  /// Writes what standard output still holds.
  ///
  /// - Throws: ``InputFailure`` naming standard output when it cannot be written.
  func flushStandardOutput() throws { try standardOutputWriter.flush() }

  /// A run of the process itself: its descriptors 1 and 2 and its environment.
  package static func process(name: String, engineNames: @escaping @Sendable () -> [String])
    -> ToolRun
  {
    ToolRun(
      name: name, engineNames: engineNames, standardOutput: .descriptor(1),
      standardError: .descriptor(2), environment: processEnvironment())
  }

  /// The process's environment, its values as the C library has them.
  private static func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      // Split at the first `=` by byte: no grapheme breaking for what is ASCII by convention.
      let text = String(cString: pointer).utf8
      if let equals = text.firstIndex(of: UInt8(ascii: "=")) {
        environment[String(decoding: text[..<equals], as: UTF8.self)] = String(
          decoding: text[text.index(after: equals)...], as: UTF8.self)
      }
      entry += 1
    }
    return environment
  }

  /// The run in progress: set by ``ScrollTraceTool`` for each run; outside one, the process.
  @TaskLocal package static var current = ToolRun.process(
    name: "scrolltrace", engineNames: { [] })

  /// Claims standard output for one output of the run; `false` when another already has it.
  func claimStandardOutput() -> Bool {
    state.withLock { state in
      defer { state.standardOutputClaimed = true }
      return !state.standardOutputClaimed
    }
  }

  /// Claims the file `absolute` (with `identity` when it exists) for one output of the run;
  /// `false` when another output of the run already names it.
  func claimFile(_ identity: FileIdentity?, absolute: String) -> Bool {
    state.withLock { state in
      for (other, otherPath) in state.claimedFiles
      where (identity != nil && other == identity) || (identity == nil && otherPath == absolute) {
        return false
      }
      state.claimedFiles.append((identity, absolute))
      return true
    }
  }
}

/// How a run inside another program ended: its exit status and what it wrote.
package struct ToolRunResult: Sendable {
  /// The exit status: 0, 1 or 2, as the tool exits with.
  package var status: Int32
  /// Standard output.
  package var standardOutput: String
  /// Standard error.
  package var standardError: String
}
