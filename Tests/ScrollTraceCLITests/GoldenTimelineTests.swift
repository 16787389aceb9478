// Golden timelines: each engine's behaviour on each sample trace, pinned byte for byte.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct GoldenTimelineTests {
  static let goldens = CLI.root.appendingPathComponent("Tests/Goldens")

  static var pairs: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).filter {
      $0.hasSuffix(".jsonl.zst")
    }.sorted()
  }

  @Test func thereIsAGoldenForEveryEngineOnItsSamples() {
    #expect(Self.pairs.count == 10)
  }

  /// Replays the pair and compares with the golden; on a difference, names the first line that
  /// differs.
  ///
  /// After a deliberate change, `scripts/make-golden-timelines` regenerates them.
  @Test(arguments: pairs)
  func timelineMatchesTheGolden(_ golden: String) throws {
    let name = String(golden.dropLast(".jsonl.zst".count))
    let dot = try #require(name.firstIndex(of: "."))
    let trace = "Traces/\(name[..<dot]).sctrace"
    let engine = String(name[name.index(after: dot)...])
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("t.jsonl").path
    let run = try CLI.run(["replay", trace, "--engine", engine, "--timeline", path])
    #expect(run.status == 0, "\(run.stderr)")
    let expected = try #require(
      CLI.shell("zstd -dc '\(Self.goldens.appendingPathComponent(golden).path)'"),
      "the zstd CLI is needed to read the goldens")
    let actual = try String(contentsOfFile: path, encoding: .utf8)
    if actual != expected {
      let a = actual.split(separator: "\n")
      let e = expected.split(separator: "\n")
      let first =
        zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(a.count, e.count)
      Issue.record(
        "\(engine) on \(trace) differs from its golden at frame \(first) (\(a.count) frames, golden \(e.count)); if intended, run scripts/make-golden-timelines"
      )
    }
  }
}
