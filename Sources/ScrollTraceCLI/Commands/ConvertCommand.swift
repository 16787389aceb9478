// scrolltrace — `scrolltrace convert`: a trace written again, another layout or compression.

import ArgumentParser
import TraceIngest

/// `scrolltrace convert TRACE -o OUT.sctrace`: the same header and events, written again.
struct ConvertCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "convert",
      abstract: "Write a trace again: in another chunk layout, compression level or chunk size.",
      discussion: ToolName.help(
        """
        The header and every event are kept; the file declares the version of the layout it is \
        written in: 1.1 by column (the default), 1.0 in rows, which scrolltrace before 1.1 reads. \
        With --recover, the intact part of a damaged trace is written and what was lost is said \
        on stderr (exit 1). docs/trace-format.md, "Chunk layouts".

        Examples:
          scrolltrace convert Traces/pager-rotation.sctrace \\
              --chunk-layout rows -o pager-rotation-1.0.sctrace
          scrolltrace convert pager-rotation-1.0.sctrace -o pager.sctrace
        """)
    )
  }

  @Argument(help: "The trace to read.", completion: Completions.traces)
  var trace: String

  @Option(name: .shortAndLong, help: ArgumentHelp("The trace to write.", valueName: "file"))
  var output: String

  @OptionGroup var read: ReadOptions

  @OptionGroup(title: "Writing")
  var writing: WriterOptions

  func run() throws {
    let reader = try read.open(trace)
    try OutputFile(output, inputs: [trace]).writeTrace { path in
      let writer = try writing.writer(path: path, header: reader.header)
      try reader.forEachEvent { try writer.append(copy $0) }
      try writer.close()
    }
    if read.reportLosses(of: reader) { throw ExitCode(ExitStatus.findings) }
  }
}
