// Hostile input, round three (issue 33): crafted headers and frames, flags, names, special files
// and signals, each run as a user or an attacker would run the tool. Every case failed on the
// main of 2026-11-25 (fe561c0) and passes now: one line, exit 2 (or the signal's status), no trap,
// no temporary left, outputs never on the wrong file, inputs read once, memory bounded.
//
// The crafted traces are committed in Tests/Hostile, made by `reproducers` below; run with
// SCROLLTRACE_WRITE_REPRODUCERS=1 to write them again.
import Foundation
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct HostileRoundThreeTests {
  static func path(_ name: String) -> String { HostileInputTests.path(name) }
  static let pager = "Traces/pager-rotation.sctrace"

  /// The crafted traces, by file name.
  static func reproducers() throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let list = Scene(axis: .vertical, layout: .list([SceneItem(length: 100, reuseIdentifier: "r")]))
    let events = [
      TraceEvent(timestamp: 0, .scene(list)),
      TraceEvent(
        timestamp: 0, .touch(TouchSample(touchID: 1, phase: .began, location: Point(x: 9, y: 9)))),
    ]
    // 1. A header whose refresh rate is 10⁻¹⁰ Hz, behind a correct CRC: it used to pass the header
    //    check and trap the frame clock ("Double value cannot be converted to Int64").
    var trace = try TraceWriter.encode(header: HostileInputTests.header, events: events)
    let contentStart = 8
    let contentLength = Int(
      UInt32(littleEndian: trace[4..<8].withUnsafeBytes { $0.load(as: UInt32.self) }))
    let rate = withUnsafeBytes(of: Double(120).bitPattern.littleEndian, Array.init)
    let header = contentStart..<(contentStart + contentLength)
    guard
      let at = (header.lowerBound..<(header.upperBound - 8)).first(where: {
        Array(trace[$0..<($0 + 8)]) == rate
      })
    else { throw CocoaError(.coderInvalidValue) }
    for (i, byte) in withUnsafeBytes(of: (1e-10).bitPattern.littleEndian, Array.init).enumerated() {
      trace[at + i] = byte
    }
    let crc = CRC32.checksum(trace[contentStart..<(header.upperBound - 4)])
    for (i, byte) in withUnsafeBytes(of: crc.littleEndian, Array.init).enumerated() {
      trace[header.upperBound - 4 + i] = byte
    }
    files["tiny-refresh-rate.sctrace"] = trace
    // 2. A chunk whose zstd frame declares 1 GiB of content in 24 bytes: one RLE block of 100
    //    bytes. It made the reader allocate and touch the declared size before failing.
    var bomb = try TraceWriter.encode(header: HostileInputTests.header, events: events)
    let chunkStart = contentStart + contentLength
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
    frame.append(0b1000_0100)  // Frame_Content_Size 4 bytes, a content checksum, a window.
    frame.append(0x58)  // Window_Descriptor: 2^(10+11) bytes.
    frame += withUnsafeBytes(of: UInt32(1 << 30).littleEndian, Array.init)
    let block = UInt32(100) << 3 | UInt32(1) << 1 | 1  // RLE, last, 100 bytes.
    frame += [UInt8(block & 0xFF), UInt8(block >> 8 & 0xFF), UInt8(block >> 16), 0x41]
    frame += [0, 0, 0, 0]  // The checksum (never reached).
    let chunkEnd = chunkStart + (try Self.frameLength(bomb, at: chunkStart))
    bomb.replaceSubrange(chunkStart..<chunkEnd, with: frame)
    // The index no longer matches: drop it (a reader does without).
    files["declared-gigabyte.sctrace"] = Array(bomb[..<(chunkStart + frame.count)])
    return files
  }

  /// The length of the zstd frame at `offset`, read with the tool's own reader of frame sizes.
  static func frameLength(_ bytes: [UInt8], at offset: Int) throws -> Int {
    try bytes[offset...].withUnsafeBytes { raw in
      guard let size = try ZstdFrameHeader.frameSize(raw) else {
        throw CocoaError(.coderInvalidValue)
      }
      return size
    }
  }

  @Test func reproducersAreCurrent() throws {
    for (name, bytes) in try Self.reproducers() {
      let url = URL(fileURLWithPath: Self.path(name))
      if ProcessInfo.processInfo.environment["SCROLLTRACE_WRITE_REPRODUCERS"] != nil {
        try Data(bytes).write(to: url)
      }
      #expect(try Data(contentsOf: url) == Data(bytes), "\(name) is stale")
    }
  }

  /// A temporary output left in `directory`, if any.
  static func leftovers(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix(".scrolltrace-") || $0.contains(".tmp-")
    }
  }

  // MARK: - Traps

  /// A refresh rate below what a display can have is refused where the header is read, by every
  /// verb, `--keep-going` included, with no temporary left.
  @Test func aTinyRefreshRateIsRefused() throws {
    let trace = Self.path("tiny-refresh-rate.sctrace")
    let directory = try CLI.temporaryDirectory()
    let out = directory.appendingPathComponent("r.json").path
    for arguments in [
      ["info", trace], ["replay", trace, "--engine", "plain", "-o", out],
      ["export", "--chrome", out, trace, "--engine", "plain"],
      ["diff", "--baseline", "plain", "--candidate", "plain", trace, "--no-timings", "-o", out],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("device.refreshRate must be within 1...1000 Hz"), "\(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1)
    }
    let kept = try CLI.run([
      "replay", trace, Self.pager, "--engine", "paging@2", "--keep-going", "-o", out,
    ])
    #expect(kept.status == 1, "\(kept.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("refreshRate"))
    #expect(try Self.leftovers(directory).isEmpty)
    // The script side: synth refuses the same rate.
    let script = directory.appendingPathComponent("s.json")
    try Data(
      #"{"device":{"screen":[390,844],"refreshRate":1e-10},"scene":{"pages":2},"steps":[{"wait":1}]}"#
        .utf8
    ).write(to: script)
    let synth = try CLI.run(["synth", script.path, "-o", out])
    #expect(synth.status == 2 && synth.stderr.contains("device.refreshRate"), "\(synth.stderr)")
  }

  /// Every limit a user can set is checked when the command line is parsed.
  @Test func limitsAreCheckedAtParseTime() throws {
    let cases: [[String]] = [
      ["info", Self.pager, "--max-chunk-size=-1"], ["info", Self.pager, "--max-chunk-size", "0"],
      ["info", Self.pager, "--max-chunk-size", "99999999999"],
      ["replay", Self.pager, "--engine", "plain", "--max-frames", "-1"],
      ["replay", Self.pager, "--engine", "plain", "--max-items", "-5"],
      ["replay", Self.pager, "--engine", "plain", "--jobs", "0"],
      ["replay", Self.pager, "--engine", "plain", "--jump-threshold", "nan"],
      ["replay", Self.pager, "--engine", "plain", "--glitch-tolerance", "inf"],
      ["replay", Self.pager, "--engine", "plain", "--event-limit", "-1"],
      ["replay", Self.pager, "--engine", "plain", "--touch-slop", "-3"],
      ["diff", "--baseline", "plain", "--candidate", "plain", Self.pager, "--alpha", "nan"],
      ["diff", "--baseline", "plain", "--candidate", "plain", Self.pager, "--noise-floor", "inf"],
      ["diff", "--baseline", "plain", "--candidate", "plain", Self.pager, "--repeat", "-2"],
      [
        "diff", "--baseline", "plain", "--candidate", "plain", Self.pager, "--tolerance",
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

  /// `-o` naming a link writes the file it names, and leaves the link a link.
  @Test func outputsGoThroughLinks() throws {
    let directory = try CLI.temporaryDirectory()
    let link = directory.appendingPathComponent("link.json")
    let real = directory.appendingPathComponent("real.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
    #expect(try CLI.run(["replay", Self.pager, "--engine", "plain", "-o", link.path]).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(
      try String(contentsOf: real, encoding: .utf8).hasPrefix(#"{"schema":"scrolltrace-report""#))
    #expect(try Self.leftovers(directory).isEmpty)
  }

  /// `/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1` name whatever standard output is: a file
  /// the shell opened is written, and the name is never replaced by a regular file.
  @Test func descriptorNamesAreWrittenDirectly() throws {
    let directory = try CLI.temporaryDirectory()
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
      let file = directory.appendingPathComponent("out.txt").path
      let output = CLI.shell(
        "cd '\(CLI.root.path)' && '\(CLI.binary.path)' replay \(Self.pager) --engine plain -o \(name) > '\(file)'; echo status $?"
      )
      #expect(output == "status 0\n", "\(name): \(output ?? "")")
      #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("scrolltrace replay"))
    }
    var info = stat()
    #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
  }

  /// Two outputs of one run naming the same file are refused before anything is written.
  @Test func twoOutputsNamingOneFileAreRefused() throws {
    let directory = try CLI.temporaryDirectory()
    let report = directory.appendingPathComponent("R.json").path
    let relative = try CLI.run(
      [
        "replay", CLI.root.appendingPathComponent(Self.pager).path, "--engine", "plain", "-o",
        "./R.json", "--timeline", "R.json",
      ], in: directory)
    #expect(
      relative.status == 2 && relative.stderr.contains("two outputs of this run name the same file")
    )
    #expect(!FileManager.default.fileExists(atPath: report))
    let junit = directory.appendingPathComponent("J.xml").path
    let gate = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "paging@1", "--candidate",
      "paging@2", Self.pager, "--repeat", "1", "--junit", junit, "--markdown", junit,
    ])
    #expect(gate.status == 2 && gate.stderr.contains("two outputs"), "\(gate.stderr)")
    #expect(!FileManager.default.fileExists(atPath: junit))
    let both = try CLI.run(["replay", Self.pager, "--engine", "plain", "--timeline", "-"])
    #expect(
      both.status == 2 && both.stderr.contains("two outputs of this run write standard output"))
    #expect(try Self.leftovers(directory).isEmpty)
  }

  /// A failed write to standard output is an error for every verb, never a lost report.
  @Test func aFailedWriteToStandardOutputIsAnError() throws {
    for command in [
      "engines", "metrics", "--help", "replay --help", "info \(Self.pager)",
      "replay \(Self.pager) --engine plain",
      "gate --budget Budgets/samples.json --baseline paging@1 --candidate paging@2 \(Self.pager) --repeat 1",
    ] {
      let output =
        CLI.shell(
          "cd '\(CLI.root.path)' && '\(CLI.binary.path)' \(command) > /dev/full 2> /tmp/full-$$.err; echo status $?; cat /tmp/full-$$.err; rm -f /tmp/full-$$.err"
        ) ?? ""
      #expect(output.hasPrefix("status 2\n"), "\(command): \(output)")
      #expect(
        output.contains("standard output: cannot write: No space left on device"), "\(output)")
    }
  }

  /// Names that are not UTF-8 name the files they name, for outputs and inputs, and show their
  /// bytes as `\xE9` in messages.
  @Test func namesThatAreNotUTF8() throws {
    let directory = try CLI.temporaryDirectory()
    let command = """
      cd '\(directory.path)' && cp '\(CLI.root.appendingPathComponent(Self.pager).path)' "$(printf 'tr\\351.sctrace')" \
      && '\(CLI.binary.path)' replay "$(printf 'tr\\351.sctrace')" --engine plain -o "$(printf 'caf\\351.json')" \
      && ls | od -An -c | tr -s ' ' && '\(CLI.binary.path)' info "$(printf 'no\\351.sctrace')"; echo status $?
      """
    let output = CLI.shell("{ \(command); } 2>&1") ?? ""
    #expect(output.contains("c a f 351 . j s o n"), "\(output)")
    #expect(output.contains("no\\xE9.sctrace: io: cannot open the file"), "\(output)")
    #expect(output.hasSuffix("status 2\n"))
  }

  /// A name of 250 bytes, which the file system takes, is written: the temporary is short.
  @Test func longNamesAreWritten() throws {
    let directory = try CLI.temporaryDirectory()
    let name = directory.appendingPathComponent(String(repeating: "a", count: 250) + ".json").path
    #expect(try CLI.run(["replay", Self.pager, "--engine", "plain", "-o", name]).status == 0)
    #expect(FileManager.default.fileExists(atPath: name))
    let empty = try CLI.run(["replay", Self.pager, "--engine", "plain", "-o", ""])
    #expect(empty.status == 2 && empty.stderr.contains("the output path is empty"))
  }

  /// A writable file in a folder its user cannot write is written, as the shell's `>` would.
  @Test(
    .enabled(
      if: getuid() == 0 && CLI.shell("command -v setpriv") != nil,
      "needs root and setpriv to act as another user"))
  func aWritableFileInAFolderThatIsNot() throws {
    let directory = try CLI.temporaryDirectory()
    let file = directory.appendingPathComponent("r.json").path
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    _ = CLI.shell(
      "chown nobody '\(file)' && chmod 755 '\(directory.path)' && chmod 755 '\(CLI.binary.deletingLastPathComponent().path)'"
    )
    let output =
      CLI.shell(
        "cd '\(CLI.root.path)' && setpriv --reuid=nobody --regid=nogroup --clear-groups '\(CLI.binary.path)' replay \(Self.pager) --engine plain -o '\(file)' 2>&1; echo status $?"
      ) ?? ""
    #expect(output.hasSuffix("status 0\n"), "\(output)")
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix(#"{"schema""#))
  }

  /// Every signal that ends the process removes the temporaries first (SIGINT, SIGTERM and SIGHUP
  /// did before; SIGPIPE, SIGUSR1, SIGALRM and SIGQUIT left them, and SIGQUIT did not end it).
  @Test(arguments: ["PIPE", "USR1", "ALRM", "QUIT", "TERM", "HUP", "XCPU"])
  func signalsLeaveNothingBehind(_ signal: String) throws {
    let directory = try CLI.temporaryDirectory()
    let output =
      CLI.shell(
        """
        cd '\(directory.path)'; set -m
        '\(CLI.binary.path)' replay '\(HostileInputTests.path("far-apart.sctrace"))' --engine plain \
          --max-frames 100000000 --timeline t.jsonl -o r.json 2>/dev/null & pid=$!
        sleep 1; kill -\(signal) $pid; wait $pid; echo status $?
        """) ?? ""
    #expect(output.hasPrefix("status 1"), "\(signal): \(output)")  // 128 + the signal's number
    #expect(try Self.leftovers(directory).isEmpty, "\(signal)")
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.json").path))
  }

  /// A reader that goes away (`| head`) ends the tool without leaving the other output's temporary.
  @Test func aClosedPipeLeavesNothingBehind() throws {
    let directory = try CLI.temporaryDirectory()
    _ = CLI.shell(
      "cd '\(directory.path)' && '\(CLI.binary.path)' replay '\(HostileInputTests.path("far-apart.sctrace"))' --engine plain --max-frames 100000000 --timeline /dev/stdout -o r.json 2>/dev/null | head -c 100 > /dev/null"
    )
    #expect(try Self.leftovers(directory).isEmpty)
  }

  // MARK: - Inputs read once

  /// `diff` and `gate` read each trace once: a FIFO compares as a file does.
  @Test func aFIFOIsReadOnce() throws {
    let directory = try CLI.temporaryDirectory()
    let fifo = directory.appendingPathComponent("f.sctrace").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let trace = CLI.root.appendingPathComponent(Self.pager).path
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
      atPath: CLI.root.appendingPathComponent(Self.pager).path,
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

  /// A 24-byte zstd frame declaring 1 GiB is refused from its block headers, before anything is
  /// allocated, whatever the chunk limit.
  @Test func memoryFollowsTheBytesPresent() throws {
    let trace = Self.path("declared-gigabyte.sctrace")
    let output =
      CLI.shell(
        "/usr/bin/time -f 'peak %M KB' '\(CLI.binary.path)' info '\(trace)' --max-chunk-size 1073741824 2>&1; echo status $?"
      ) ?? ""
    #expect(output.contains("can hold at most 100"), "\(output)")
    #expect(output.hasSuffix("status 2\n"))
    if let peak = output.split(separator: "\n").first(where: { $0.hasPrefix("peak ") })?
      .split(separator: " ")[1], let kilobytes = Int(peak)
    {
      #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
    }
  }

  /// Saved reports of about 12 MB each compare in under 8× their total size over a small pair's
  /// peak (docs/files.md states the multiple; before the cap, `diff` took about 21×).
  @Test func savedReportsUseABoundedMultiple() throws {
    let directory = try CLI.temporaryDirectory()
    let small = directory.appendingPathComponent("small.json")
    #expect(
      try CLI.run(["replay", Self.pager, "--engine", "paging@1", "-o", small.path]).status == 0)
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
      try CLI.run(["replay", Self.pager, "--engine", "paging@1", "-o", report.path]).status == 0)
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
      // Foundation's decoder cannot place a number beyond Double; its parser's words say which.
      let place = key == "frames" ? "1.8e308 is not representable" : "traces[0].metrics.\(key)"
      #expect(run.stderr.contains(place), "\(run.stderr)")
    }
  }

  /// Thousands of traces go by `--files-from`: a list, NUL-separated or on standard input.
  @Test func manyTracesGoByAList() throws {
    let directory = try CLI.temporaryDirectory()
    let list = directory.appendingPathComponent("list.txt")
    try Data(String(repeating: Self.pager + "\n", count: 3).utf8).write(to: list)
    let run = try CLI.run(["info", "--files-from", list.path, "--json"])
    #expect(run.status == 0 && run.stdout.split(separator: "\n").count == 3, "\(run.stderr)")
    let stdin = CLI.shell(
      "cd '\(CLI.root.path)' && printf '\(Self.pager)\\0\(Self.pager)\\0' | '\(CLI.binary.path)' replay --files-from - --engine paging@2 --format ndjson | wc -l"
    )
    #expect(stdin?.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
  }
}
