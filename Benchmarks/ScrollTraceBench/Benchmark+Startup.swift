// scrolltrace-bench — the start-up part: what `info`, `history add` and `gate` cost before their
// input (issue 53).

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Benchmark {
  /// The most instructions `info` on a sample, `history add` of one report to a store and `gate`
  /// of two saved reports may run in all (issue 53).
  static let startupTarget = 10_000_000
  /// The runs of the large history `history add` adds one more to: what a write costs must not
  /// grow with the store.
  static let largeHistoryRuns = 2_000
  /// The row and target name of `history add` into that history.
  static var largeHistoryName: String { "history add (\(grouped(largeHistoryRuns)) runs)" }

  /// The fixed cost of the small commands a CI job or a fleet worker runs many times, counted by
  /// callgrind, and their wall time.
  func measureStartup(into results: inout Results) throws {
    print(
      "\nstart-up: instructions of a whole small command (callgrind), split at main and at argument parsing; wall time the median of \(repetitions)"
    )
    guard StartupRun.isAvailable else {
      print("  not measured: valgrind is not installed here (apt-get install valgrind)")
      for name in ["info", "history add", "gate"] {
        results.targets.append(
          Target(
            name: "start-up: \(name) ≤ 10 M instructions", measured: "not measured", isMet: false)
        )
      }
      results.targets.append(
        Target(
          name: "start-up: \(Self.largeHistoryName) ≤ 1.1× history add",
          measured: "not measured", isMet: false))
      return
    }
    // Two saved reports of the bundled mixed feed: cardfeed@2 holds samples.json's budget against
    // cardfeed@1, so `gate` exits 0.
    let base = "\(directory)/startup-base.json"
    let head = "\(directory)/startup-head.json"
    let sample = "Traces/cardfeed-mixed.sctrace"
    _ = try runChild(
      [scrolltrace, "replay", sample, "--engine", "cardfeed@1", "--format", "json", "-o", base])
    _ = try runChild(
      [scrolltrace, "replay", sample, "--engine", "cardfeed@2", "--format", "json", "-o", head])
    // Valgrind 3.19 gives up on the DWARF the Swift compiler writes: callgrind counts a copy
    // without debug information (the same instructions).
    let stripped = "\(directory)/scrolltrace-stripped"
    _ = try runChild(["strip", "--strip-debug", "-o", stripped, scrolltrace])
    let store = "\(directory)/startup.sqlite"
    /// Removes a store and the files SQLite keeps beside it.
    func remove(_ store: String) { for suffix in ["", "-wal", "-shm"] { unlink(store + suffix) } }
    remove(store)
    let add = ["history", "add", head, "--branch", "main", "--time", "0"]
    // A history of many runs, back-filled in one call.
    let large = "\(directory)/startup-large.sqlite"
    remove(large)
    let list = "\(directory)/startup-runs.tsv"
    try (1...Self.largeHistoryRuns).map { "r\($0)\t\($0)\t\(head)\n" }.joined().write(
      toFile: list, atomically: true, encoding: .utf8)
    _ = try runChild(
      [scrolltrace, "history", "add", "--runs", list, "--store", large, "--branch", "main"])
    let largeName = Self.largeHistoryName
    // (The new store's row removes the store before each run; the next row adds to the store it
    // made.)
    let commands: [(name: String, arguments: [String], isTarget: Bool)] = [
      ("--version", ["--version"], false),
      ("info", ["info", "Traces/pager-rotation.sctrace"], true),
      ("history add (new store)", add + ["--store", store, "--revision", "r1"], false),
      ("history add", add + ["--store", store, "--revision", "r2"], true),
      (largeName, add + ["--store", large, "--revision", "next"], false),
      ("gate", ["gate", "--budget", "Budgets/samples.json", base, head], true),
    ]
    print(
      "  " + pad("command", 26) + pad("instructions", 14, right: true)
        + pad("before main", 13, right: true) + pad("arguments", 12, right: true)
        + pad("command", 12, right: true) + pad("wall ms", 9, right: true))
    var figures: [[String: Any]] = []
    for (number, command) in commands.enumerated() {
      let makesStore = command.name.hasSuffix("(new store)")
      if makesStore { remove(store) }
      let cost = try StartupRun.measure(
        [stripped] + command.arguments, profile: "\(directory)/startup-\(number).callgrind")
      var wall = Timings()
      for _ in 0..<repetitions {
        if makesStore { remove(store) }
        wall.runs.append(try runChild([scrolltrace] + command.arguments).wallTime)
      }
      print(
        "  " + pad(command.name, 26) + pad(grouped(cost.total), 14, right: true)
          + pad(grouped(cost.beforeMain), 13, right: true)
          + pad(grouped(cost.argumentParsing), 12, right: true)
          + pad(grouped(cost.command), 12, right: true)
          + pad(fixed(Double(wall.median) / 1e6, 1), 9, right: true))
      figures.append([
        "name": command.name, "arguments": command.arguments, "instructions": cost.total,
        "beforeMain": cost.beforeMain, "argumentParsing": cost.argumentParsing,
        "commandInstructions": cost.command, "wallMilliseconds": Double(wall.median) / 1e6,
      ])
      if command.isTarget {
        results.targets.append(
          Target(
            name: "start-up: \(command.name) ≤ 10 M instructions",
            measured: fixed(Double(cost.total) / 1e6, 1) + " M",
            isMet: cost.total <= Self.startupTarget))
      }
    }
    print("  callgrind's profiles: \(directory)/startup-*.callgrind (callgrind_annotate FILE)")
    results.startup = figures
    let instructions = { (name: String) in
      figures.first { $0["name"] as? String == name }?["instructions"] as? Int ?? 0
    }
    let growth = Double(instructions(largeName)) / Double(max(1, instructions("history add")))
    results.targets.append(
      Target(
        name: "start-up: \(largeName) ≤ 1.1× history add", measured: fixed(growth, 2) + "×",
        isMet: growth <= 1.1))
  }
}
