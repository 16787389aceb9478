// Pages that cannot run a script: every HTML page and every markdown comment the tool writes,
// fed a hostile value in each name and string field that reaches it, holds only the markup the
// tool writes, and shows the value as text (scripts/check-page-safety: Python's HTML parser, and
// GitHub's cmark-gfm for markdown).

import Foundation
import TestSupport
import Testing

@Suite struct PageEscapingCLITests {
  /// A name with markup, markdown and a table's pipe in it (a file name cannot hold `/`).
  static let hostileName = "<img src=x onerror=alert(1)>|`*_[a](javascript:alert(1))&amp;"
  /// What a saved report's string fields are edited to.
  static let hostileField = "</script><script>alert(1)</script><svg onload=alert(2)>|`x`"

  /// Runs the tool in `directory`, expecting `statuses`.
  func tool(_ arguments: [String], in directory: URL, _ statuses: Set<Int32> = [0]) throws {
    let run = try CLI.spawn(arguments, in: directory)
    #expect(statuses.contains(run.status), "\(arguments): \(run.stderr)")
  }

  /// `scripts/check-page-safety` on `files`, with `texts` expected to be shown.
  func expectSafe(_ files: [String], in directory: URL, showing texts: [String]) {
    let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let command =
      "cd \(quoted(directory.path)) && \(quoted(CLI.root.path))/scripts/check-page-safety "
      + texts.map { "--expect-text \(quoted($0))" }.joined(separator: " ") + " "
      + files.map(quoted).joined(separator: " ") + " 2>&1; echo status $?"
    let output = CLI.shell(command) ?? "did not run"
    #expect(output.hasSuffix("status 0\n"), "\(output)")
  }

  @Test func aHostileTraceNameIsTextOnEveryPage() throws {
    #expect(
      CLI.shell("command -v cmark-gfm") != nil,
      "cmark-gfm (.ci/run installs it) renders the markdown as GitHub does")
    let directory = try CLI.temporaryDirectory()
    let name = Self.hostileName
    let trace = directory.appendingPathComponent(name + ".sctrace")
    try FileManager.default.copyItem(
      at: CLI.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace"), to: trace)
    let budget = CLI.root.appendingPathComponent("Budgets/samples.json").path
    for (engine, file) in [("cardfeed@1", "a"), ("cardfeed@2", "b")] {
      try tool(
        ["replay", trace.path, "--engine", engine, "--format", "json", "-o", "\(file).json"],
        in: directory)
    }
    try tool(
      ["replay", trace.path, "--engine", "cardfeed@1", "--format", "html", "-o", "r.html"],
      in: directory)
    try tool(
      ["replay", trace.path, "--engine", "cardfeed@1", "--format", "markdown", "-o", "r.md"],
      in: directory)
    try tool(["diff", "a.json", "b.json", "--format", "html", "-o", "d.html"], in: directory)
    try tool(["diff", "a.json", "b.json", "--format", "markdown", "-o", "d.md"], in: directory)
    try tool(
      [
        "diff", "--baseline", "cardfeed@1", "--candidate", "cardfeed@2", trace.path, "--format",
        "html", "-o", "e.html",
      ], in: directory)
    try tool(
      ["gate", "--budget", budget, "a.json", "b.json", "--markdown", "g.md"], in: directory, [0, 1])
    // A history whose branch, engine and revisions are hostile too.
    for run in 1...6 {
      try tool(
        [
          "history", "add", run < 4 ? "a.json" : "b.json", "--store", "s.sqlite", "--branch", name,
          "--engine", name, "--revision", "\(name)\(run)", "--time", "\(1000 + run)",
        ],
        in: directory)
    }
    try tool(["history", "show", "--store", "s.sqlite", "-o", "h.html"], in: directory)
    try tool(
      ["history", "show", "--store", "s.sqlite", "--format", "markdown", "-o", "h.md"],
      in: directory)
    try tool(
      ["history", "check", "--store", "s.sqlite", "--format", "markdown", "-o", "c.md"],
      in: directory, [0, 1])
    expectSafe(
      ["r.html", "r.md", "d.html", "d.md", "e.html", "g.md", "h.html", "h.md", "c.md"],
      in: directory, showing: [name])
  }

  @Test func aSavedReportsHostileFieldsAreTextOnEveryPage() throws {
    let directory = try CLI.temporaryDirectory()
    try tool(
      [
        "replay", CLI.root.appendingPathComponent("Traces/cardfeed-mixed.sctrace").path,
        "--engine", "cardfeed@1", "--format", "json", "-o", "a.json",
      ], in: directory)
    // Every string field a renderer could show: the trace's path and device, the engine's id,
    // name, summary and source, the reuse identifiers.
    let edit = """
      import json, sys
      field = sys.argv[1]
      report = json.load(open('a.json'))
      for key in ('id', 'name', 'summary', 'source'):
          report['engine'][key] = field
      for trace in report['traces']:
          trace['trace']['path'] = field
          trace['trace']['device'] = field
          trace['reuse']['identifiers'] = {field: v for v in trace['reuse']['identifiers'].values()}
      for host in report['host']['traces']:
          host['path'] = field
      json.dump(report, open('hostile.json', 'w'))
      """
    let quoted = Self.hostileField.replacingOccurrences(of: "'", with: "'\\''")
    #expect(
      CLI.shell(
        "cd '\(directory.path)' && python3 -c \"$(cat <<'EOF'\n\(edit)\nEOF\n)\" '\(quoted)'")
        != nil)
    let budget = CLI.root.appendingPathComponent("Budgets/samples.json").path
    try tool(["diff", "a.json", "hostile.json", "--format", "html", "-o", "d.html"], in: directory)
    try tool(
      ["diff", "a.json", "hostile.json", "--format", "markdown", "-o", "d.md"], in: directory)
    try tool(
      ["gate", "--budget", budget, "a.json", "hostile.json", "--markdown", "g.md"],
      in: directory, [0, 1])
    expectSafe(["d.html", "d.md", "g.md"], in: directory, showing: [])
  }
}
