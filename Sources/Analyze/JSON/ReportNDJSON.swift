// scrolltrace — the report as one flat JSON object per trace, for fleets (docs/fleet.md).

import Replay
import TraceCore

extension Report {
  /// The summary stream's schema name and version: a new key is a minor change readers ignore;
  /// a key renamed, removed or changed in meaning is a new `summarySchemaVersion`.
  public static let summarySchema = "scrolltrace-trace-summary"
  /// The summary stream's schema version.
  public static let summarySchemaVersion = 1

  /// The report as newline-delimited JSON: one flat object per trace (no nesting, so any engine
  /// maps it to a row: Spark, BigQuery, DuckDB, pandas), replayed traces in the order given, then
  /// traces skipped or failed.
  ///
  /// Keys: `schema`, `schemaVersion`, `status` (`replayed`, `skipped`,
  /// `failed`), `trace`, `engine`; for a replayed trace also `contentHash`, `fileSize`, `events`,
  /// `losses`, `device.*`, `metadata.*` (the header's), `duration_ms`, every key of the metric
  /// catalog and `frameCost.band`; for the others `reason`. No host timings: every byte is a
  /// function of the trace, the engine and the settings, whatever `--jobs`.
  public var ndjson: String {
    var lines: [String] = []
    lines.reserveCapacity(traces.count + skipped.count)
    for trace in traces {
      var row = summaryRow(status: "replayed", path: trace.identity.path)
      let identity = trace.identity
      row.add("contentHash", identity.contentHash)
      row.add("fileSize", identity.fileSize)
      row.add("events", identity.events)
      row.add("losses", identity.losses)
      row.add("device.name", identity.device.name)
      row.add("device.screenWidth", identity.device.screenSize.width, digits: 4)
      row.add("device.screenHeight", identity.device.screenSize.height, digits: 4)
      row.add("device.scale", identity.device.scale, digits: 4)
      row.add("device.refreshRate", identity.device.refreshRate, digits: 4)
      row.add("device.touchSampleRate", identity.device.touchSampleRate, digits: 4)
      for key in identity.metadata.keys.sorted() {
        row.add("metadata." + key, identity.metadata[key] ?? "")
      }
      let summary = trace.summary
      row.add("duration_ms", Double(summary.duration) / 1e6, digits: 4)
      for metric in Metric.catalog { row.add(metric.key, metric.value(in: summary), digits: 6) }
      row.add("frameCost.band", summary.frameCost.band.rawValue)
      lines.append(row.rendered)
    }
    for trace in skipped {
      var row = summaryRow(status: trace.isFailure ? "failed" : "skipped", path: trace.path)
      row.add("reason", trace.reason)
      lines.append(row.rendered)
    }
    return lines.joined(separator: "\n")
  }

  /// A row's leading keys: schema, status, trace and engine.
  private func summaryRow(status: String, path: String) -> JSONObject {
    var row = JSONObject()
    row.add("schema", Self.summarySchema)
    row.add("schemaVersion", Self.summarySchemaVersion)
    row.add("status", status)
    row.add("trace", path)
    row.add("engine", engine.description)
    return row
  }
}
