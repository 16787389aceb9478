// `scrolltrace explore --known` as a nightly job runs it: known findings pass, a new one fails,
// `--update-known` records the new ones, and the file is read and written as every input and output.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct ExploreKnownCLITests {
  static let explore = [
    "explore", "--engine", "paging@2", "--check", "jump,drift", "--seed", "1", "--count", "6",
  ]

  @Test func knownFindingsPassAndANewOneFails() throws {
    let directory = try CLI.temporaryDirectory()
    let known = directory.appendingPathComponent("known.json").path
    // A file that is not there is an error, unless the run is to make it.
    let missing = try CLI.run(Self.explore + ["-o", directory.path + "/a", "--known", known])
    #expect(missing.status == 2 && missing.stderr.contains("known.json"), "\(missing.stderr)")
    let update = try CLI.run(
      Self.explore + ["-o", directory.path + "/b", "--known", known, "--update-known"])
    #expect(update.status == 0, "\(update.stderr)")
    let added = try #require(
      update.stdout.split(separator: "\n").last.map(String.init), "\(update.stdout)")
    #expect(added.hasSuffix("new findings added, untriaged") && !added.contains(": 0 new"))
    let text = try String(contentsOfFile: known, encoding: .utf8)
    #expect(text.contains("\"triage\": \"untriaged\""))
    // The same run with the file passes, each finding marked known.
    let again = try CLI.run(Self.explore + ["-o", directory.path + "/c", "--known", known])
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    #expect(again.stdout.contains("0 new,") && again.stdout.contains("known, untriaged: "))
    // Without its first entry, that finding is news: exit 1, marked NEW, and findings.json says so.
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = try #require(lines.firstIndex { $0.hasPrefix("    {") })
    lines.removeSubrange(first...(first + 5))
    try lines.joined(separator: "\n").write(toFile: known, atomically: true, encoding: .utf8)
    let news = try CLI.run(Self.explore + ["-o", directory.path + "/d", "--known", known])
    #expect(news.status == 1, "\(news.stdout)\(news.stderr)")
    #expect(news.stdout.contains("(1 new,") && news.stdout.contains("NEW: "))
    let findings = try String(contentsOfFile: directory.path + "/d/findings.json", encoding: .utf8)
    #expect(findings.contains("\"newFindings\":1") && findings.contains("\"known\":false"))
  }

  @Test func theRepositorysFileHoldsTheV2EnginesFindings() throws {
    let directory = try CLI.temporaryDirectory()
    let run = try CLI.run([
      "explore", "--engine", "nested@3", "--seed", "1", "--count", "300", "--jobs", "2",
      "--known", "Budgets/explore-known.json", "-o", directory.path + "/n",
    ])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("(0 new, 16 known)"), "\(run.stdout)")
  }

  @Test func aBadFileIsAnErrorBeforeTheSearch() throws {
    let directory = try CLI.temporaryDirectory()
    let known = directory.appendingPathComponent("known.json").path
    try
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [{"engine": "paging@2", "signature": "glitch", "triage": "fine", "note": "n"}]}"#
      .write(toFile: known, atomically: true, encoding: .utf8)
    let run = try CLI.run(Self.explore + ["-o", directory.path + "/e", "--known", known])
    #expect(run.status == 2 && run.stderr.contains("findings[0].triage"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/e"))
    let unpaired = try CLI.run(Self.explore + ["-o", directory.path + "/f", "--update-known"])
    #expect(unpaired.status == 2 && unpaired.stderr.contains("--update-known needs --known"))
  }
}
