// Messages stay one readable line whatever the input put in them: control characters escaped, a
// megabyte of name cut short, lists cut at ten.

import Foundation
import TestSupport
import Testing

@Suite struct MessageLineCLITests {
  @Test func aMessageIsOneBoundedLineWithItsControlCharactersEscaped() throws {
    let directory = try CLI.temporaryDirectory()
    // A budget whose metric is 900 KB of text, with a NUL, a newline and an escape sequence.
    let key = "a\\u0000b\\nc\\u001b[31m" + String(repeating: "x", count: 900_000)
    let budget = directory.appendingPathComponent("b.json").path
    try #"{"version": 1, "budgets": [{"metric": "\#(key)", "max": 1}]}"#.write(
      toFile: budget, atomically: true, encoding: .utf8)
    let report = CLI.root.appendingPathComponent(
      "Tests/Goldens/cardfeed-mixed.cardfeed@1.report.json"
    ).path
    let run = try CLI.run(["gate", "--budget", budget, report, report])
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(run.stderr.prefix(300))")
    #expect(run.stderr.utf8.count < 9_000)
    #expect(run.stderr.contains("more characters)"), "\(run.stderr.suffix(200))")
    #expect(
      !run.stderr.unicodeScalars.dropLast().contains { $0.properties.generalCategory == .control })
  }
}
