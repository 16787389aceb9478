// Reports and temporary stores for the results store's tests.

import Foundation
import ResultStore

enum StoreFixtures {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A golden JSON report (`Tests/Goldens/NAME.report.json`).
  static func report(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent("Tests/Goldens/\(name).report.json")))
  }

  /// A path in a fresh temporary folder.
  static func path(_ name: String = "results.sqlite") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrolltrace-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
  }

  /// A store made at `path` with one run on the branch `setup` (a store is made by its first
  /// write).
  @discardableResult
  static func made(_ path: String) throws -> ResultStore {
    let store = try ResultStore(path: path, access: .create)
    try store.addRun(
      try report("cardfeed-mixed.cardfeed@1"), label: "setup", branch: "setup", revision: "r0",
      time: 1)
    return store
  }
}
