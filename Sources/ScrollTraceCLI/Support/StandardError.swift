// scrolltrace — diagnostics on standard error.

import SystemPackage
import TraceIngest

/// Writes diagnostics to standard error, unbuffered, each a line under the tool's name.
enum StandardError {
  /// Writes `message` as one line to standard error: a file name's raw bytes shown as `\xE9`,
  /// control characters as escapes, at most ``MessageText/maximumLength`` characters.
  static func print(_ message: String) {
    let line = Array((PathName.display(MessageText.line(message)) + "\n").utf8)
    try? ToolRun.current.standardError.write(line)
  }

  /// Writes each line of `text` as ``print(_:)`` writes a message: a summary of several lines
  /// stays several lines, each made safe on its own.
  static func printLines(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      print(String(line))
    }
  }

  /// `tool: error: message`.
  static func error(_ message: String) { print("\(ToolName.current): error: \(message)") }

  /// `tool: warning: message`.
  static func warning(_ message: String) { print("\(ToolName.current): warning: \(message)") }

  /// `tool: note: message`.
  static func note(_ message: String) { print("\(ToolName.current): note: \(message)") }
}
