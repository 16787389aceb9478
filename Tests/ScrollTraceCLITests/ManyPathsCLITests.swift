// Tens of thousands of paths on a command line: split out in one pass (ManyPaths), read in the
// order given, with options anywhere among them, as one at a time would be.

import Foundation
import TestSupport
import Testing

@Suite struct ManyPathsCLITests {
  @Test func pathsAmongOptionsAreReadInOrderAsAListGivesThem() throws {
    let directory = try CLI.temporaryDirectory()
    let names = ["pager-rotation", "cardfeed-mixed", "nested-container"]
    var paths: [String] = []
    for index in 0..<600 {
      paths.append(CLI.root.appendingPathComponent("Traces/\(names[index % 3]).sctrace").path)
    }
    // Options between the paths, one with a value, one after `--`-less paths.
    let arguments =
      ["info"] + paths[0..<200] + ["--json"] + paths[200..<400] + ["--max-chunk-size", "1048576"]
      + paths[400...]
    let many = try CLI.spawn(Array(arguments), in: directory)
    #expect(many.status == 0, "\(many.stderr)")
    let list = directory.appendingPathComponent("list.txt")
    try paths.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
    let listed = try CLI.spawn(
      ["info", "--json", "--max-chunk-size", "1048576", "--files-from", list.path], in: directory)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(many.stdout == listed.stdout)
    #expect(many.stdout.split(separator: "\n").count == 600)
  }

  @Test func thirtyThousandPathsParseInOnePass() throws {
    // None exists: info says so for each, in order, so what is timed is the parsing (quadratic,
    // it took 21 s for 30 000 paths; now about a second).
    let directory = try CLI.temporaryDirectory()
    let list = directory.appendingPathComponent("args").path
    try (0..<30_000).map { "/nonexistent/\($0).sctrace" }.joined(separator: "\n").write(
      toFile: list, atomically: true, encoding: .utf8)
    let start = Date()
    let output =
      CLI.shell(
        "xargs -s 1900000 -a '\(list)' -d '\\n' '\(CLI.binary.path)' info 2>&1 >/dev/null | sed -n '1p;$p'; echo status ${PIPESTATUS[0]}"
      ) ?? ""
    #expect(output.contains("/nonexistent/0.sctrace: io: cannot open the file"), "\(output)")
    #expect(output.contains("/nonexistent/29999.sctrace: io: cannot open the file"), "\(output)")
    #expect(Date().timeIntervalSince(start) < 20)
  }
}
