// scrolltrace — the command-line tool.

import ArgumentParser
import TraceFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
  private typealias Glibc = Darwin
#endif

/// The root command: parses argv, runs a verb, and maps every outcome to one exit code.
@main
struct ScrollTrace: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scrolltrace",
    abstract: "Record, replay and measure scroll-view behaviour headlessly.",
    discussion: """
      Exit codes, the same for every verb:
        0  success
        1  findings: a broken budget (gate), data lost while recovering a damaged trace
        2  usage or input error: a bad flag, a missing or damaged file, a malformed script
      """,
    version: "0.1.0",
    subcommands: [
      ReplayCommand.self, DiffCommand.self, GateCommand.self, ImportCommand.self, ExportCommand.self, EnginesCommand.self,
      SynthCommand.self, InfoCommand.self, DumpCommand.self,
    ]
  )

  /// Runs the tool and exits with 0, 1 or 2 (argument-parser's usage code 64 becomes 2).
  static func main() {
    let code: Int32
    do {
      var command = try parseAsRoot()
      try command.run()
      code = 0
    } catch let failure as InputFailure {
      StandardError.print("scrolltrace: error: \(failure)")
      code = ExitStatus.inputError
    } catch let failure as ImportError {
      StandardError.print("scrolltrace: error: \(failure)")
      code = ExitStatus.inputError
    } catch let failure as TraceFormatError {
      StandardError.print("scrolltrace: error: \(failure)")
      code = ExitStatus.inputError
    } catch {
      let exit = exitCode(for: error)
      let message = fullMessage(for: error)
      if exit == .success {
        if !message.isEmpty { print(message) }
        code = 0
      } else {
        if !message.isEmpty { StandardError.print(message) }
        code = exit == .validationFailure ? ExitStatus.inputError : exit.rawValue
      }
    }
    Output.flushStandardOutput()
    Glibc.exit(code)
  }
}

/// The exit codes every verb uses.
enum ExitStatus {
  /// Success.
  static let success: Int32 = 0
  /// Findings: data lost while recovering, a broken budget.
  static let findings: Int32 = 1
  /// A usage or input error.
  static let inputError: Int32 = 2
}

/// An input problem that is not a trace's (a missing script, a bad value), reported in one line.
struct InputFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
