// Two jobs that restored one store and each recorded a run, merged: nothing lost, nothing twice.

import Analyze
import Foundation
import ResultStore
import Testing

@Suite struct MergeStoreTests {
  /// A store of `runs` runs of main, the nightly's history before the race.
  static func history(_ runs: Int) throws -> String {
    let path = try StoreFixtures.path()
    let store = try ResultStore(path: path, access: .create)
    defer { store.close() }
    let v2 = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    for run in 0..<runs {
      try store.addRun(v2, label: "r", branch: "main", revision: "r\(run)", time: Int64(run))
    }
    try store.saveBaseline("main", reports: [(v2, "b")], revision: "r0", time: 0)
    return path
  }

  /// A copy of the store at `path`, as a second job restores it.
  static func copy(_ path: String) throws -> String {
    let copy = try StoreFixtures.path()
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    return copy
  }

  @Test func twoOverlappingJobsMergedLoseNothing() throws {
    let start = try Self.history(3)
    let (first, second) = (try Self.copy(start), try Self.copy(start))
    let v1 = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    let v2 = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    // Each job records its own run; the second also saves a newer baseline.
    do {
      let store = try ResultStore(path: first, access: .write)
      defer { store.close() }
      try store.addRun(v2, label: "a", branch: "main", revision: "a", time: 10)
    }
    do {
      let store = try ResultStore(path: second, access: .write)
      defer { store.close() }
      try store.addRun(v1, label: "b", branch: "main", revision: "b", time: 11)
      try store.saveBaseline("main", reports: [(v1, "b")], revision: "b", time: 11)
    }
    let target = try ResultStore(path: first, access: .write)
    defer { target.close() }
    let other = try ResultStore(path: second, access: .read)
    defer { other.close() }
    let outcome = try target.merge(from: other)
    #expect(outcome.runsAdded == 1 && outcome.runsAlreadyHere == 3 && outcome.runsKept.isEmpty)
    #expect(outcome.baselinesReplaced == 1 && outcome.baselinesAdded == 0)
    #expect(try target.runs(branch: "main").map(\.revision) == ["r0", "r1", "r2", "a", "b"])
    #expect(try target.baseline("main").map(\.revision) == ["b"])
    // Every series has every run, once: the merged store reads as one job's history would.
    let series = try target.series(branch: "main", metrics: ["work.viewsCreated"])
    #expect(series.map { $0.points.count }.reduce(0, +) == 5)
    // Merging again changes nothing.
    let again = try target.merge(from: other)
    #expect(again.runsAdded == 0 && again.runsAlreadyHere == 4 && again.baselinesAlreadyHere == 1)
    #expect(try target.runs().count == 5)
  }

  @Test func aRunHeldByBothWithOtherReportsKeepsThisStoresAndSaysSo() throws {
    let start = try Self.history(1)
    let other = try Self.copy(start)
    do {
      let store = try ResultStore(path: other, access: .write)
      defer { store.close() }
      let v1 = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
      try store.addRun(
        v1, label: "x", branch: "main", revision: "r0", time: 0, engine: "cardfeed@2")
      try store.saveBaseline("main", reports: [(v1, "b")], revision: "old", time: 0)
    }
    let target = try ResultStore(path: start, access: .write)
    defer { target.close() }
    let before = try target.runs().map(\.json)
    let source = try ResultStore(path: other, access: .read)
    defer { source.close() }
    let outcome = try target.merge(from: source)
    #expect(outcome.runsKept == ["main cardfeed@2 r0"] && outcome.runsAdded == 0)
    #expect(outcome.baselinesKept == ["main"])
    #expect(try target.runs().map(\.json) == before)
  }

  @Test func intoANewStoreIsACopyAndIntoItselfIsRefused() throws {
    let start = try Self.history(2)
    let source = try ResultStore(path: start, access: .read)
    defer { source.close() }
    let fresh = try ResultStore(path: try StoreFixtures.path(), access: .create)
    defer { fresh.close() }
    let outcome = try fresh.merge(from: source)
    #expect(outcome.runsAdded == 2 && outcome.baselinesAdded == 1)
    #expect(try fresh.runs().map(\.json) == (try source.runs().map(\.json)))
    let same = try ResultStore(path: start, access: .write)
    defer { same.close() }
    #expect(throws: StoreError(.invalid, "", path: "")) { try same.merge(from: source) }
  }
}
