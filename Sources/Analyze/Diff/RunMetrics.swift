// scrolltrace — one side of a comparison: each trace's metrics and host samples.

import Foundation

/// What `diff` and `gate` compare for one side (a baseline or a candidate): per trace, the
/// deterministic catalog values (``Metric/catalog``) and the host timing samples, one per
/// repetition (``Metric/hostCatalog``).
public struct RunMetrics: Sendable, Hashable {
  /// The side's name: an engine (`cardfeed@1`) or a report file.
  public var label: String
  /// The traces, in order.
  public var traces: [TraceMetrics]
  /// The analysis settings and model options the side was replayed with, by the report's
  /// `settings` key (`costModel`, `jumpThreshold_pt`, `model`…), each as canonical JSON text;
  /// empty when unknown.
  public var settings: [String: String]

  /// Creates a side.
  public init(label: String, traces: [TraceMetrics], settings: [String: String] = [:]) {
    self.label = label
    self.traces = traces
    self.settings = settings
  }

  /// The side of one replay's report (one host sample per trace).
  public init(label: String, report: Report) {
    self.label = label
    traces = report.traces.map { TraceMetrics($0) }
    let object =
      try? JSONSerialization.jsonObject(with: Data(report.settingsJSON.rendered.utf8))
      as? [String: Any]
    settings = object.map(Self.canonicalSettings) ?? [:]
  }

  /// Each value of a report's `settings` object as JSON text with sorted keys, so that two
  /// reports' settings compare key by key whatever their formatting.
  static func canonicalSettings(_ object: [String: Any]) -> [String: String] {
    var settings: [String: String] = [:]
    for (key, value) in object {
      guard
        let data = try? JSONSerialization.data(
          withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
      else { continue }
      settings[key] = String(decoding: data, as: UTF8.self)
    }
    return settings
  }

  /// The settings keys whose values differ between two sides, sorted (a key one side lacks counts
  /// only when both sides know their settings).
  static func settingDifferences(_ a: [String: String], _ b: [String: String]) -> [String] {
    guard !a.isEmpty, !b.isEmpty else { return [] }
    return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
  }

  /// Adds another repetition's host samples to each trace, matched by position.
  public mutating func addRepetition(_ report: Report) {
    for (index, section) in report.traces.enumerated() where traces.indices.contains(index) {
      for metric in Metric.hostCatalog {
        if let value = metric.value(in: section.host) {
          traces[index].host[metric.key, default: []].append(value)
        }
      }
    }
  }
}

/// One trace's metrics.
public struct TraceMetrics: Sendable, Hashable {
  /// The trace's path as given.
  public var path: String
  /// The hash of its bytes.
  public var contentHash: String
  /// Deterministic values by catalog key; a key without a value (null) is absent.
  public var values: [String: Double]
  /// Host timing samples by host catalog key, one per repetition.
  public var host: [String: [Double]]
  /// A second set of host samples, taken when the first called a host timing changed: the change
  /// stands only if these say the same (``ReportDiff``).
  ///
  /// Empty when nothing was re-measured.
  public var remeasuredHost: [String: [Double]] = [:]

  /// Creates a trace's metrics.
  public init(path: String, contentHash: String, values: [String: Double], host: [String: [Double]])
  {
    self.path = path
    self.contentHash = contentHash
    self.values = values
    self.host = host
  }

  /// Adds one more repetition's host timings.
  public mutating func addHostSample(_ timings: HostTimingSummary) {
    for metric in Metric.hostCatalog {
      if let value = metric.value(in: timings) { host[metric.key, default: []].append(value) }
    }
  }

  /// The metrics of a report's section.
  public init(_ section: TraceReport) {
    path = section.identity.path
    contentHash = section.identity.contentHash
    var values: [String: Double] = [:]
    for metric in Metric.catalog {
      if let value = metric.value(in: section.summary) { values[metric.key] = value }
    }
    self.values = values
    var host: [String: [Double]] = [:]
    for metric in Metric.hostCatalog {
      if let value = metric.value(in: section.host) { host[metric.key] = [value] }
    }
    self.host = host
  }
}

// MARK: - Saved reports

extension RunMetrics {
  /// The side a saved JSON report describes (docs/report-schema.md), labelled `label`.
  ///
  /// - Throws: ``AnalyzeError`` naming the key that is missing or of the wrong type, or a schema
  ///   version newer than this tool reads.
  public init(reportJSON bytes: [UInt8], label: String) throws(AnalyzeError) {
    let root: [String: Any]
    do {
      guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      else {
        throw AnalyzeError(.report, key: nil, reason: "expected a JSON object")
      }
      root = object
    } catch let error as AnalyzeError {
      throw error
    } catch {
      throw AnalyzeError(.report, key: nil, reason: "not valid JSON")
    }
    guard root["schema"] as? String == "scrolltrace-report" else {
      throw AnalyzeError(
        .report, key: "schema",
        reason:
          "expected \"scrolltrace-report\" (a report written by scrolltrace replay --format json)")
    }
    guard let version = root["schemaVersion"] as? Int else {
      throw AnalyzeError(.report, key: "schemaVersion", reason: "expected an integer")
    }
    guard version <= Report.schemaVersion else {
      throw AnalyzeError(
        .report, key: "schemaVersion",
        reason: "version \(version) is newer than this tool reads (\(Report.schemaVersion))")
    }
    guard let sections = root["traces"] as? [[String: Any]] else {
      throw AnalyzeError(.report, key: "traces", reason: "expected an array of objects")
    }
    let hostSections = ((root["host"] as? [String: Any])?["traces"] as? [[String: Any]]) ?? []
    var traces: [TraceMetrics] = []
    for (index, section) in sections.enumerated() {
      let at = "traces[\(index)]"
      guard let trace = section["trace"] as? [String: Any], let path = trace["path"] as? String
      else {
        throw AnalyzeError(.report, key: "\(at).trace.path", reason: "expected a string")
      }
      guard let metrics = section["metrics"] as? [String: Any] else {
        throw AnalyzeError(.report, key: "\(at).metrics", reason: "expected an object")
      }
      var values: [String: Double] = [:]
      for metric in Metric.catalog {
        let value = metrics[metric.key]
        if value == nil || value is NSNull { continue }
        guard let number = JSONNumber.double(value) else {
          throw AnalyzeError(
            .report, key: "\(at).metrics.\(metric.key)", reason: "expected a number or null")
        }
        values[metric.key] = number
      }
      var host: [String: [Double]] = [:]
      if index < hostSections.count, let timings = hostSections[index]["timings"] as? [String: Any]
      {
        let work = timings["frameWork"] as? [String: Any]
        if let p50 = JSONNumber.double(work?["p50_ns"]) { host["host.frameWork.p50"] = [p50 / 1e3] }
        if let p99 = JSONNumber.double(work?["p99_ns"]) { host["host.frameWork.p99"] = [p99 / 1e3] }
        if let wall = JSONNumber.double(timings["wallTime_ns"]) {
          host["host.wallTime"] = [wall / 1e6]
        }
      }
      traces.append(
        TraceMetrics(
          path: path, contentHash: trace["contentHash"] as? String ?? "", values: values, host: host
        ))
    }
    self.init(
      label: label, traces: traces,
      settings: (root["settings"] as? [String: Any]).map(Self.canonicalSettings) ?? [:])
  }
}
