// carousel-trace is its own tool: usage, errors, help examples and shell completion use its name.

import Foundation
import Testing

@Suite struct CarouselToolNameTests {
  /// Errors and usage say `carousel-trace`, never `scrolltrace`.
  @Test func errorsAndHelpUseTheToolsName() throws {
    let unknown = try CarouselGateTests.run(["bogus"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("carousel-trace: error: "), "\(unknown.stderr)")
    #expect(unknown.stderr.contains("'carousel-trace --help'"))
    #expect(!unknown.stderr.contains("scrolltrace"))
    let missing = try CarouselGateTests.run(["replay", "missing.sctrace", "--engine", "carousel@1"])
    #expect(missing.status == 2 && missing.stderr.hasPrefix("carousel-trace: error: "))
    let help = try CarouselGateTests.run(["replay", "--help"])
    #expect(help.stdout.contains("  carousel-trace replay "), "\(help.stdout)")
    #expect(!help.stdout.contains("scrolltrace replay"))
    let root = try CarouselGateTests.run(["--help"])
    #expect(root.stdout.contains("USAGE: carousel-trace <subcommand>"), "\(root.stdout)")
  }

  /// The bash completion script registers for `carousel-trace`, and completing `--engine car`
  /// in bash offers the carousel's engines (the shell asks the tool itself).
  @Test func bashCompletesTheToolsOwnEngines() throws {
    let script = try CarouselGateTests.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    #expect(script.stdout.contains("complete -o filenames -F _carousel-trace carousel-trace"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "carousel-trace-\(UUID().uuidString).bash")
    try Data(script.stdout.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    func complete(_ words: [String]) throws -> [String] {
      // As bash calls a completion function: the command, the word being completed, the one before.
      let line = words.joined(separator: " ")
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let command = """
        source '\(file.path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
        _carousel-trace carousel-trace '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", command]
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] =
        CarouselGateTests.binary.deletingLastPathComponent().path + ":"
        + (environment["PATH"] ?? "")
      process.environment = environment
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    let engines = try complete(["carousel-trace", "replay", "--engine", "car"])
    #expect(engines.contains("carousel@1") && engines.contains("carousel@2"), "\(engines)")
    #expect(engines.allSatisfy { $0.hasPrefix("car") }, "\(engines)")
    let verbs = try complete(["carousel-trace", "rep"])
    #expect(verbs == ["replay"], "\(verbs)")
  }
}
