// scrolltrace — a saved JSON report read back as one side of a comparison.

import TraceCore

/// The parts of a saved JSON report (docs/report-schema.md) that `diff` and `gate` compare,
/// decoded and range-checked: a value no replay can produce (a negative count, 1e308 ms) is an
/// error naming its key, never a number that passes a budget.
struct SavedReport: Decodable {
  /// The largest value a metric may have in a saved report (a count of 10¹⁵ frames is years at
  /// 120 Hz; a time of 10¹⁵ ms is 31 000 years).
  static let largestValue = 1e15

  var settings: ReportSettings?
  var traces: [Section]
  var skipped: [Skipped]
  var host: [HostSection]
  var engine: String?

  private enum Keys: String, CodingKey {
    case schema, schemaVersion, engine, settings, traces, skipped, host
  }

  private struct Engine: Decodable {
    var id: String?
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    guard try container.decodeIfPresent(String.self, forKey: .schema) == "scrolltrace-report" else {
      throw DecodingError.dataCorruptedError(
        forKey: .schema, in: container,
        debugDescription:
          "expected \"scrolltrace-report\", the schema of a saved JSON report")
    }
    let version = try container.decode(Int.self, forKey: .schemaVersion)
    guard version <= Report.schemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription:
          "version \(version) is newer than this tool reads (\(Report.schemaVersion))")
    }
    engine = try container.decodeIfPresent(Engine.self, forKey: .engine)?.id
    settings = try container.decodeIfPresent(ReportSettings.self, forKey: .settings)
    traces = try container.decode([Section].self, forKey: .traces)
    skipped = try container.decodeIfPresent([Skipped].self, forKey: .skipped) ?? []
    host = try container.decodeIfPresent(Host.self, forKey: .host)?.traces ?? []
  }

  /// A value of a metric, checked: finite, 0 or more, at most ``largestValue``, and whole for a
  /// count.
  static func checked<K: CodingKey>(
    _ value: Double, count: Bool, key: K, in container: KeyedDecodingContainer<K>
  ) throws -> Double {
    guard value.isFinite, value >= 0, value <= largestValue, !count || value == value.rounded()
    else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription:
          "expected \(count ? "a whole number" : "a number") from 0 to 10^15, got \(value)")
    }
    return value
  }

  /// One trace's section: its identity and its catalog metrics.
  struct Section: Decodable {
    var path: String
    var contentHash: String
    var values: [String: Double]
    var noise: [String: ClosedRange<Double>]

    private enum Keys: String, CodingKey { case trace, metrics, noise }
    private enum TraceKeys: String, CodingKey { case path, contentHash }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      let trace = try container.nestedContainer(keyedBy: TraceKeys.self, forKey: .trace)
      path = try trace.decode(String.self, forKey: .path)
      contentHash = try trace.decodeIfPresent(String.self, forKey: .contentHash) ?? ""
      let metrics = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .metrics)
      var values: [String: Double] = [:]
      for metric in Metric.catalog {
        let key = AnyCodingKey(stringValue: metric.key)
        guard let value = try metrics.decodeIfPresent(Double.self, forKey: key) else { continue }
        values[metric.key] = try SavedReport.checked(
          value, count: metric.unit == "count", key: key, in: metrics)
      }
      self.values = values
      var noise: [String: ClosedRange<Double>] = [:]
      if container.contains(.noise) {
        let intervals = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .noise)
        for metric in Metric.catalog where metric.isSampled {
          let key = AnyCodingKey(stringValue: metric.key)
          guard let pair = try intervals.decodeIfPresent([Double].self, forKey: key) else {
            continue
          }
          guard pair.count == 2 else {
            throw DecodingError.dataCorruptedError(
              forKey: key, in: intervals,
              debugDescription: "expected [low, high], got \(pair.count) numbers")
          }
          let low = try SavedReport.checked(pair[0], count: false, key: key, in: intervals)
          let high = try SavedReport.checked(pair[1], count: false, key: key, in: intervals)
          guard low <= high else {
            throw DecodingError.dataCorruptedError(
              forKey: key, in: intervals,
              debugDescription: "expected [low, high] with low at most high, got [\(low), \(high)]")
          }
          noise[metric.key] = low...high
        }
      }
      self.noise = noise
    }
  }

  /// A trace the report did not replay.
  struct Skipped: Decodable {
    var path: String
    var reason: String
    var failed: Bool?
  }

  /// The `host` section's traces.
  struct Host: Decodable {
    var traces: [HostSection]?
  }

  /// One trace's host timings, in the host catalog's units.
  struct HostSection: Decodable {
    var values: [String: Double]

    private enum Keys: String, CodingKey { case timings }
    private enum TimingKeys: String, CodingKey {
      case frameWork
      case wallTime = "wallTime_ns"
    }
    private enum WorkKeys: String, CodingKey {
      case p50 = "p50_ns"
      case p99 = "p99_ns"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      values = [:]
      guard container.contains(.timings) else { return }
      let timings = try container.nestedContainer(keyedBy: TimingKeys.self, forKey: .timings)
      if timings.contains(.frameWork) {
        let work = try timings.nestedContainer(keyedBy: WorkKeys.self, forKey: .frameWork)
        if let p50 = try work.decodeIfPresent(Double.self, forKey: .p50) {
          values["host.frameWork.p50"] =
            try SavedReport.checked(p50, count: false, key: .p50, in: work) / 1e3
        }
        if let p99 = try work.decodeIfPresent(Double.self, forKey: .p99) {
          values["host.frameWork.p99"] =
            try SavedReport.checked(p99, count: false, key: .p99, in: work) / 1e3
        }
      }
      if let wall = try timings.decodeIfPresent(Double.self, forKey: .wallTime) {
        values["host.wallTime"] =
          try SavedReport.checked(wall, count: false, key: .wallTime, in: timings) / 1e6
      }
    }
  }
}

