// The Swift the README shows compiles against this build's libraries, as a team would paste it.

import Foundation
import TestSupport
import Testing

@Suite struct SnippetTests {
  /// Each ```swift block of the README, type-checked as a script against the built modules.
  @Test func theReadmesSwiftCompiles() throws {
    let readme = try String(
      contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
      $0.components(separatedBy: "\n```").first
    }
    #expect(blocks.count >= 2)
    for (number, block) in blocks.enumerated() {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "snippet-\(UUID().uuidString).swift")
      try Data(block.utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let output = try NearMissHookTests.typecheck(file.path)
      #expect(!output.contains("error:"), "README snippet \(number + 1): \(output)")
    }
  }
}
