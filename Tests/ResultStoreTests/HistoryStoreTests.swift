// History: runs recorded per branch, a job run again replacing its run, series read back.

import Analyze
import Foundation
import ResultStore
import Testing

@Suite struct HistoryStoreTests {
  @Test func runsMakeOneSeriesPerTraceAndMetricInTimeOrder() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    let v1 = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    let v2 = try StoreFixtures.report("cardfeed-mixed.cardfeed@2")
    // Stored out of order: the series follows the build time.
    try store.addRun(v2, label: "b", branch: "main", revision: "r2", time: 20)
    try store.addRun(v1, label: "a", branch: "main", revision: "r1", time: 10)
    try store.addRun(v1, label: "a", branch: "other", revision: "x", time: 5)
    let series = try store.series(branch: "main", metrics: ["work.viewsCreated"])
    #expect(series.count == 2)  // one per engine
    let expected = try RunMetrics(reportJSON: v1, label: "a").traces[0].values["work.viewsCreated"]
    let v1Series = try #require(series.first { $0.engine == "cardfeed@1" })
    #expect(v1Series.points.map(\.revision) == ["r1"])
    #expect(v1Series.points.first?.value == expected)
    #expect(try store.runs().count == 3)
    #expect(try store.runs(branch: "main").map(\.revision) == ["r1", "r2"])
  }

  @Test func aJobRunAgainReplacesItsRun() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    let v1 = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    #expect(
      try store.addRun(v1, label: "a", branch: "main", revision: "r1", time: 10).replaced == false)
    #expect(
      try store.addRun(v1, label: "a", branch: "main", revision: "r1", time: 11).replaced == true)
    #expect(try store.runs(branch: "main").map(\.time) == [11])
    #expect(try store.series(branch: "main").allSatisfy { $0.points.count == 1 })
  }

  @Test func aRunMustBeNamed() throws {
    let store = try ResultStore(path: try StoreFixtures.path(), access: .create)
    let v1 = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.addRun(v1, label: "a", branch: "", revision: "r1", time: 10)
    }
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.addRun(v1, label: "a", branch: "main", revision: "a\nb", time: 10)
    }
  }

  @Test func twoConnectionsWritingAtOnceLoseNothing() async throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path)
    let v1 = try StoreFixtures.report("cardfeed-mixed.cardfeed@1")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          let store = try ResultStore(path: path, access: .write)  // its own connection
          for run in 0..<20 {
            try store.addRun(
              v1, label: "a", branch: "w\(writer)", revision: "r\(run)", time: Int64(run))
          }
        }
      }
      try await group.waitForAll()
    }
    let store = try ResultStore(path: path, access: .write)
    #expect(try store.runs(branch: "w0").count == 20)
    #expect(try store.runs(branch: "w1").count == 20)
  }
}
