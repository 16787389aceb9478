// The common forms of `info`, `history add` and `gate`, read without argument-parser, against
// argument-parser's reading of the same words: the same request, and the same run.

import ArgumentParser
import Foundation
import Pipeline
import TestSupport
import Testing
import TraceCore

@testable import ScrollTraceCLI

@Suite struct DirectInvocationTests {
  /// The request argument-parser's parse of `arguments` makes, where it is one the direct
  /// reading could make; nil where argument-parser refuses the words or reads another command.
  private func parsed(_ arguments: [String]) -> DirectInvocation? {
    guard let command = try? ScrollTrace.parseAsRoot(arguments) else { return nil }
    switch command {
    case let info as InfoCommand: return .info(InfoRequest(info))
    case let add as HistoryCommand.AddCommand: return .historyAdd(HistoryAddRequest(add))
    case let gate as GateCommand:
      // Saved reports judged with every option but the budget, the outputs and --strict at its
      // default.
      let compare = gate.compare
      let defaults = try? CompareOptions.diffSettings(budget: [:])
      guard let budget = gate.budget, compare.baseline == nil, compare.candidate == nil,
        compare.baselineStore == nil, compare.baselineTool == nil, compare.repeat == nil,
        compare.tolerances.isEmpty, gate.list.filesFrom == nil,
        compare.baselineToolTimeout == ToolBuild.defaultTimeout,
        (try? compare.settings()) == defaults,
        (gate.analysis.forwarded + gate.model.forwarded + gate.read.forwarded
          + gate.replay.forwarded).isEmpty,
        (1...2).contains(gate.givenInputs.count)
      else { return nil }
      return .gate(
        GateRequest(
          budget: budget, reports: gate.givenInputs, junit: gate.junit, markdown: gate.markdown,
          strict: compare.strict))
    default: return nil
    }
  }

  /// Word lists drawn from the three commands' forms, options in any order, then now and then
  /// changed: another option or value added, a word dropped, or what the direct reading must
  /// leave to argument-parser put in (an unknown or short option, `--name=value`, `--`, help, a
  /// value that looks like an option, a repeated option, a time that does not read).
  private func drawn(_ random: inout SeededGenerator) -> [String] {
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    func shuffled(_ groups: [[String]]) -> [String] {
      var groups = groups
      for index in groups.indices.reversed() {
        groups.swapAt(index, Int(random.next() % UInt64(index + 1)))
      }
      return groups.flatMap { $0 }
    }
    let common = [
      ["--help"], ["-h"], ["--"], ["--version"], ["-"], ["--bogus"], ["--json=1"], ["help"],
    ]
    let verb: [String]
    var groups: [[String]]
    let extra: [[String]]
    switch random.next() % 3 {
    case 0:
      verb = ["info"]
      groups = [[pick(["Traces/pager-rotation.sctrace", "a b.sctrace"])]]
      if random.next() % 2 == 0 { groups.append(["Traces/cardfeed-mixed.sctrace"]) }
      if random.next() % 2 == 0 { groups.append(["--json"]) }
      if random.next() % 2 == 0 { groups.append(["--recover"]) }
      extra = [
        ["--files-from", "list.txt"], ["--max-chunk-size", "4096"], ["--json"], ["x.sctrace"],
      ]
    case 1:
      verb = ["history", "add"]
      groups = [
        [pick(["run.json", "other.json"])], ["--store", "results.sqlite"], ["--branch", "main"],
        ["--revision", "abc123"],
      ]
      if random.next() % 2 == 0 {
        groups.append(["--time", pick(["0", "1764144000", "2026-11-26T09:00:00Z"])])
      }
      if random.next() % 2 == 0 { groups.append(["--engine", "cardfeed@2"]) }
      if random.next() % 2 == 0 { groups.append(["--runner", "gha"]) }
      extra = [
        ["--time", "yesterday"], ["--revision", "-x"], ["--runs", "runs.tsv"], ["--store"],
        ["--branch=main"], ["third.json"], ["--engine", "x"],
      ]
    default:
      verb = ["gate"]
      groups = [["--budget", "Budgets/samples.json"], ["head.json"]]
      if random.next() % 2 == 0 { groups.append(["base.json"]) }
      if random.next() % 2 == 0 { groups.append(["--junit", "gate.xml"]) }
      if random.next() % 2 == 0 { groups.append(["--markdown", "gate.md"]) }
      if random.next() % 2 == 0 { groups.append(["--strict"]) }
      extra = [
        ["third.json"], ["--candidate", "cardfeed@2"], ["--baseline", "cardfeed@1"],
        ["--tolerance", "frames=1"], ["--alpha", "0.01"], ["--recover"], ["--repeat", "3"],
        ["--budget"], ["--strict"], ["--files-from", "list.txt"],
      ]
    }
    // Half as drawn; half changed once or twice.
    for _ in 0..<(random.next() % 2 == 0 ? 0 : 1 + Int(random.next() % 2)) {
      switch random.next() % 3 {
      case 0: groups.append(pick(extra))
      case 1: groups.append(pick(common))
      default: if !groups.isEmpty { groups.remove(at: Int(random.next() % UInt64(groups.count))) }
      }
    }
    return verb + shuffled(groups)
  }

