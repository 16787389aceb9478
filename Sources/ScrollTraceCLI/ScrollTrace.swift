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
        MetricsCommand.self, CalibrateCommand.self, BaselineCommand.self, HistoryCommand.self,
        ExploreCommand.self, ReduceCommand.self,
      ]
    )
  }
}
