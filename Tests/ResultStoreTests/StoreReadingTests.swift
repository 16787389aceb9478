// Reading a store never creates or changes a file and is not held up by a writer; a name is a
// file, never an in-memory database (URIs: StoreCLITests, which run in a folder of their own).

import Analyze
import Foundation
import GRDB
import ResultStore
import Testing

@Suite struct StoreReadingTests {
  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  func folderContents(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path
    ).sorted()
  }

  @Test func readingLeavesTheFileAndItsFolderAsTheyWere() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path)
    let before = (try bytes(path), try folderContents(path))
    let store = try ResultStore(path: path, access: .read)
    _ = try store.runs()
    _ = try store.series(metrics: ["frames"])
    _ = try store.baselines()
    store.close()
    #expect(try bytes(path) == before.0)
    #expect(try folderContents(path) == before.1)
  }

  @Test func anEmptyFileIsNotAStoreForAReaderAndStaysEmpty() throws {
    let path = try StoreFixtures.path()
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(throws: StoreError(.notAStore, "", path: "")) {
      try ResultStore(path: path, access: .read)
    }
    #expect(try bytes(path).isEmpty)
    #expect(try folderContents(path) == ["results.sqlite"])
    // A database with no tables is refused too, unchanged.
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 7") }
    try queue.close()
    let made = try bytes(path)
    #expect(throws: StoreError(.notAStore, "", path: "")) {
      try ResultStore(path: path, access: .read)
    }
    #expect(try bytes(path) == made)
  }

  @Test func aReaderIsNotHeldUpByAWriter() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path)
    // Another connection holds the write lock, in the middle of a transaction, while the store
    // is read.
    let writer = try DatabaseQueue(path: path)
    try writer.inTransaction(.immediate) { db in
      try db.execute(sql: "DELETE FROM reports")
      let start = ContinuousClock.now
      let store = try ResultStore(path: path, access: .read)
      #expect(try store.runs().count == 1)  // the committed state, not the writer's
      store.close()
      #expect(ContinuousClock.now - start < .seconds(5))
      return .rollback
    }
    try writer.close()
  }

  @Test func aWriteNeedsAStoreOpenedForWriting() throws {
    let path = try StoreFixtures.path()
    try StoreFixtures.made(path)
    let store = try ResultStore(path: path, access: .read)
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.deleteBaseline("main")
    }
  }

  @Test func aNameIsAFileNeverAnInMemoryDatabase() throws {
    #expect(throws: StoreError(.notFound, "", path: "")) {
      try ResultStore(path: ":memory:", access: .read)
    }
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try ResultStore(path: "", access: .create)
    }
  }

  @Test func aRefusedWriteLeavesNoStoreAndNoJournal() throws {
    let path = try StoreFixtures.path()
    let store = try ResultStore(path: path, access: .create)
    #expect(throws: StoreError(.invalid, "", path: "")) {
      try store.addRun(Array("{}".utf8), label: "r.json", branch: "main", revision: "r1", time: 1)
    }
    store.close()
    #expect(try folderContents(path).isEmpty)
  }

  @Test func aSeriesReadsOnlyTheMetricsAsked() throws {
    let path = try StoreFixtures.path()
    let store = try StoreFixtures.made(path)
    for run in 1...4 {
      try store.addRun(
        try StoreFixtures.report("cardfeed-mixed.cardfeed@2"), label: "r", branch: "main",
        revision: "r\(run)", time: Int64(10 + run))
    }
    let frames = try store.series(branch: "main", metrics: ["frames"])
    #expect(frames.map(\.metric) == ["frames"])
    #expect(frames.first?.points.map(\.revision) == ["r1", "r2", "r3", "r4"])
    #expect(try store.series(branch: "main", metrics: []).isEmpty)
    #expect(try store.series(branch: "nosuch").isEmpty)
  }
}
