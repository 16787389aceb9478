// The fleet summary stream (`replay --format ndjson`), `--keep-going` and `scrolltrace metrics`,
// as a fleet job runs them (docs/fleet.md).

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct FleetSummaryTests {
  static func rows(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  /// One flat row per trace: replayed ones in the order given, then skipped; the same bytes for any
  /// --jobs; the metrics those of the JSON report.
  @Test func oneFlatRowPerTraceStableAcrossJobs() throws {
    let arguments = [
      "replay", "Traces", "Traces/real", "--engine", "paging@2", "--format", "ndjson",
    ]
    let one = try CLI.run(arguments + ["--jobs", "1"])
    let two = try CLI.run(arguments + ["--jobs", "2"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdout == two.stdout)
    let rows = try Self.rows(one.stdout)
    #expect(rows.count == 9)
    #expect(
      rows.map { $0["status"] as? String } == Array(repeating: "replayed", count: 7) + [
        "skipped", "skipped",
      ])
    #expect(rows.first?["trace"] as? String == "Traces/pager-rotation.sctrace")
    #expect(
      rows.last?["reason"] as? String
        == "paging@2 lays out pages scenes; this trace has a container scene")
    for row in rows {
      #expect(
        row["schema"] as? String == "scrolltrace-trace-summary" && row["schemaVersion"] as? Int == 1
      )
      #expect(row["engine"] as? String == "paging@2")
      #expect(!row.values.contains { $0 is [String: Any] || $0 is [Any] }, "flat: \(row)")
    }
    let pager = rows[0]
    #expect(pager["device.refreshRate"] as? Double == 120)
    #expect((pager["contentHash"] as? String)?.hasPrefix("fnv1a64:") == true)
    #expect(pager["metadata.generator"] as? String != nil)

    let report = try CLI.run([
      "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@2", "--format", "json",
    ])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let section = try #require((json["traces"] as? [[String: Any]])?.first)
    let metrics = try #require(section["metrics"] as? [String: Any])
    let catalog = try Self.rows(try CLI.run(["metrics", "--json"]).stdout).filter {
      $0["hostTiming"] as? Bool == false
    }
    #expect(catalog.count > 20)
    for metric in catalog {
      let key = try #require(metric["key"] as? String)
      #expect(pager.keys.contains(key), "\(key) missing from the row")
      // A metric the report leaves out when it does not apply (content shift) is null in the row,
      // whose columns stay the same for every trace.
      #expect(
        String(describing: pager[key] ?? "") == String(describing: metrics[key] ?? NSNull()),
        "\(key)")
    }
    #expect(pager["duration_ms"] as? Double == metrics["duration_ms"] as? Double)
    #expect(
      pager["contentHash"] as? String == (section["trace"] as? [String: Any])?["contentHash"]
        as? String)
  }

  /// With --keep-going a damaged or foreign file is a failed row with its error and the run exits 1;
  /// without it the first one stops the run with exit 2 and no output.
  @Test func keepGoingTurnsBadFilesIntoFailedRows() throws {
    let folder = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("a-good.sctrace")
    try FileManager.default.copyItem(
      at: CLI.root.appendingPathComponent("Traces/real/phone-single-drag.sctrace"), to: good)
    let bytes = try Data(contentsOf: good)
    try bytes.prefix(bytes.count / 2).write(to: folder.appendingPathComponent("b-cut.sctrace"))
    try Data("not a trace\n".utf8).write(to: folder.appendingPathComponent("c-notes.sctrace"))
    let output = folder.appendingPathComponent("fleet.ndjson").path

    let stopped = try CLI.run([
      "replay", folder.path, "--engine", "paging@2", "--format", "ndjson", "-o", output,
    ])
    #expect(stopped.status == 2)
    #expect(stopped.stderr.contains("b-cut.sctrace"))
    #expect(!FileManager.default.fileExists(atPath: output))

    let kept = try CLI.run([
      "replay", folder.path, "--engine", "paging@2", "--format", "ndjson", "--keep-going", "-o",
      output,
    ])
    #expect(kept.status == 1, "\(kept.stderr)")
    let rows = try Self.rows(try String(contentsOfFile: output, encoding: .utf8))
    #expect(rows.map { $0["status"] as? String } == ["replayed", "failed", "failed"])
    let cut = try #require(rows[1]["reason"] as? String)
    #expect(cut.hasPrefix("\(folder.path)/b-cut.sctrace, ") && cut.contains("truncated"))
    #expect((rows[2]["reason"] as? String)?.contains("not a scrolltrace trace") == true)
    #expect(kept.stderr.contains("(--keep-going: going on)"))

    // Every other format lists the failures too.
    let json = try CLI.run([
      "replay", folder.path, "--engine", "paging@2", "--format", "json", "--keep-going",
    ])
    #expect(json.status == 1)
    #expect(json.stdout.contains(#""failed":true"#))
    let table = try CLI.run(["replay", folder.path, "--engine", "paging@2", "--keep-going"])
    #expect(table.stdout.contains("failed  \(folder.path)/c-notes.sctrace"))

    // Nothing but failures still writes the rows.
    let none = try CLI.run([
      "replay", folder.appendingPathComponent("c-notes.sctrace").path, "--engine", "paging@2",
      "--format", "ndjson", "--keep-going",
    ])
    #expect(none.status == 1)
    #expect(try Self.rows(none.stdout).map { $0["status"] as? String } == ["failed"])
  }

  @Test func diffRefusesTheSummaryStream() throws {
    let run = try CLI.run([
      "diff", "--baseline", "paging@1", "--candidate", "paging@2", "Traces/pager-rotation.sctrace",
      "--format", "ndjson",
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--format ndjson is replay's"))
  }

  @Test func metricsListsTheCatalogWithDirections() throws {
    let text = try CLI.run(["metrics"])
    #expect(text.status == 0)
    #expect(text.stdout.contains("frameCost.hitchTimeRatio") && text.stdout.contains("ms/s  ↓"))
    #expect(text.stdout.contains("reuse.hitRate") && text.stdout.contains("↑"))
    let json = try Self.rows(try CLI.run(["metrics", "--json"]).stdout)
    #expect(
      json.first?["key"] as? String == "frames"
        && json.first?["direction"] as? String == "informational")
    #expect(
      json.contains { $0["key"] as? String == "host.wallTime" && $0["hostTiming"] as? Bool == true }
    )
  }
}
