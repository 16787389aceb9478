// Shell completion, as swift-argument-parser tools give it: engines by name, traces by extension,
// JSON for budgets and cost models, the model's named choices.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct CompletionTests {
  @Test func scriptsNameEveryKindOfValue() throws {
    let bash = try CLI.run(["--generate-completion-script", "bash"])
    #expect(bash.status == 0)
    #expect(bash.stdout.contains("---completion replay -- --engine"))
    #expect(bash.stdout.contains("---completion diff -- --candidate"))
    #expect(bash.stdout.contains("sctrace"))
    #expect(
      bash.stdout.contains("durationBound") && bash.stdout.contains("keepOffset:clampToRange"))
    for shell in ["zsh", "fish"] {
      let script = try CLI.run(["--generate-completion-script", shell])
      #expect(script.status == 0 && script.stdout.contains("sctrace"), "\(shell)")
    }
  }

  /// The shell asks the tool itself for engine names, so they are the running tool's.
  @Test func enginesCompleteByName() throws {
    let run = try CLI.run([
      "---completion", "replay", "--", "--engine", "3", "0", "scrolltrace", "replay", "--engine",
      "",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.split(separator: "\n").map(String.init) == [
        "plain@1", "paging@1", "paging@2", "cardfeed@1", "cardfeed@2", "nested@1", "nested@2",
        "nested@3", "table@1", "magazine@1", "magazine@2", "magazine@3", "magazine@4",
        "magazine-chat@3",
        "magazine-chat@4",
        "chat@1",
        "chat@2",
        "chat@3",
      ])
  }
}
