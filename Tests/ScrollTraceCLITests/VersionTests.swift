// The version the docs describe is the version the tool is: one number in every place a user reads.

import Foundation
import TestSupport
import Testing

@Suite struct VersionTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: CLI.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// `--version`, the changelog's newest entry, every version the docs pin and the release the
  /// download, the action and the release docs name agree.
  @Test func theDocsPinTheVersionTheToolPrints() throws {
    let printed = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(printed.split(separator: ".").count == 3, "\(printed)")
    let changelog = try Self.text("CHANGELOG.md")
    let newest = changelog.split(separator: "\n").first {
      $0.hasPrefix("## 0") || $0.hasPrefix("## 1")
    }
    #expect(newest?.hasPrefix("## \(printed) ") == true, "\(newest ?? "no entry")")
    var pins = 0
    for page in ["README.md", "CHANGELOG.md", "docs/custom-engines.md"] {
      let text = try Self.text(page)
      let pattern = #"github\.com/scrolltrace/scrolltrace", from: "([0-9.]+)""#
      for match in text.matches(of: try Regex(pattern)) {
        pins += 1
        #expect(
          String(text[match.range]).hasSuffix("\"\(printed)\""), "\(page): \(text[match.range])")
      }
    }
    #expect(pins >= 2)
    // The release a download, the action and the release docs name.
    var releases = 0
    for page in ["README.md", "docs/ci.md", "docs/releases.md"] {
      let text = try Self.text(page)
      let pattern =
        #"(releases/download/|scrolltrace/scrolltrace@|scrolltrace-)([0-9]+\.[0-9]+\.[0-9]+)"#
      for match in text.matches(of: try Regex(pattern)) {
        releases += 1
        #expect(String(text[match.range]).hasSuffix(printed), "\(page): \(text[match.range])")
      }
    }
    #expect(releases >= 6)
  }

  /// The tools version is the Swift the code needs (6.2: `InlineArray`), in every package and in
  /// the walk, and the README says the same.
  @Test func everyPackageNeedsTheSameSwift() throws {
    let manifests = ["Package.swift", "Examples/SnapCarousel/Package.swift", "Fuzz/Package.swift"]
    let versions = try manifests.map { try Self.text($0).split(separator: "\n").first ?? "" }
    #expect(Set(versions).count == 1, "\(versions)")
    #expect(versions.first == "// swift-tools-version:6.2")
    #expect(try Self.text("docs/custom-engines.md").contains("// swift-tools-version:6.2"))
    #expect(try Self.text("README.md").contains("Swift 6.2+"))
  }
}