  /// Every word list the direct reading takes, argument-parser takes too, into the same request.
  @Test func readsWhatArgumentParserReads() {
    var random = SeededGenerator(seed: 53)
    var direct = 0
    var declined = 0
    for _ in 0..<2_000 {
      let words = drawn(&random)
      guard let read = DirectInvocation(words) else {
        declined += 1
        continue
      }
      direct += 1
      #expect(parsed(words) == read, "\(words)")
    }
    // Both kinds, often enough for the comparison to mean something.
    #expect(direct > 400 && declined > 400, "\(direct) read directly, \(declined) not")
  }

  /// The command lines the docs show, read directly.
  @Test func readsTheDocumentedForms() {
    let forms: [[String]] = [
      ["info", "Traces/pager-rotation.sctrace"],
      ["info", "Traces/cardfeed-mixed.sctrace", "--json"],
      [
        "history", "add", "run.json", "--store", "results.sqlite", "--branch", "main", "--engine",
        "cardfeed@2", "--revision", "abc123", "--time", "1764144000",
      ],
      [
        "gate", "--budget", "Budgets/samples.json", "base.json", "head.json", "--junit", "gate.xml",
      ],
      [
        "gate", "--budget", "Budgets/samples.json", "main.json", "branch.json", "--junit",
        "gate.xml", "--markdown", "gate.md",
      ],
    ]
    for words in forms {
      let read = DirectInvocation(words)
      #expect(read != nil, "\(words)")
      #expect(parsed(words) == read, "\(words)")
    }
  }

  /// The tool prints, writes and exits the same whether a command line is read directly or by
  /// argument-parser: success, a broken budget, a damaged input, a missing file.
  @Test func runsAsArgumentParserRuns() throws {
    let directory = try CLI.temporaryDirectory()
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    for engine in ["cardfeed@1", "cardfeed@2"] {
      let replay = try CLI.run([
        "replay", "Traces/cardfeed-mixed.sctrace", "--engine", engine, "--format", "json", "-o",
        path("\(engine).json"),
      ])
      #expect(replay.status == 0, "\(replay.stderr)")
    }
    try Data("{\"schema\": \"scrolltrace-report\", \"schemaVersion\": 1, \"traces\": [}".utf8)
      .write(to: URL(fileURLWithPath: path("damaged.json")))
    let cases: [[String]] = [
      ["info", "Traces/pager-rotation.sctrace", "Traces/cardfeed-mixed.sctrace"],
      ["info", "--json", "Traces/pager-rotation.sctrace", "missing.sctrace"],
      ["info", "Tests/Hostile/declared-gigabyte.sctrace", "--recover"],
      [
        "gate", "--budget", "Budgets/samples.json", path("cardfeed@1.json"),
        path("cardfeed@2.json"),
      ],
      [
        "gate", "--budget", "Budgets/samples.json", path("cardfeed@2.json"),
        path("cardfeed@1.json"),
      ],
      ["gate", "--budget", "Budgets/samples.json", path("cardfeed@2.json"), "--strict"],
      ["gate", "--budget", "Budgets/samples.json", path("cardfeed@1.json"), path("damaged.json")],
      ["gate", "--budget", "Budgets/samples.json", path("missing.json"), path("cardfeed@2.json")],
      ["gate", "--budget", path("cardfeed@1.json"), path("cardfeed@1.json")],
      [
        "gate", "--budget", "Budgets/samples.json", path("cardfeed@1.json"),
        path("cardfeed@2.json"), "--junit", path("JUNIT"), "--markdown", path("MARKDOWN"),
      ],
      [
        "gate", "--budget", "Budgets/samples.json", path("cardfeed@1.json"),
        path("cardfeed@2.json"), "--junit", path("cardfeed@1.json"),
      ],
      [
        "history", "add", path("cardfeed@2.json"), "--store", path("STORE"), "--branch", "main",
        "--revision", "r1", "--time", "1764144000", "--runner", "ci",
      ],
      [
        "history", "add", path("damaged.json"), "--store", path("STORE"), "--branch", "main",
        "--revision", "r1", "--time", "0",
      ],
    ]
    for (number, words) in cases.enumerated() {
      #expect(DirectInvocation(words) != nil, "\(words)")
      var outcomes: [[String]] = []
      for readsDirectly in [true, false] {
        // Each run writes its own outputs and store; what they hold is compared.
        let suffix = "\(number)-\(readsDirectly)"
        let named = words.map {
          $0.replacingOccurrences(of: "JUNIT", with: "gate-\(suffix).xml")
            .replacingOccurrences(of: "MARKDOWN", with: "gate-\(suffix).md")
            .replacingOccurrences(of: "STORE", with: "store-\(suffix).sqlite")
        }
        let run = try CLI.run(named, readsDirectly: readsDirectly)
        let written = ["gate-\(suffix).xml", "gate-\(suffix).md"].map {
          (try? String(contentsOfFile: path($0), encoding: .utf8)) ?? "(none)"
        }
        let store =
          named.contains(path("store-\(suffix).sqlite"))
          ? try CLI.run(["history", "list", "--store", path("store-\(suffix).sqlite")]).stdout
            .replacingOccurrences(of: "store-\(suffix)", with: "store") : ""
        outcomes.append(
          [
            "\(run.status)", run.stdout.replacingOccurrences(of: "store-\(suffix)", with: "store"),
            run.stderr.replacingOccurrences(of: "store-\(suffix)", with: "store"),
          ] + written + [store])
      }
      // Status, standard output and error, the JUnit and markdown files, the store's runs.
      #expect(outcomes[0] == outcomes[1], "\(words)")
    }
  }
}
