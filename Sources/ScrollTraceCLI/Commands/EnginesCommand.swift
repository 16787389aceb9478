// scrolltrace — `scrolltrace engines`: the engines a replay can use.

import Analyze
import ArgumentParser
import Replay
import TraceCore

/// `scrolltrace engines`: each engine's name@version, what it models and its source.
struct EnginesCommand: EngineCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "engines",
      abstract: "List the scroll-view engines replay can use.",
      discussion: ToolName.help(
        """
        `--engine NAME` picks the newest version; `NAME@VERSION` a given one. Version 1 of each \
        component reproduces the published component, flaws included; higher versions fix them.

        Example:
          scrolltrace engines
          scrolltrace replay Traces/cardfeed-mixed.sctrace --engine cardfeed@1
        """)
    )
  }

  @Flag(help: "One JSON object per engine instead of text.")
  var json = false

  func run(engines: EngineRegistry) throws {
    let out = Output.stdout()
    for entry in engines.entries {
      let d = entry.descriptor
      if json {
        // The shape of a report's `engine` object (docs/report-schema.md), without the hooks a
        // replay sees.
        try out.line(d.jsonObject.rendered)
      } else {
        let name = d.description
        try out.line(name + String(repeating: " ", count: max(12 - name.count, 1)) + d.summary)
        try out.line(String(repeating: " ", count: 12) + "source: " + d.source)
      }
    }
  }
}
