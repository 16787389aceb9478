// scrolltrace — one side of a comparison: each trace's metrics and host samples.

import Replay

/// What `diff` and `gate` compare for one side (a baseline or a candidate): per trace, the
/// deterministic catalog values (``Metric/catalog``) and the host timing samples, one per
/// repetition (``Metric/hostCatalog``).
public struct RunMetrics: Sendable, Hashable {
  /// The side's name: an engine (`cardfeed@1`) or a report file.
  public var label: String
  /// The traces, in order.
  public var traces: [TraceMetrics]
  /// The analysis settings and model options the side was replayed with; nil when unknown.
  public var settings: ReportSettings?
  /// The traces the side did not replay: a scene its engine does not lay out, or a failure
  /// (a saved report's `skipped`).
  public var skipped: [SkippedTrace] = []
  /// The engine the side was replayed with (`cardfeed@2`), where known.
  public var engine: String?

  /// Creates a side.
  public init(label: String, traces: [TraceMetrics], settings: ReportSettings? = nil) {
    self.label = label
    self.traces = traces
    self.settings = settings
  }

  /// The side of one replay's report (one host sample per trace).
  public init(label: String, report: Report) {
    self.label = label
    traces = report.traces.map { TraceMetrics($0) }
    skipped = report.skipped
    settings = ReportSettings(report)
    engine = report.engine.description
  }

  /// The settings keys whose values differ between two sides, in schema order (none when either
  /// side's settings are unknown).
  static func settingDifferences(_ a: ReportSettings?, _ b: ReportSettings?) -> [String] {
    guard let a, let b else { return [] }
    return a.differences(from: b)
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
  /// The 95 % intervals of the measured values' sampling noise by catalog key
  /// (``Metric/noise(in:)``): only figures measured on a device, where the recording had frames to
  /// judge them by.
  public var noise: [String: ClosedRange<Double>] = [:]
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
    var noise: [String: ClosedRange<Double>] = [:]
    for metric in Metric.catalog {
      if let value = metric.value(in: section.summary) { values[metric.key] = value }
      if let interval = metric.noise(in: section.summary) { noise[metric.key] = interval }
    }
    self.values = values
    self.noise = noise
    var host: [String: [Double]] = [:]
    for metric in Metric.hostCatalog {
      if let value = metric.value(in: section.host) { host[metric.key] = [value] }
    }
    self.host = host
  }
}
