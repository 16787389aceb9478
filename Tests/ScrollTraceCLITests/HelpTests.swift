// Help as swift-argument-parser tools give it: wrapped at the terminal's width, and the manual page
// the generate-manual plugin builds from the same text.

import Foundation
import TestSupport
import Testing

@Suite struct HelpTests {
  static let verbs = [
    "replay", "diff", "gate", "import", "export", "engines", "synth", "convert", "info", "dump",
    "calibrate", "baseline", "history", "explore", "reduce",
  ]

  /// argument-parser wraps help at the terminal's width (COLUMNS here): no line runs past it but
  /// the usage line, which argument-parser prints whole, and a word longer than the width (an
  /// example's path), which no wrapping can break.
  @Test(arguments: [nil] + verbs)
  func helpWrapsAtTheTerminalsWidth(verb: String?) throws {
    let arguments = (verb.map { [$0] } ?? []) + ["--help"]
    for width in [60, 100] {
      // A process: argument-parser reads the width from the process's own environment.
      let run = try CLI.spawn(arguments, environment: ["COLUMNS": "\(width)"])
      #expect(run.status == 0)
      let long = run.stdout.split(separator: "\n").filter {
        // argument-parser's own pointer to a group's subcommands is printed whole too.
        $0.count > width && !$0.hasPrefix("USAGE: ") && !$0.hasPrefix("  See '")
          && $0.trimmingCharacters(in: .whitespaces).contains(" ")
      }
      #expect(long.isEmpty, "\(verb ?? "scrolltrace") at \(width) columns: \(long)")
    }
  }

  /// Examples can be pasted: at 80 columns (argument-parser's width when it cannot tell) no
  /// example line is wrapped, and a long command continues with a backslash, not a broken line.
  ///
  /// A
  /// first line leaves room for a team's tool named up to eight letters longer.
  @Test(arguments: verbs)
  func examplesAreNeverWrapped(verb: String) throws {
    let run = try CLI.run([verb, "--help"], environment: ["COLUMNS": "80"])
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == "Examples:" || $0 == "Example:" }) else {
      Issue.record("\(verb): no examples")
      return
    }
    var continued = false
    for line in lines[(start + 1)...] {
      if line.isEmpty { break }
      #expect(line.hasPrefix(continued ? "      " : "  scrolltrace "), "\(verb): \(line)")
      if !continued { #expect(line.count <= 72, "\(verb): \(line)") }
      continued = line.hasSuffix(" \\")
    }
  }

  /// Prose in a discussion is one line per paragraph, so it wraps at any width; lines break only
  /// before indented examples and `label:` entries.
  ///
  /// Read from the tool's own help dump (the input of
  /// `swift package generate-manual`), which must list every verb.
  @Test func discussionsAreNotHardWrapped() throws {
    let run = try CLI.run(["--experimental-dump-help"])
    #expect(run.status == 0, "\(run.stderr)")
    let dump = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let root = try #require(dump["command"] as? [String: Any])
    let subcommands = try #require(root["subcommands"] as? [[String: Any]])
    let names = subcommands.compactMap { $0["commandName"] as? String }
    #expect(Set(Self.verbs).isSubset(of: Set(names)), "\(names)")
    for command in [root] + subcommands {
      let name = command["commandName"] as? String ?? "?"
      let lines = (command["discussion"] as? String ?? "").split(
        separator: "\n", omittingEmptySubsequences: false)
      for (line, next) in zip(lines, lines.dropFirst()) {
        let isProse = { (text: Substring) in
          !text.isEmpty && text.first != " " && !text.hasSuffix(":")
        }
        let startsEntry = next.range(of: #"^[\w-]+: "#, options: .regularExpression) != nil
        #expect(
          !(isProse(line) && isProse(next) && !startsEntry), "\(name): hard-wrapped after “\(line)”"
        )
      }
    }
  }
}
