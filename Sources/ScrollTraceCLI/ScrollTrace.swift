// scrolltrace — the command-line tool.

import ArgumentParser

/// The root command: the verbs and the help they share.
///
/// ``ScrollTraceTool`` parses argv with it.
struct ScrollTrace: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: ToolName.current,
      abstract: "Record, replay and measure scroll-view behaviour headlessly.",
      discussion: ToolName.help(
        """
        Exit codes, the same for every verb:
          0  success
          1  findings: a broken budget (gate), data lost while recovering a damaged trace
          2  usage or input error: a bad flag, a missing or damaged file, a malformed script
        """),
      version: ScrollTraceTool.version,
      subcommands: [
        ReplayCommand.self, DiffCommand.self, GateCommand.self, ImportCommand.self,
        ExportCommand.self, EnginesCommand.self,
        SynthCommand.self, ConvertCommand.self, InfoCommand.self, DumpCommand.self,
        MetricsCommand.self,
      ]
    )
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
  /// When the problem is a trace whose scene the engine does not lay out, why: such a trace is
  /// skipped when it came with others (a folder), an error when it was given alone.
  var unsupportedScene: String?
  init(_ description: String, unsupportedScene: String? = nil) {
    self.description = description
    self.unsupportedScene = unsupportedScene
  }
}
