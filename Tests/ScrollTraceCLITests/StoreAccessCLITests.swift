// The results store as hostile input meets it: edited with sqlite3, named as a URI, read by a user
// who may not write it, held by a writer, refused, interrupted, grown to a hundred thousand runs.
// Readers never create or change a file; a refused or interrupted command leaves the folder as it
// found it.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct StoreAccessCLITests {
  static let golden = CLI.root.appendingPathComponent(
    "Tests/Goldens/cardfeed-mixed.cardfeed@1.report.json"
  ).path

  /// The reading verbs, each as arguments after `--store FILE`.
  static let readers: [[String]] = [
    ["history", "list"], ["history", "check", "--allow-few-runs"], ["history", "show"],
    ["baseline", "list"],
  ]

  /// A folder holding `results.sqlite` with a baseline `main` and a run on `main`.
  static func storeFolder() throws -> (URL, String) {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("results.sqlite").path
    for arguments in [
      ["baseline", "save", "main", golden, "--store", store, "--revision", "r1", "--time", "10"],
      [
        "history", "add", golden, "--store", store, "--branch", "main", "--revision", "r1",
        "--time", "10",
      ],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 0, "\(run.stderr)")
    }
    return (directory, store)
  }

  static func listing(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  static func sqlite(_ store: String, _ sql: String) -> String? {
    CLI.shell("sqlite3 '\(store)' \"\(sql)\"")
  }

  @Test(arguments: [
    "UPDATE reports SET time='yesterday'", "UPDATE reports SET time=1e30",
    "UPDATE results SET value='abc'", "UPDATE reports SET revision=CAST(x'ff41' AS TEXT)",
  ])
  func aStoreEditedWithSQLiteIsDamagedInOneLine(edit: String) throws {
    let (directory, store) = try Self.storeFolder()
    #expect(Self.sqlite(store, edit) != nil)
    #expect(Self.sqlite(store, "PRAGMA quick_check") == "ok\n")
    var refused = 0
    for verb in Self.readers + [
      [
        "gate", "--budget", "Budgets/samples.json", "--baseline", "main", "--candidate",
        "cardfeed@2", "Traces/cardfeed-mixed.sctrace", "--baseline-store",
      ]
    ] {
      let run = try CLI.run(verb + ["--store", store].suffix(verb.first == "gate" ? 1 : 2))
      #expect([0, 1, 2].contains(run.status), "\(verb): \(run.stderr)")
      #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrac"))
      if run.status == 2 {
        refused += 1
        #expect(run.stderr.split(separator: "\n").count == 1, "\(verb): \(run.stderr)")
        #expect(run.stderr.contains("damaged"), "\(verb): \(run.stderr)")
      }
    }
    #expect(refused > 0)
    #expect(try Self.listing(directory) == ["results.sqlite"])
  }

  @Test func readingVerbsNeverCreateOrChangeAFile() throws {
    let (directory, store) = try Self.storeFolder()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
    for verb in Self.readers {
      let run = try CLI.run(verb + ["--store", store])
      #expect(run.status == 0, "\(verb): \(run.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
    #expect(try Self.listing(directory) == ["results.sqlite"])
    // An empty file stays empty, and a missing one missing.
    let empty = directory.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    for verb in Self.readers {
      for name in [empty, directory.appendingPathComponent("none.sqlite").path] {
        let run = try CLI.run(verb + ["--store", name])
        #expect(run.status == 2, "\(verb) \(name): \(run.stderr)")
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    #expect(try Self.listing(directory) == ["empty.sqlite", "results.sqlite"])
  }

  @Test func aUserWhoMayNotWriteTheStoreCanReadIt() throws {
    let (directory, store) = try Self.storeFolder()
    guard geteuid() == 0 else { return }  // needs to become another user
    let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
    _ = CLI.shell(
      "chmod 755 '\(directory.path)' && chmod 644 '\(store)' && chmod -R o+rX '\(CLI.binary.deletingLastPathComponent().path)'"
    )
    for verb in Self.readers {
      let output =
        CLI.shell(
          "cd '\(CLI.root.path)' && setpriv --reuid=nobody --regid=nogroup --clear-groups '\(CLI.binary.path)' \(verb.joined(separator: " ")) --store '\(store)' 2>&1; echo status $?"
        ) ?? ""
      #expect(output.hasSuffix("status 0\n"), "\(verb): \(output)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
    #expect(try Self.listing(directory) == ["results.sqlite"])
  }

  @Test func aWriterHoldingTheStoreDoesNotHoldUpAReader() throws {
    let (_, store) = try Self.storeFolder()
    // sqlite3 takes the write lock and keeps it for 20 s.
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/bash")
    writer.arguments = [
      "-c",
      "(echo 'BEGIN IMMEDIATE;'; echo \"DELETE FROM results;\"; sleep 20; echo 'ROLLBACK;') | sqlite3 '\(store)'",
    ]
    try writer.run()
    defer { writer.terminate() }
    Thread.sleep(forTimeInterval: 0.5)
    let start = Date()
    let run = try CLI.run(["history", "list", "--store", store])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("r1"))
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test func aStoreNameIsAPlainPathNeverAURI() throws {
    let directory = try CLI.temporaryDirectory()
    // Another application's database, which `file:app.db` would open as a URI.
    #expect(
      CLI.shell("cd '\(directory.path)' && sqlite3 app.db 'CREATE TABLE notes (t TEXT)'") != nil)
    let app = try Data(contentsOf: directory.appendingPathComponent("app.db"))
    for name in ["file:app.db", "file:app.db?mode=rwc"] {
      let add = try CLI.spawn(
        ["history", "add", Self.golden, "--store", name, "--branch", "main", "--revision", "r1"],
        in: directory)
      #expect(add.status == 0, "\(name): \(add.stderr)")
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path))
      let list = try CLI.spawn(["history", "list", "--store", name], in: directory)
      #expect(list.status == 0 && list.stdout.contains("r1"), "\(list.stderr)")
    }
    #expect(try Data(contentsOf: directory.appendingPathComponent("app.db")) == app)
    for name in ["", ":memory:"] {
      let run = try CLI.spawn(["history", "list", "--store", name], in: directory)
      #expect(run.status == 2)
      #expect(!run.stderr.contains("WAL"), "\(run.stderr)")
    }
    let empty = try CLI.spawn(
      ["history", "add", Self.golden, "--store", "", "--branch", "main", "--revision", "r1"],
      in: directory)
    #expect(empty.status == 2 && empty.stderr.contains("needs a file name"), "\(empty.stderr)")
  }

  @Test func aRefusedCommandLeavesTheFolderAsItFoundIt() throws {
    let directory = try CLI.temporaryDirectory()
    let bad = directory.appendingPathComponent("bad.json").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: bad))
    let store = directory.appendingPathComponent("new.sqlite").path
    for arguments in [
      ["history", "add", bad, "--store", store, "--branch", "main", "--revision", "r1"],
      ["baseline", "save", "main", bad, "--store", store],
      ["baseline", "delete", "main", "--store", store],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(try Self.listing(directory) == ["bad.json"], "\(arguments)")
    }
    // A damaged store: refused, its bytes kept, no -wal or -shm beside it.
    let damaged = directory.appendingPathComponent("damaged.sqlite").path
    var bytes = try Data(contentsOf: URL(fileURLWithPath: try Self.storeFolder().1))
    bytes.replaceSubrange(4096..<4104, with: [0x0d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
    try bytes.write(to: URL(fileURLWithPath: damaged))
    for arguments in [
      ["history", "add", Self.golden, "--store", damaged, "--branch", "main", "--revision", "r2"],
      ["history", "list", "--store", damaged],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == bytes)
      #expect(try Self.listing(directory) == ["bad.json", "damaged.sqlite"], "\(arguments)")
    }
  }

  @Test(arguments: ["TERM", "INT", "HUP"])
  func aSignalWhileTheStoreIsOpenRollsBackAndLeavesNothing(signal: String) throws {
    let (directory, store) = try Self.storeFolder()
    // A writer holds the store, so `history add` is inside SQLite, waiting, when the signal comes.
    let script = """
      (echo 'BEGIN IMMEDIATE;'; echo "DELETE FROM reports WHERE 0;"; sleep 4; echo 'ROLLBACK;') | sqlite3 '\(store)' &
      holder=$!
      sleep 0.5
      '\(CLI.binary.path)' history add '\(Self.golden)' --store '\(store)' --branch main --revision r9 &
      tool=$!
      sleep 0.7
      start=$(date +%s%N)
      kill -\(signal) $tool
      wait $tool; status=$?
      echo "status $status after $(( ($(date +%s%N) - start) / 1000000 )) ms"
      wait $holder
      """
    let output = CLI.shell("set -m; " + script) ?? ""
    let status = Int32(signal == "TERM" ? 143 : signal == "INT" ? 130 : 129)
    #expect(output.hasPrefix("status \(status) "), "\(output)")
    let milliseconds = Int(output.split(separator: " ").dropFirst(3).first ?? "") ?? .max
    #expect(milliseconds < 2000, "\(output)")
    #expect(try Self.listing(directory) == ["results.sqlite"])
    #expect(Self.sqlite(store, "SELECT COUNT(*) FROM reports WHERE kind = 'history'") == "1\n")
  }

  @Test func aSignalWhileAStoreIsMadeLeavesNoStore() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("new.sqlite").path
    let errors = try CLI.temporaryDirectory().appendingPathComponent("stderr").path
    // Many attempts at random moments: whatever the moment, the store is whole or not there.
    for attempt in 0..<30 {
      let output =
        CLI.shell(
          """
          set -m
          '\(CLI.binary.path)' history add '\(Self.golden)' --store '\(store)' --branch main --revision r\(attempt) >/dev/null 2>'\(errors)' &
          tool=$!
          sleep 0.0\(attempt % 10)
          kill -TERM $tool 2>/dev/null
          wait $tool; echo "status $?"
          cat '\(errors)'
          """) ?? ""
      #expect(output.hasPrefix("status 0") || output.hasPrefix("status 143"), "\(output)")
      let names = try Self.listing(directory)
      #expect(names == [] || names == ["new.sqlite"], "\(names)")
      if names == ["new.sqlite"] {
        #expect(Self.sqlite(store, "PRAGMA quick_check") == "ok\n")
      }
    }
  }

  @Test func aHundredThousandRunsAreCheckedInBoundedMemory() throws {
    let (directory, store) = try Self.storeFolder()
    // 100,000 runs of one metric, made directly in SQL (the tool would take an hour).
    let made = Self.sqlite(
      store,
      """
      DELETE FROM results WHERE metric <> 'frames';
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
      INSERT INTO reports (kind, name, revision, time, engine, settings, report, added)
        SELECT 'history', 'main', 'r' || (i + 1), 10 + i, engine, settings, '{}', 10 + i
        FROM n, (SELECT engine, settings FROM reports WHERE kind = 'history');
      INSERT INTO results (report_id, trace, content_hash, metric, value)
        SELECT r.id, s.trace, s.content_hash, 'frames', 856 + (r.id % 7)
        FROM reports r, (SELECT * FROM results WHERE metric = 'frames' LIMIT 1) s
        WHERE r.kind = 'history' AND r.revision <> 'r1';
      SELECT COUNT(*) FROM results WHERE metric = 'frames';
      """)
    #expect(made?.hasSuffix("100001\n") == true, "\(made ?? "")")
    for verb in [["history", "check"], ["history", "list"], ["history", "show", "--last", "3"]] {
      let output =
        CLI.shell(
          "/usr/bin/time -f 'peak %M' '\(CLI.binary.path)' \(verb.joined(separator: " ")) --store '\(store)' 2>&1 >/dev/null; true"
        ) ?? ""
      let peak = Int(output.split(separator: "\n").last?.split(separator: " ").last ?? "") ?? .max
      // The store holds 100,000 runs; the tool's own start is about 30 MB.
      #expect(peak < 200_000, "\(verb): \(output)")
    }
    #expect(try Self.listing(directory) == ["results.sqlite"])
  }
}
