// Names that are not UTF-8 in JSON: valid JSON that any reader accepts, read back by the tool as
// the same file.

import Foundation
import TestSupport
import Testing

@Suite struct NameBytesCLITests {
  @Test func aReportOfATraceWhoseNameIsNotUTF8IsValidJSON() throws {
    let directory = try CLI.temporaryDirectory()
    let script = """
      cd '\(directory.path)' && cp '\(CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path)' "$(printf 'tr\\351.sctrace')" \
      && '\(CLI.binary.path)' replay "$(printf 'tr\\351.sctrace')" --engine paging@2 --format json -o r.json \
      && '\(CLI.binary.path)' replay "$(printf 'tr\\351.sctrace')" --engine paging@2 --format ndjson -o r.ndjson \
      && python3 -c '
      import json
      report = json.loads(open("r.json", "rb").read().decode("utf-8", "strict"))
      line = json.loads(open("r.ndjson", "rb").read().decode("utf-8", "strict"))
      path = report["traces"][0]["trace"]["path"]
      # The byte 0xE9 as the scalar U+10FF00 + 0xE9 (docs/report-schema.md).
      assert path == "tr\\U0010ffe9.sctrace", repr(path)
      assert line["trace"] == path, repr(line)
      print("ok")'
      """
    let output = CLI.shell("{ \(script); } 2>&1") ?? "failed"
    #expect(output == "ok\n", "\(output)")
    // The tool reads the report back: stored, and compared with itself.
    let history = CLI.shell(
      "cd '\(directory.path)' && '\(CLI.binary.path)' history add r.json --store s.sqlite --branch main --revision r1 && '\(CLI.binary.path)' history show --store s.sqlite --format markdown && '\(CLI.binary.path)' baseline save main r.json --store s.sqlite && '\(CLI.binary.path)' diff --baseline-store s.sqlite --baseline main r.json --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d[\"matches\"][0][\"by\"])'"
    )
    #expect(history?.hasSuffix("content\n") == true, "\(history ?? "failed")")
  }
}
