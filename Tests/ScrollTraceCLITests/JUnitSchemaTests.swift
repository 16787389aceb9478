// `gate --junit` against the Jenkins JUnit schema (junit-10.xsd), as CI servers read it.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct JUnitSchemaTests {
  static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let schema = "Tests/Schemas/junit-10.xsd"

  /// Validates `path` with xmllint; returns xmllint's complaint, or nil when valid.
  static func invalidity(_ path: String) throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(xmllint))
    process.arguments = ["--noout", "--schema", schema, path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? nil : text
  }

  /// Every outcome a gate can write — passed, failed, skipped, inconclusive, a warning, --strict —
  /// validates, and each case carries what was measured.
  @Test(.enabled(if: xmllint != nil, "needs xmllint (apt-get install -y libxml2-utils)"))
  func gateJUnitValidates() throws {
    let directory = try CLI.temporaryDirectory()
    let budget = directory.appendingPathComponent("budget.json")
    try Data(
      #"{"budgets":[{"metric":"offsetJumps.count","max":0},{"metric":"work.viewsCreated","maxIncrease":5},{"metric":"host.wallTime","maxIncrease":1}]}"#
        .utf8
    ).write(to: budget)
    let base = directory.appendingPathComponent("base.json").path
    let model = directory.appendingPathComponent("model.json")
    try Data(#"{"frame_us": 2500}"#.utf8).write(to: model)
    let candidate = directory.appendingPathComponent("cand.json").path
    #expect(
      try CLI.run([
        "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@2", "--format", "json", "-o",
        base,
      ]).status == 0)
    #expect(
      try CLI.run([
        "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@1", "--format", "json",
        "--cost-model", model.path, "-o", candidate,
      ])
      .status == 0)
    let runs: [(String, [String], Int32)] = [
      (
        "engines.xml",
        [
          "--baseline", "paging@1", "--candidate", "paging@2", "Traces/pager-rotation.sctrace",
          "--repeat", "3",
        ], 0
      ),
      ("reports.xml", [base, candidate], 1),
      ("strict.xml", [base, candidate, "--strict"], 1),
      ("alone.xml", [candidate], 1),
    ]
    for (name, arguments, status) in runs {
      let junit = directory.appendingPathComponent(name).path
      let run = try CLI.run(["gate", "--budget", budget.path] + arguments + ["--junit", junit])
      #expect(run.status == status, "\(name): \(run.stdout) \(run.stderr)")
      #expect(try Self.invalidity(junit) == nil, "\(name)")
      let xml = try String(contentsOfFile: junit, encoding: .utf8)
      #expect(xml.contains("<system-out>metric: offsetJumps.count"))
      #expect(
        xml.contains(#"errors="0""#)
          && !xml.contains("<testsuites name=\"scrolltrace gate\" tests=\"0\""))
    }
    let strict = try String(
      contentsOfFile: directory.appendingPathComponent("strict.xml").path, encoding: .utf8)
    #expect(strict.contains(#"type="warning""#))  // the cost models differ
    let alone = try String(
      contentsOfFile: directory.appendingPathComponent("alone.xml").path, encoding: .utf8)
    // Fail closed: a relative limit with no baseline is a failure, saying why.
    #expect(alone.contains("note: no baseline to compare with"))
  }
}
