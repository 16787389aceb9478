// How every verb reads its inputs (docs/files.md, "Inputs" and "Sizes and memory"): pipes,
// devices and FIFOs read once, folders' special files skipped, names that are not UTF-8, lists of
// traces, limits checked when parsed, JSON inputs and saved reports in bounded memory.

import Foundation
import TestSupport
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct InputRulesTests {
  @Test func synthChecksTheScriptBeforeWriting() throws {
    let directory = try CLI.temporaryDirectory()
    for (name, words) in [
      ("synth-long-hold.json", "more than the limit of 100000000"),
      ("synth-long-wait.json", "at most 86400"),
      ("synth-huge-list.json", "more than 1048576 items"),
    ] {
      let out = directory.appendingPathComponent("\(name).sctrace").path
      HostileFiles.expectRefused(
        try CLI.run(["synth", HostileFiles.path(name), "-o", out]), naming: name, words)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    let out = directory.appendingPathComponent("jitter.sctrace").path
    let jitter = try CLI.run(["synth", HostileFiles.path("synth-huge-jitter.json"), "-o", out])
    #expect(jitter.status == 0, "\(jitter.stderr)")
    #expect(try CLI.run(["info", out]).status == 0)
  }

  @Test func pipesAndDevicesAreReadOnce() throws {
    let sample = CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path
    let direct = try CLI.run(["replay", sample, "--engine", "paging@2", "--format", "json"])
    let viaPipe = CLI.shell(
      "'\(CLI.binary.path)' replay <(cat '\(sample)') --engine paging@2 --format json"
        .replacingOccurrences(of: "'", with: "'\\''").wrappedInBash)
    #expect(direct.status == 0)
    let hash = { (json: String) in
      json.firstRange(of: /"contentHash":"[^"]*"/).map { String(json[$0]) }
    }
    #expect(viaPipe.map(hash) == hash(direct.stdout), "a pipe gives the file's own hash")
    // A FIFO is opened once and read to its end, as a file is.
    let fifo = try CLI.temporaryDirectory().appendingPathComponent("trace.fifo").path
    let viaFIFO = CLI.shell(
      "mkfifo '\(fifo)' && (cat '\(sample)' > '\(fifo)' &) && timeout 60 '\(CLI.binary.path)' replay '\(fifo)' --engine paging@2 --format json"
    )
    #expect(viaFIFO.map(hash) == hash(direct.stdout), "a FIFO gives the file's own hash")
    for device in ["/dev/zero", "/dev/null"] {
      for extra in [[], ["--recover"]] {
        let run = try CLI.run(["replay", device, "--engine", "plain"] + extra)
        // Empty /dev/null under --recover is a lost header: a reported loss, exit 1.
        #expect(
          run.status == 2 || (device == "/dev/null" && run.status == 1),
          "\(device) \(extra): \(run.stderr)")
        #expect(run.stderr.contains(device))
      }
    }
  }

  /// `diff` and `gate` read each trace once: a FIFO compares as a file does.
  @Test func aFIFOIsReadOnce() throws {
    let directory = try CLI.temporaryDirectory()
    let fifo = directory.appendingPathComponent("f.sctrace").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let trace = CLI.root.appendingPathComponent(HostileFiles.pager).path
    for command in [
      "diff --baseline paging@1 --candidate paging@2 '\(fifo)' --no-timings",
      "gate --budget Budgets/samples.json --baseline paging@1 --candidate paging@2 '\(fifo)'",
    ] {
      let output =
        CLI.shell(
          "cd '\(CLI.root.path)' && (cat '\(trace)' > '\(fifo)' &) && timeout 120 '\(CLI.binary.path)' \(command) 2>&1 | tail -1; echo status ${PIPESTATUS[0]}"
        ) ?? ""
      #expect(output.hasSuffix("status 0\n"), "\(command): \(output)")
    }
  }

  /// A folder's special files are skipped with a note, never opened (a FIFO would block).
  @Test func aFolderSpecialFilesAreSkipped() throws {
    let directory = try CLI.temporaryDirectory()
    try FileManager.default.copyItem(
      atPath: CLI.root.appendingPathComponent(HostileFiles.pager).path,
      toPath: directory.appendingPathComponent("a.sctrace").path)
    #expect(mkfifo(directory.appendingPathComponent("b.sctrace").path, 0o600) == 0)
    let output = CLI.shell(
      "timeout 60 '\(CLI.binary.path)' replay '\(directory.path)' --engine paging@2 --keep-going > /dev/null 2> '\(directory.path)/err'; echo status $?"
    )
    #expect(output == "status 0\n")
    #expect(
      try String(contentsOfFile: directory.appendingPathComponent("err").path, encoding: .utf8)
        .contains("skipped \(directory.path)/b.sctrace: not a regular file"))
  }

  // MARK: - Bounded resources

  /// Names that are not UTF-8 name the files they name, for outputs and inputs, and show their
  /// bytes as `\xE9` in messages.
  @Test func namesThatAreNotUTF8() throws {
    let directory = try CLI.temporaryDirectory()
    let command = """
      cd '\(directory.path)' && cp '\(CLI.root.appendingPathComponent(HostileFiles.pager).path)' "$(printf 'tr\\351.sctrace')" \
      && '\(CLI.binary.path)' replay "$(printf 'tr\\351.sctrace')" --engine plain -o "$(printf 'caf\\351.json')" \
      && ls | od -An -c | tr -s ' ' && '\(CLI.binary.path)' info "$(printf 'no\\351.sctrace')"; echo status $?
      """
    let output = CLI.shell("{ \(command); } 2>&1") ?? ""
    #expect(output.contains("c a f 351 . j s o n"), "\(output)")
    #expect(output.contains("no\\xE9.sctrace: io: cannot open the file"), "\(output)")
    #expect(output.hasSuffix("status 2\n"))
  }

  /// Thousands of traces go by `--files-from`: a list, NUL-separated or on standard input.
  @Test func manyTracesGoByAList() throws {
    let directory = try CLI.temporaryDirectory()
    let list = directory.appendingPathComponent("list.txt")
    try Data(String(repeating: HostileFiles.pager + "\n", count: 3).utf8).write(to: list)
    let run = try CLI.run(["info", "--files-from", list.path, "--json"])
    #expect(run.status == 0 && run.stdout.split(separator: "\n").count == 3, "\(run.stderr)")
    let stdin = CLI.shell(
      "cd '\(CLI.root.path)' && printf '\(HostileFiles.pager)\\0\(HostileFiles.pager)\\0' | '\(CLI.binary.path)' replay --files-from - --engine paging@2 --format ndjson | wc -l"
    )
    #expect(stdin?.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
  }

  /// Every limit a user can set is checked when the command line is parsed.
  @Test func limitsAreCheckedAtParseTime() throws {
    let cases: [[String]] = [
      ["info", HostileFiles.pager, "--max-chunk-size=-1"],
      ["info", HostileFiles.pager, "--max-chunk-size", "0"],
      ["info", HostileFiles.pager, "--max-chunk-size", "99999999999"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--max-frames", "-1"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--max-items", "-5"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--jobs", "0"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--jump-threshold", "nan"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--glitch-tolerance", "inf"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--event-limit", "-1"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--touch-slop", "-3"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--uikit", "ios16"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--prepared-margin", "-1"],
      ["replay", HostileFiles.pager, "--engine", "plain", "--prepared-margin", "1e300"],
      [
        "diff", "--baseline", "plain", "--candidate", "plain", HostileFiles.pager, "--alpha", "nan",
      ],
      [
        "diff", "--baseline", "plain", "--candidate", "plain", HostileFiles.pager, "--noise-floor",
        "inf",
      ],
      [
        "diff", "--baseline", "plain", "--candidate", "plain", HostileFiles.pager, "--repeat", "-2",
      ],
      [
        "diff", "--baseline", "plain", "--candidate", "plain", HostileFiles.pager, "--tolerance",
        "frames=nan%",
      ],
      ["synth", "Traces/scripts/pager-rotation.json", "-o", "/dev/null", "--max-events", "-1"],
      ["synth", "Traces/scripts/pager-rotation.json", "-o", "/dev/null", "--chunk-size", "-1"],
      [
        "synth", "Traces/scripts/pager-rotation.json", "-o", "/dev/null", "--compression-level",
        "99",
      ],
    ]
    for arguments in cases {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(run.stderr.hasPrefix("scrolltrace: error: "), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("crashed"))
    }
  }

  // MARK: - Outputs

  /// Saved reports and scripts are read up to 16 MiB; deeper JSON than 500 levels says so; values
  /// no replay produces are refused by key.
  @Test func jsonInputsAreBounded() throws {
    let directory = try CLI.temporaryDirectory()
    let big = directory.appendingPathComponent("big.json")
    _ = FileManager.default.createFile(atPath: big.path, contents: Data(count: (16 << 20) + 1))
    let tooBig = try CLI.run(["diff", big.path, big.path])
    #expect(tooBig.status == 2 && tooBig.stderr.contains("larger than 16777216 bytes"))
    let deep = directory.appendingPathComponent("deep.json")
    try Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
      .write(to: deep)
    let nested = try CLI.run(["diff", deep.path, deep.path])
    #expect(nested.status == 2 && nested.stderr.contains("nested deeper than 500 levels"))
    let script = try CLI.run(["synth", deep.path, "-o", "/dev/null"])
    #expect(script.status == 2 && script.stderr.contains("nested deeper than 500 levels"))
    let report = directory.appendingPathComponent("r.json")
    #expect(
      try CLI.run(["replay", HostileFiles.pager, "--engine", "paging@1", "-o", report.path]).status
        == 0)
    let text = try String(contentsOf: report, encoding: .utf8)
    for (bad, key) in [
      (#""offsetJumps.count":-4"#, "offsetJumps.count"), (#""frames":1.8e308"#, "frames"),
      (#""work.layoutPasses":2.5"#, "work.layoutPasses"),
    ] {
      let altered = directory.appendingPathComponent("altered.json")
      let original = try #require(
        text.range(of: #""\#(key)":[0-9.]+"#, options: .regularExpression))
      try Data(text.replacingCharacters(in: original, with: bad).utf8).write(to: altered)
      let run = try CLI.run(["gate", "--budget", "Budgets/samples.json", altered.path])
      #expect(run.status == 2, "\(bad): \(run.stdout)")
      // A number beyond Double is named with its key, as any other value out of range.
      #expect(run.stderr.contains("traces[0].metrics.\(key)"), "\(run.stderr)")
      if key == "frames" { #expect(run.stderr.contains("<1.8e308> does not fit in Double")) }
    }
  }

  /// Saved reports of about 12 MB each compare in under 8× their total size over a small pair's
  /// peak (docs/files.md states the multiple; before the cap, `diff` took about 21×).
  @Test func savedReportsUseABoundedMultiple() throws {
    let directory = try CLI.temporaryDirectory()
    let small = directory.appendingPathComponent("small.json")
    #expect(
      try CLI.run(["replay", HostileFiles.pager, "--engine", "paging@1", "-o", small.path]).status
        == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: small)) as? [String: Any])
    let entry = try #require((report["traces"] as? [[String: Any]])?.first)
    // One report of about 12 MB: the sample's entry again and again, under its own path and hash.
    let entrySize = try JSONSerialization.data(withJSONObject: entry).count
    var traces: [[String: Any]] = []
    for index in 0..<(12_000_000 / entrySize) {
      var copy = entry
      var trace = try #require(entry["trace"] as? [String: Any])
      trace["path"] = "Traces/copy-\(index).sctrace"
      trace["contentHash"] = "fnv1a64:" + String(format: "%016x", index)
      copy["trace"] = trace
      traces.append(copy)
    }
    var large = report
    large["traces"] = traces
    let big = directory.appendingPathComponent("big.json")
    try JSONSerialization.data(withJSONObject: large).write(to: big)
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int)
    #expect(size > 10_000_000 && size < 16 << 20, "\(size) bytes")
    func peak(_ arguments: String) throws -> Int {
      let output =
        CLI.shell(
          "cd '\(CLI.root.path)' && /usr/bin/time -f 'peak %M' '\(CLI.binary.path)' \(arguments) > /dev/null 2>/tmp/peak.$$; tail -1 /tmp/peak.$$; rm /tmp/peak.$$"
        ) ?? ""
      let kilobytes = try #require(Int(output.dropFirst(5).trimmingCharacters(in: .newlines)))
      return kilobytes * 1024
    }
    for verb in ["diff", "gate --budget Budgets/samples.json"] {
      let base = try peak("\(verb) '\(small.path)' '\(small.path)'")
      let grown = try peak("\(verb) '\(big.path)' '\(big.path)'") - base
      #expect(grown < 8 * 2 * size, "\(verb): \(grown) bytes over \(base) for 2 × \(size)")
    }
  }
}
