// A budget kept with a baseline (schema version 3): saved in the baseline's transaction, replaced
// and deleted with it, carried by a merge, refused when it is not one; older stores have none.

import Foundation
import ResultStore
import Testing

@Suite struct BaselineBudgetTests {
  static let budget = Array(
    #"{"budgets":[{"metric":"offsetJumps.count","max":0},{"metric":"work.viewsCreated","maxIncrease":5}]}"#
      .utf8)

  @Test func aBudgetIsKeptWithItsBaseline() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    defer { store.close() }
    let report = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    try store.saveBaseline(
      "main", reports: [(report, "a.json")], revision: "a", time: 1, budget: Self.budget)
    try store.saveBaseline("other", reports: [(report, "a.json")], revision: "a", time: 1)
    #expect(try store.baselineBudget("main") == Self.budget)
    #expect(try store.baselineBudget("other") == nil)
    #expect(try store.baselines().map(\.hasBudget) == [true, false])
    // Replaced without one, the baseline no longer has one; deleted, neither does its name.
    try store.saveBaseline("main", reports: [(report, "a.json")], revision: "b", time: 2)
    #expect(try store.baselineBudget("main") == nil)
    try store.saveBaseline(
      "main", reports: [(report, "a.json")], revision: "c", time: 3, budget: Self.budget)
    try store.deleteBaseline("main")
    try store.saveBaseline("main", reports: [(report, "a.json")], revision: "d", time: 4)
    #expect(try store.baselineBudget("main") == nil)
    #expect(throws: StoreError.self) { try store.baselineBudget("absent") }
  }

  /// A budget that is not one is refused, and the baseline is not saved.
  @Test func aBudgetThatIsNotOneIsRefused() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    defer { store.close() }
    let report = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    for bad in [#"{"budgets":[{"metric":"no.such.metric","max":0}]}"#, "[", ""] {
      #expect(throws: StoreError.self) {
        try store.saveBaseline(
          "main", reports: [(report, "a.json")], revision: "a", time: 1, budget: Array(bad.utf8))
      }
    }
    #expect(try store.baselines().isEmpty)
  }

  /// A merge brings a baseline with its budget; a version 1 store, read as it is, has none.
  @Test func aMergeCarriesTheBudgetAndAnOlderStoreHasNone() throws {
    let report = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    let source = try StoreFixtures.path()
    do {
      let store = try ResultStore(path: source, access: .create)
      defer { store.close() }
      try store.saveBaseline(
        "main", reports: [(report, "a.json")], revision: "a", time: 1, budget: Self.budget)
    }
    let target = try ResultStore(path: try StoreFixtures.path(), access: .create)
    defer { target.close() }
    do {
      let reader = try ResultStore(path: source, access: .read)
      defer { reader.close() }
      #expect(try target.merge(from: reader).baselinesAdded == 1)
    }
    #expect(try target.baselineBudget("main") == Self.budget)
    let old = try StoreFixtures.path()
    do {
      let store = try ResultStore(path: old, access: .create)
      try store.saveBaseline("main", reports: [(report, "a.json")], revision: "a", time: 1)
      store.close()
    }
    try ProvenanceStoreTests.versionOneKeepingReports(old)
    let reader = try ResultStore(path: old, access: .read)
    defer { reader.close() }
    #expect(try reader.baselineBudget("main") == nil)
    #expect(try reader.baselines().map(\.hasBudget) == [false])
    #expect(try ProvenanceStoreTests.version(old) == "1")
  }
}
