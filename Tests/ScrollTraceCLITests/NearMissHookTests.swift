// What docs/custom-engines.md promises of hooks declared in an extension that states the
// conformance: the compiler warns of a near-miss there, and says nothing of the same mistake on
// the type itself (the replay's silent-engine check is what catches that one).

import Foundation
import TestSupport
import Testing

@Suite struct NearMissHookTests {
  /// `swiftc -typecheck` of `file` (by default `Tests/Fixtures/NearMissHooks.swift`) against this
  /// build's modules: what the compiler printed.
  static func typecheck(_ file: String? = nil) throws -> String {
    let modules = CLI.binary.deletingLastPathComponent().appendingPathComponent("Modules")
    var arguments = ["swiftc", "-typecheck", "-I", modules.path]
    // The C modules the Swift ones import: their module maps, as SwiftPM passes them.
    let maps =
      [CLI.root.appendingPathComponent("Sources/CZstd/module.modulemap").path]
      + (FileManager.default.enumerator(
        atPath: CLI.root.appendingPathComponent(".build/checkouts").path)?.compactMap {
        ($0 as? String).flatMap { $0.hasSuffix("include/module.modulemap") ? $0 : nil }
      } ?? []).map { CLI.root.appendingPathComponent(".build/checkouts/\($0)").path }
    for map in maps { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
    arguments.append(
      file ?? CLI.root.appendingPathComponent("Tests/Fixtures/NearMissHooks.swift").path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    return text
  }

  @Test func theCompilerWarnsOfNearMissesInAConformingExtension() throws {
    let text = try Self.typecheck()
    let warnings = text.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(
      warnings.contains {
        $0.contains(
          "'scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)' nearly matches")
      }, "\(text)")
    #expect(warnings.contains { $0.contains("'scrollViewDidScrol' nearly matches") }, "\(text)")
    // Every warning is the extension's: the same mistakes on the type itself pass in silence.
    #expect(warnings.count == 2, "\(text)")
    let lines = try String(
      contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/NearMissHooks.swift"),
      encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false)
    let extensionLine = try #require(lines.firstIndex { $0.hasPrefix("extension Warned") }) + 1
    for warning in warnings {
      let line = warning.split(separator: ":").dropFirst().first.flatMap { Int($0) } ?? 0
      #expect(line > extensionLine, "\(warning)")
    }
  }
}
