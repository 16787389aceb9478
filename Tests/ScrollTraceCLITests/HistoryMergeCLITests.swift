// `scrolltrace history merge` as a nightly job uses it: two overlapping runs each restored one
// store and recorded their run; merged, neither run is lost and none is there twice.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct HistoryMergeCLITests {
  @Test func twoOverlappingNightliesMergedLoseNothing() throws {
    let directory = try CLI.temporaryDirectory()
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let report = try StoreCLITests.report("cardfeed@2", "run.json", in: directory)
    func add(_ store: String, _ revision: String, _ time: Int) throws {
      let run = try CLI.run([
        "history", "add", report, "--store", store, "--branch", "main", "--revision", revision,
        "--time", "\(time)",
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    // Three nights of history, the store every job restores.
    for night in 1...3 { try add(path("start.sqlite"), "n\(night)", night) }
    // Two jobs overlap: each restores the store and records its own run.
    for (job, revision) in [("a.sqlite", "n4"), ("b.sqlite", "n5")] {
      try FileManager.default.copyItem(atPath: path("start.sqlite"), toPath: path(job))
      try add(path(job), revision, revision == "n4" ? 4 : 5)
    }
    let merge = try CLI.run(["history", "merge", path("b.sqlite"), "--store", path("a.sqlite")])
    #expect(merge.status == 0, "\(merge.stderr)")
    #expect(
      merge.stdout.hasSuffix("from \(path("b.sqlite")), 1 run added, 3 already here\n"),
      "\(merge.stdout)")
    let list = try CLI.run(["history", "list", "--store", path("a.sqlite")])
    #expect(
      list.stdout.split(separator: "\n").map { $0.split(separator: " ")[1] }
        == ["n1", "n2", "n3", "n4", "n5"], "\(list.stdout)")
    // A store merged into a new one is copied whole; the store merged from is only read.
    let before = try Data(contentsOf: URL(fileURLWithPath: path("b.sqlite")))
    let copy = try CLI.run(["history", "merge", path("a.sqlite"), "--store", path("new.sqlite")])
    #expect(copy.status == 0 && copy.stdout.contains("5 runs added, 0 already here"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path("b.sqlite"))) == before)
  }

  @Test func whatCannotBeMergedIsAnError() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("s.sqlite").path
    let report = try StoreCLITests.report("cardfeed@2", "run.json", in: directory)
    let add = try CLI.run([
      "history", "add", report, "--store", store, "--branch", "main", "--revision", "r",
    ])
    #expect(add.status == 0, "\(add.stderr)")
    let missing = try CLI.run(["history", "merge", store + ".nosuch", "--store", store])
    #expect(missing.status == 2 && missing.stderr.contains("no results store here"))
    let itself = try CLI.run(["history", "merge", store, "--store", store])
    #expect(itself.status == 2 && itself.stderr.contains("cannot be merged into itself"))
    let foreign = try CLI.run(["history", "merge", report, "--store", store])
    #expect(foreign.status == 2 && foreign.stderr.split(separator: "\n").count == 1)
    let none = try CLI.run(["history", "merge", "--store", store])
    #expect(none.status == 2)
  }
}