extension RunMetrics {
  /// The largest saved report read, in bytes: 16 MiB (a report of a thousand traces is under
  /// 4 MiB).
  ///
  /// Parsing holds a report at a few times its size (docs/files.md states the multiple).
  public static let maximumReportSize = 16 << 20

  /// The side a saved JSON report describes (docs/report-schema.md), labelled `label`.
  ///
  /// - Throws: ``AnalyzeError`` naming the key that is missing, of the wrong type or out of
  ///   range, a schema version newer than this tool reads, or a report larger than
  ///   ``maximumReportSize``.
  public init(reportJSON bytes: [UInt8], label: String) throws {
    guard bytes.count <= Self.maximumReportSize else {
      throw AnalyzeError(
        .report, key: nil,
        reason: "a report larger than \(Self.maximumReportSize) bytes is refused")
    }
    let saved = try JSONInput.decode(SavedReport.self, from: bytes, code: .report)
    var traces: [TraceMetrics] = []
    for (index, section) in saved.traces.enumerated() {
      let host = index < saved.host.count ? saved.host[index].values.mapValues { [$0] } : [:]
      var trace = TraceMetrics(
        path: section.path, contentHash: section.contentHash, values: section.values, host: host)
      trace.noise = section.noise
      traces.append(trace)
    }
    self.init(label: label, traces: traces, settings: saved.settings)
    engine = saved.engine
    skipped = saved.skipped.map {
      SkippedTrace(path: $0.path, reason: $0.reason, isFailure: $0.failed ?? false)
    }
  }
}

extension ReportSettings {
  /// The settings as one JSON object, keys in the schema's order and the cost model's and model
  /// options' by name: equal settings give equal text (what a results store keeps beside a
  /// report).
  package var canonicalJSON: String {
    var object = JSONObject()
    if let jumpThreshold { object.add("jumpThreshold_pt", jumpThreshold) }
    if let glitchTolerance { object.add("glitchTolerance_pt", glitchTolerance) }
    if let hitchBands { object.add("hitchBands", hitchBands) }
    if let eventLimit { object.add("eventLimit", eventLimit) }
    if let fidelityThreshold { object.add("fidelityThreshold_pt", fidelityThreshold) }
    if let costModel {
      object.add(
        "costModel",
        JSONObject(
          costModel.sorted { $0.key < $1.key }.map { ($0.key, JSONObject.number($0.value)) }))
    }
    if let model {
      object.add(
        "model",
        JSONObject(model.sorted { $0.key < $1.key }.map { ($0.key, JSONObject.quote($0.value)) }))
    }
    return object.rendered
  }
}
