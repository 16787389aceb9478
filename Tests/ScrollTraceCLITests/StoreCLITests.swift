// Baselines and history through the tool, as a CI job uses them: a stored baseline in place of a
// replay, runs recorded and checked, two jobs writing at once, a damaged store.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct StoreCLITests {
  static let feed = "Traces/cardfeed-mixed.sctrace"
  static let budget = "Budgets/samples.json"

  /// `replay --format json` of `engine` on the sample feed, written to `name` in `directory`.
  static func report(_ engine: String, _ name: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let run = try CLI.run(["replay", "--engine", engine, feed, "--format", "json", "-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    return path
  }

  @Test func aGateAgainstAStoredBaselineGivesTheReportsVerdicts() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    let base = try Self.report("cardfeed@1", "base.json", in: directory)
    let save = try CLI.run([
      "baseline", "save", "main", base, "--store", store, "--revision", "abc",
    ])
    #expect(save.status == 0, "\(save.stderr)")
    for candidate in ["cardfeed@2", "cardfeed@2+viewPerFrame"] {
      let report = try Self.report(candidate, "candidate.json", in: directory)
      func gate(_ sides: [String], _ name: String) throws -> (Run, String) {
        let junit = directory.appendingPathComponent(name).path
        let run = try CLI.run(["gate", "--budget", Self.budget, "--junit", junit] + sides)
        return (run, try String(contentsOfFile: junit, encoding: .utf8))
      }
      let (fromReport, reportJUnit) = try gate([base, report], "a.xml")
      let (fromStore, storeJUnit) = try gate(
        ["--baseline-store", store, "--baseline", "main", report], "b.xml")
      let (replayed, replayedJUnit) = try gate(
        ["--baseline-store", store, "--baseline", "main", "--candidate", candidate, Self.feed],
        "c.xml")
      #expect(fromStore.status == fromReport.status && replayed.status == fromReport.status)
      #expect(fromStore.stdout == fromReport.stdout && replayed.stdout == fromReport.stdout)
      #expect(storeJUnit == reportJUnit && replayedJUnit == reportJUnit)
    }
    // The regression's gate fails, the fix's passes: the comparison judged something.
    let broken = try CLI.run([
      "gate", "--budget", Self.budget, "--baseline-store", store, "--baseline", "main",
      "--candidate", "cardfeed@2+viewPerFrame", Self.feed,
    ])
    #expect(broken.status == 1)
    let missing = try CLI.run([
      "gate", "--budget", Self.budget, "--baseline-store", store, "--baseline", "nightly",
      "--candidate", "cardfeed@2", Self.feed,
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no baseline named 'nightly'; it has main"))
  }

  /// A baseline saved with its budget: a gate against it needs no `--budget` and gives the
  /// verdict the file gives; `--budget` still wins; a baseline saved without one, or a budget that
  /// is not one, is an error naming what to do.
  @Test func aBudgetSavedWithTheBaselineGatesWithoutTheFile() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    let base = try Self.report("cardfeed@2", "base.json", in: directory)
    let save = try CLI.run([
      "baseline", "save", "main", base, "--store", store, "--budget", Self.budget,
    ])
    #expect(save.status == 0, "\(save.stderr)")
    #expect(save.stdout.contains("with the budget Budgets/samples.json"))
    #expect(try CLI.run(["baseline", "list", "--store", store]).stdout.contains(" · budget\n"))
    for candidate in ["cardfeed@2", "cardfeed@2+viewPerFrame"] {
      let sides = [
        "--baseline-store", store, "--baseline", "main", "--candidate", candidate, Self.feed,
      ]
      let stored = try CLI.run(["gate"] + sides)
      let given = try CLI.run(["gate", "--budget", Self.budget] + sides)
      #expect(stored.status == given.status && stored.stdout == given.stdout, "\(stored.stderr)")
      #expect(stored.status == (candidate == "cardfeed@2" ? 0 : 1))
    }
    // An explicit budget replaces the stored one for this gate: none of its limits, none broken.
    let none = directory.appendingPathComponent("none.json")
    try Data(#"{"budgets":[{"metric":"frames","max":1000000}]}"#.utf8).write(to: none)
    let explicit = try CLI.run([
      "gate", "--budget", none.path, "--baseline-store", store, "--baseline", "main",
      "--candidate", "cardfeed@2+viewPerFrame", Self.feed,
    ])
    #expect(explicit.status == 0, "\(explicit.stdout)")
    _ = try CLI.run(["baseline", "save", "bare", base, "--store", store])
    let bare = try CLI.run([
      "gate", "--baseline-store", store, "--baseline", "bare", "--candidate", "cardfeed@2",
      Self.feed,
    ])
    #expect(bare.status == 2 && bare.stderr.contains("saved without a budget"), "\(bare.stderr)")
    let noStore = try CLI.run(["gate", base])
    #expect(noStore.status == 2 && noStore.stderr.contains("give the budget"), "\(noStore.stderr)")
    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{"budgets":[{"metric":"no.such","max":0}]}"#.utf8).write(to: bad)
    let refused = try CLI.run([
      "baseline", "save", "main", base, "--store", store, "--budget", bad.path,
    ])
    #expect(refused.status == 2 && refused.stderr.contains("bad.json"), "\(refused.stderr)")
    #expect(try CLI.run(["baseline", "list", "--store", store]).stdout.contains("main  "))
  }

  /// A history back-filled in one call: the runs a list names, recorded in one transaction — all,
  /// or none when one is refused — each line's faults named by line.
  @Test func aHistoryIsBackFilledFromAListInOneTransaction() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    let one = try Self.report("cardfeed@1", "one.json", in: directory)
    let two = try Self.report("cardfeed@2", "two.json", in: directory)
    let list = directory.appendingPathComponent("runs.tsv")
    try Data(
      "\u{FEFF}# revision\ttime\treport\r\na1\t1700000000\t\(one)\r\n\na2\t2023-11-15T00:00:00Z\t\(two)\na3\t1700200000\t\(two)\n"
        .utf8
    ).write(to: list)
    let added = try CLI.run([
      "history", "add", "--runs", list.path, "--branch", "main", "--store", store,
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "\(store): 3 runs of main recorded\n", "\(added.stdout)")
    let listed = try CLI.run(["history", "list", "--store", store]).stdout
    #expect(["a1", "a2", "a3"].allSatisfy { listed.contains($0) }, "\(listed)")
    // Again: every run replaces its revision's.
    let again = try CLI.run([
      "history", "add", "--runs", list.path, "--branch", "main", "--store", store,
    ])
    #expect(again.stdout.contains("(3 replace earlier runs of their revisions)"), "\(again.stdout)")
    // A line that is not one, a time that is none, a report that is not one: exit 2, named, and
    // nothing recorded (b1 is not in the history).
    let notAReport = directory.appendingPathComponent("not.json")
    try Data("{}".utf8).write(to: notAReport)
    for (text, message) in [
      (
        "b1\t1700300000\t\(one)\nb2 1700400000 \(two)\n",
        "runs.tsv:2: expected REVISION<TAB>TIME<TAB>REPORT"
      ),
      ("b1\t1700300000\t\(one)\nb2\tyesterday\t\(two)\n", "runs.tsv:2: the time 'yesterday'"),
      ("b1\t1700300000\t\(one)\nb2\t1700400000\t\(notAReport.path)\n", "not.json"),
      ("# nothing\n", "runs.tsv: no run listed"),
    ] {
      try Data(text.utf8).write(to: list)
      let run = try CLI.run([
        "history", "add", "--runs", list.path, "--branch", "main", "--store", store,
      ])
      #expect(run.status == 2 && run.stderr.contains(message), "\(run.stderr)")
      #expect(!(try CLI.run(["history", "list", "--store", store]).stdout.contains("b1")))
    }
    let both = try CLI.run([
      "history", "add", one, "--runs", list.path, "--branch", "main", "--store", store,
    ])
    #expect(both.status == 2 && both.stderr.contains("give no report, --revision or --time"))
  }

  @Test func baselinesAreListedReplacedAndDeleted() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    let base = try Self.report("cardfeed@1", "base.json", in: directory)
    _ = try CLI.run(["baseline", "save", "main", base, "--store", store, "--revision", "r1"])
    let again = try CLI.run([
      "baseline", "save", "main", base, "--store", store, "--revision", "r2",
      "--time", "2026-11-26T09:00:00Z",
    ])
    #expect(again.stdout.hasSuffix("1 report, replacing 1\n"), "\(again.stdout)")
    let list = try CLI.run(["baseline", "list", "--store", store])
    #expect(list.stdout == "main  r2  2026-11-26 09:00  cardfeed@1 · 1 trace\n")
    #expect(try CLI.run(["baseline", "delete", "main", "--store", store]).status == 0)
    #expect(try CLI.run(["baseline", "delete", "main", "--store", store]).status == 2)
    #expect(try CLI.run(["baseline", "list", "--store", store]).stdout.contains("no baseline"))
  }

  /// Two CI jobs recording into one store at once: every run is there afterwards.
  @Test func twoWriterProcessesLoseNothing() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    let report = try Self.report("cardfeed@2", "run.json", in: directory)
    let writers = (0..<2).map { writer in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = [
        "-c",
        """
        for run in $(seq 1 12); do
          "$0" history add "$1" --store "$2" --branch "w\(writer)" --revision "r$run" --time "$run" \
            >/dev/null || exit 1
        done
        """, CLI.binary.path, report, store,
      ]
      return process
    }
    for writer in writers { try writer.run() }
    for writer in writers { writer.waitUntilExit() }
    #expect(writers.allSatisfy { $0.terminationStatus == 0 })
    for branch in ["w0", "w1"] {
      let list = try CLI.run(["history", "list", "--store", store, "--branch", branch])
      #expect(list.status == 0, "\(list.stderr)")
      let revisions = list.stdout.split(separator: "\n").map { $0.split(separator: " ")[1] }
      #expect(revisions == (1...12).map { "r\($0)" }, "\(list.stdout)")
    }
  }

  /// Several CI jobs making one store with their first run at the same moment: each waits for
  /// the one creating it, none takes it for a foreign database or fails creating its tables.
  @Test func writersMakingOneStoreAtOnceAllGetIn() throws {
    let directory = try CLI.temporaryDirectory()
    let report = try Self.report("cardfeed@2", "run.json", in: directory)
    for round in 0..<8 {
      let store = directory.appendingPathComponent("results-\(round).sqlite").path
      let writers = (0..<4).map { writer in
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = [
          "history", "add", report, "--store", store, "--branch", "w\(writer)", "--revision", "r",
        ]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        return (process, errors)
      }
      for (process, _) in writers { try process.run() }
      for (process, errors) in writers {
        let message = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "round \(round): \(message)")
      }
      let list = try CLI.run(["history", "list", "--store", store])
      #expect(list.status == 0 && list.stdout.split(separator: "\n").count == 4, "\(list.stdout)")
    }
  }

  @Test func aDamagedStoreFailsInOneLineAndKeepsItsBytes() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite")
    let base = try Self.report("cardfeed@1", "base.json", in: directory)
    _ = try CLI.run(["baseline", "save", "main", base, "--store", store.path, "--revision", "r"])
    var bytes = try Data(contentsOf: store)
    bytes = bytes.prefix(bytes.count / 2)
    try bytes.write(to: store)
    for arguments in [
      ["baseline", "list", "--store", store.path],
      ["baseline", "save", "other", base, "--store", store.path, "--revision", "r"],
      ["history", "add", base, "--store", store.path, "--branch", "main", "--revision", "r"],
      ["diff", "--baseline-store", store.path, "--baseline", "main", base],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
      #expect(run.stderr.contains(store.path))
      #expect(try Data(contentsOf: store) == bytes)
    }
    // A name that is not UTF-8 cannot reach SQLite as itself: refused, by name.
    let odd = CLI.shell(
      "cd \"\(directory.path)\" && \"\(CLI.binary.path)\" baseline list --store \"$(printf 'x\\351.sqlite')\" 2>&1; echo \"exit $?\""
    )
    #expect(
      odd?.contains("must be valid UTF-8") == true && odd?.hasSuffix("exit 2\n") == true,
      "\(odd ?? "")")
    let foreign = try CLI.run(["baseline", "list", "--store", base])
    #expect(foreign.status == 2 && foreign.stderr.contains("not a SQLite database"))
  }

  /// Eight builds of one engine; from the sixth, a view is made every frame.
  ///
  /// `history check` names the sixth, and fails while it is among the newest runs.
  @Test func historyCheckNamesTheRevisionWhereAMetricStepped() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    let good = try String(
      contentsOfFile: try Self.report("cardfeed@2", "good.json", in: directory), encoding: .utf8)
    let bad = try String(
      contentsOfFile: try Self.report("cardfeed@2+viewPerFrame", "bad.json", in: directory),
      encoding: .utf8)
    let run = directory.appendingPathComponent("run.json")
    let tooFew = try CLI.run(["history", "check", "--store", store])
    #expect(tooFew.status == 2)  // no store yet
    for build in 1...8 {
      try Data((build >= 6 ? bad : good).utf8).write(to: run)
      let add = try CLI.run([
        "history", "add", run.path, "--store", store, "--branch", "main", "--revision",
        "rev\(build)",
        "--time", "\(1_790_000_000 + build * 3600)", "--engine", "cardfeed@2",
      ])
      #expect(add.status == 0, "\(add.stderr)")
      if build == 2 {
        let short = try CLI.run(["history", "check", "--store", store])
        #expect(short.status == 2 && short.stderr.contains("a check needs 3 or more"))
      }
    }
    let check = try CLI.run(["history", "check", "--store", store, "--format", "json"])
    #expect(check.status == 1, "\(check.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    let changes = try #require(object["changes"] as? [[String: Any]])
    let views = try #require(changes.first { $0["metric"] as? String == "work.viewsCreated" })
    #expect(views["revision"] as? String == "rev6")
    #expect(views["verdict"] as? String == "regression")
    #expect(changes.allSatisfy { $0["revision"] as? String == "rev6" })
    // Host timings are judged only when asked.
    #expect(!changes.contains { ($0["metric"] as? String)?.hasPrefix("host.") == true })
    // Once the regression is older than the newest runs, the check passes and still names it.
    let older = try CLI.run(["history", "check", "--store", store, "--newest", "2"])
    #expect(older.status == 0, "\(older.stdout)")
    #expect(older.stdout.contains("rev6"))
    let html = directory.appendingPathComponent("history.html").path
    let show = try CLI.run(["history", "show", "--store", store, "-o", html])
    #expect(show.status == 0, "\(show.stderr)")
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.contains("<svg") && page.contains("work.viewsCreated") && page.contains("rev6"))
  }

  /// Two builds of the tool, one the baseline's and one the candidate's, with host statistics.
  @Test func aBaselineToolReplaysTheBaselineInAnotherBuild() throws {
    let directory = try CLI.temporaryDirectory()
    let other = directory.appendingPathComponent("scrolltrace-previous")
    try FileManager.default.copyItem(at: CLI.binary, to: other)
    // A process: the candidate is replayed by this build, its own executable.
    let run = try CLI.spawn([
      "diff", "--baseline-tool", other.path, "--baseline", "cardfeed@1", "--candidate",
      "cardfeed@2", Self.feed, "--repeat", "3", "--format", "json", "--jump-threshold", "40",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try DiffGateCLITests.rows(run.stdout)
    let views = try #require(rows.first { $0["metric"] as? String == "work.viewsCreated" })
    #expect(views["verdict"] as? String == "improved")
    let wall = try #require(rows.first { $0["metric"] as? String == "host.wallTime" })
    #expect((wall["test"] as? [String: Any])?["baselineRepetitions"] as? Int == 3, "\(wall)")
    #expect(run.stdout.contains("\"warnings\":[]"))  // the same settings on both sides
    let unknown = try CLI.run([
      "diff", "--baseline-tool", other.path, "--baseline", "cardfeed@9", "--candidate",
      "cardfeed@2", Self.feed,
    ])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.split(separator: "\n").count == 1)
    #expect(unknown.stderr.contains("unknown engine 'cardfeed@9'"))
  }
}
