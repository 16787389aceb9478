// Reports and temporary stores for the results store's tests.

import Foundation

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
}
