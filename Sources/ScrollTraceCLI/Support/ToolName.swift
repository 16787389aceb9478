// scrolltrace — the name the tool runs under: `scrolltrace`, or a team's own.

import Foundation

/// The name of the running tool, as ``ScrollTraceTool`` was given it: what usage lines, errors,
/// help examples, completion scripts and the man page call it (`scrolltrace` for the shipped tool,
/// `carousel-trace` for a team's).
enum ToolName {
  /// The running tool's name (the current run's).
  static var current: String { ToolRun.current.name }

  /// `text` with every command line of the shipped tool (`scrolltrace replay …`) and every
  /// `scrolltrace: ` prefix in the running tool's name.
  static func help(_ text: String) -> String {
    guard current != "scrolltrace" else { return text }
    var out = ""
    var rest = Substring(text)
    while let range = rest.range(of: "scrolltrace") {
      out += rest[..<range.lowerBound]
      let after = rest[range.upperBound...]
      // A command (`scrolltrace replay`) or a prefix (`scrolltrace: `); not a word inside another.
      let isCommand = after.first == " " || after.first == ":" || after.first == "`"
      let before = out.last
      let isWord = before == nil || !(before?.isLetter ?? false || before == "-" || before == "/")
      out += isCommand && isWord ? current : "scrolltrace"
      rest = after
    }
    return out + rest
  }
}
