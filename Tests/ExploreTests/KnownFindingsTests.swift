// A known-findings file read strictly (every refusal names the key), written sorted, updated with
// only what a run adds.

import Explore
import Replay
import Testing

@Suite struct KnownFindingsTests {
  static func file(_ findings: String) -> [UInt8] {
    Array(
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [\#(findings)]}"#
        .utf8)
  }

  static let entry =
    #"{"engine": "paging@2", "signature": "glitch after resize while idle", "triage": "engineLimit", "note": "the inset"}"#

  @Test func aFileReadsBackAsWritten() throws {
    let known = try KnownFindings(json: Self.file(Self.entry))
    #expect(known.entries.count == 1)
    let signature = try #require(Signature("glitch after resize while idle"))
    #expect(known.entry(for: signature, engine: "paging@2")?.triage == .engineLimit)
    #expect(known.entry(for: signature, engine: "paging@1") == nil)
    #expect(try KnownFindings(json: Array(known.json.utf8)) == known)
    #expect(try KnownFindings(json: Self.file("")).entries.isEmpty)
  }

  @Test func entriesAreWrittenSortedWhateverTheirOrder() throws {
    let later =
      #"{"engine": "cardfeed@2", "signature": "drift after resize while idle", "triage": "modelLimit", "note": "n"}"#
    let known = try KnownFindings(json: Self.file(Self.entry + ", " + later))
    #expect(known.entries.map(\.engine) == ["cardfeed@2", "paging@2"])
    #expect(known.json.hasPrefix("{\n  \"schema\": \"scrolltrace-known-findings\",\n"))
  }

  @Test(arguments: [
    (#"{"schema": "other", "schemaVersion": 1, "findings": []}"#, "schema"),
    (
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 2, "findings": []}"#,
      "schemaVersion"
    ),
    (#"{"schema": "scrolltrace-known-findings", "schemaVersion": 1}"#, "findings"),
    (#"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [], "x": 1}"#, "x"),
    (
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [{"engine": "e", "signature": "glitch after", "triage": "modelLimit", "note": "n"}]}"#,
      "findings[0].signature"
    ),
    (
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [{"engine": "e", "signature": "glitch", "triage": "fine", "note": "n"}]}"#,
      "findings[0].triage"
    ),
    (
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [{"engine": "e", "signature": "glitch", "triage": "modelLimit", "note": ""}]}"#,
      "findings[0].note"
    ),
    (
      #"{"schema": "scrolltrace-known-findings", "schemaVersion": 1, "findings": [{"engine": "e", "signature": "glitch", "triage": "modelLimit", "note": "n", "seen": 2}]}"#,
      "findings[0].seen"
    ),
    (#"[1, 2"#, "not valid JSON"),
  ])
  func aFileThatIsNotOneIsRefusedNamingTheKey(_ text: String, _ named: String) {
    #expect(throws: ExploreError.self) { try KnownFindings(json: Array(text.utf8)) }
    do {
      _ = try KnownFindings(json: Array(text.utf8))
    } catch {
      #expect(error.code == .knownFindings)
      #expect(error.reason.contains(named), "\(error.reason)")
    }
  }

  @Test func anEntryGivenTwiceIsRefused() {
    #expect(throws: ExploreError.self) {
      try KnownFindings(json: Self.file(Self.entry + ", " + Self.entry))
    }
  }

  @Test func overlongTextAndTooManyEntriesAreRefused() {
    let long = String(repeating: "x", count: KnownFindings.maximumText + 1)
    let overlong =
      #"{"engine": "e", "signature": "glitch", "triage": "modelLimit", "note": "\#(long)"}"#
    #expect(throws: ExploreError.self) { try KnownFindings(json: Self.file(overlong)) }
    let many = Array(repeating: "{}", count: KnownFindings.maximumEntries + 1)
      .joined(separator: ",")
    do {
      _ = try KnownFindings(json: Self.file(many))
      Issue.record("too many entries were read")
    } catch {
      #expect(error.reason.contains("at most \(KnownFindings.maximumEntries)"), "\(error.reason)")
    }
  }

  @Test func anUpdateAddsOnlyWhatTheRunFoundAnew() throws {
    let entry = try #require(EngineRegistry.builtIn.entry(named: "paging@2"))
    let result = try Explorer(
      runner: TrialRunner(engine: entry), base: Explorer.stockBase(for: entry)
    )
    .run(seed: 1, count: 6)
    #expect(!result.discoveries.isEmpty)
    let first = KnownFindings().adding(result, engine: "paging@2", seed: 1)
    #expect(first.added == result.discoveries.count)
    #expect(
      first.known.entries.allSatisfy { $0.triage == .untriaged && $0.note.contains("seed 1") })
    let again = first.known.adding(result, engine: "paging@2", seed: 1)
    #expect(again.added == 0 && again.known == first.known)
    let elsewhere = first.known.adding(result, engine: "paging@1", seed: 1)
    #expect(elsewhere.added == result.discoveries.count)
    #expect(first.known.unseen(in: result, engine: "paging@2").isEmpty)
  }
}
