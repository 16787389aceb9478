// Baselines: saved, read back as a comparison's side, replaced, listed and deleted.

import Analyze
import Foundation
import ResultStore
import Testing

@Suite struct BaselineStoreTests {
  @Test func aSavedBaselineReadsBackAsTheReportItCameFrom() throws {
    let json = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    #expect(
      try store.saveBaseline("main", reports: [(json, "v1.json")], revision: "abc", time: 100) == 0)
    let stored = try store.baselineMetrics("main")
    let direct = try RunMetrics(reportJSON: json, label: "v1.json")
    #expect(stored.traces == direct.traces)
    #expect(stored.settings == direct.settings)
    #expect(stored.skipped == direct.skipped)
    #expect(stored.label.contains("baseline 'main' at abc"))
    // Its diff against a candidate is the diff against the report, verdict for verdict.
    let candidate = try RunMetrics(
      reportJSON: try StoreFixtures.report("cardfeed-mixed.cardfeed@2"), label: "v2.json")
    #expect(
      ReportDiff(baseline: stored, candidate: candidate).rows
        == ReportDiff(baseline: direct, candidate: candidate).rows)
  }

  @Test func savingANameAgainReplacesItAndOthersStay() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    let feed = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    let pager = try StoreFixtures.report("pager-rotation.paging@1")
    try store.saveBaseline("main", reports: [(feed, "a"), (pager, "b")], revision: "r1", time: 1)
    try store.saveBaseline("release", reports: [(pager, "b")], revision: "r0", time: 0)
    #expect(try store.saveBaseline("main", reports: [(feed, "a")], revision: "r2", time: 2) == 2)
    let listed = try store.baselines()
    #expect(listed.map(\.name) == ["main", "release"])
    #expect(
      listed[0].revision == "r2" && listed[0].traces == 1 && listed[0].engines == ["cardfeed@1"])
    #expect(try store.baseline("release").count == 1)
    #expect(try store.deleteBaseline("release") == 1)
    #expect(throws: StoreError(.notFound, "", path: "")) { try store.baseline("release") }
    #expect(throws: StoreError(.notFound, "", path: "")) { try store.deleteBaseline("release") }
  }

  @Test func aBaselineIsOneConfigurationHoldingEachTraceOnce() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    let feed = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    let feed2 = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.saveBaseline("main", reports: [(feed, "a"), (feed2, "b")], revision: "r", time: 1)
    }
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.saveBaseline("", reports: [(feed, "a")], revision: "r", time: 1)
    }
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.saveBaseline("main", reports: [(Array("{}".utf8), "x")], revision: "r", time: 1)
    }
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.saveBaseline("main", reports: [], revision: "r", time: 1)
    }
    #expect(try store.baselines().isEmpty)  // nothing half-saved
  }
}
