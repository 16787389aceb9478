// scrolltrace — what a change may cost: limits per metric, absolute and relative to a baseline.

import Foundation

/// A budget file (docs/ci.md): limits per metric, checked for every trace (or the traces named).
///
/// ```json
/// { "budgets": [
///   { "metric": "boundaryGlitches.count", "max": 0 },
///   { "metric": "frameCost.hitchTimeRatio", "max": 5 },
///   { "metric": "work.viewsCreated", "maxIncrease": 5 },
///   { "metric": "host.frameWork.p99", "maxIncrease": 10 }
/// ] }
/// ```
///
/// `max` and `min` are absolute limits in the metric's unit; `maxIncrease` and `maxDecrease` are
/// limits relative to the baseline, in percent. A host timing breaks a relative limit only when the
/// change is also significant (Mann–Whitney U) and beyond the noise floor.
public struct Budget: Sendable, Hashable {
  /// The limits, in file order.
  public var limits: [Limit]

  /// One entry of the file.
  public struct Limit: Sendable, Hashable {
    /// Where it is in the file (`budgets[2]`).
    public var location: String
    /// The metric's catalog key.
    public var metric: String
    /// The traces it applies to (all when nil), by path as given.
    public var traces: [String]?
    /// At most this value.
    public var max: Double?
    /// At least this value.
    public var min: Double?
    /// At most this many percent above the baseline.
    public var maxIncrease: Double?
    /// At most this many percent below the baseline.
    public var maxDecrease: Double?

    /// Whether it needs a baseline.
    public var isRelative: Bool { maxIncrease != nil || maxDecrease != nil }
  }

  /// Creates a budget.
  public init(limits: [Limit]) { self.limits = limits }

  /// Whether any limit is relative to a baseline.
  public var needsBaseline: Bool { limits.contains(where: \.isRelative) }

  /// Whether any limit is on a host timing.
  public var comparesHostTimings: Bool {
    limits.contains { Metric.named($0.metric)?.isHostTiming == true }
  }

  /// The budget in a JSON file's bytes.
  ///
  /// - Throws: ``AnalyzeError`` naming the key at fault: an unknown key or metric, a value of the
  ///   wrong type, a negative percentage, an entry without a limit.
  public init(json bytes: [UInt8]) throws(AnalyzeError) {
    let root: [String: Any]
    do {
      guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      else {
        throw AnalyzeError(
          .budget, key: nil, reason: "expected a JSON object with a \"budgets\" array")
      }
      root = object
    } catch let error as AnalyzeError {
      throw error
    } catch {
      throw AnalyzeError(.budget, key: nil, reason: "not valid JSON")
    }
    for key in root.keys.sorted() where key != "budgets" && key != "version" {
      throw AnalyzeError(
        .budget, key: key, reason: "unknown key; expected \"budgets\" (and optionally \"version\")")
    }
    if let version = root["version"] {
      guard let number = version as? Int, number == 1 else {
        throw AnalyzeError(.budget, key: "version", reason: "expected 1")
      }
    }
    guard let entries = root["budgets"] as? [Any] else {
      throw AnalyzeError(.budget, key: "budgets", reason: "expected an array of limits")
    }
    var limits: [Limit] = []
    let known = ["metric", "traces", "max", "min", "maxIncrease", "maxDecrease"]
    for (index, entry) in entries.enumerated() {
      let at = "budgets[\(index)]"
      guard let object = entry as? [String: Any] else {
        throw AnalyzeError(.budget, key: at, reason: "expected an object")
      }
      for key in object.keys.sorted() where !known.contains(key) {
        throw AnalyzeError(
          .budget, key: "\(at).\(key)",
          reason: "unknown key; expected one of \(known.joined(separator: ", "))")
      }
      guard let metric = object["metric"] as? String else {
        throw AnalyzeError(.budget, key: "\(at).metric", reason: "expected a metric's key")
      }
      guard Metric.named(metric) != nil else {
        let keys = (Metric.catalog + Metric.hostCatalog).map(\.key).joined(separator: ", ")
        throw AnalyzeError(
          .budget, key: "\(at).metric",
          reason: "unknown metric '\(metric)'; expected one of \(keys)")
      }
      var limit = Limit(location: at, metric: metric)
      if let traces = object["traces"] {
        guard let list = traces as? [String], !list.isEmpty else {
          throw AnalyzeError(
            .budget, key: "\(at).traces", reason: "expected a non-empty array of trace paths")
        }
        limit.traces = list
      }
      func number(_ key: String, percent: Bool) throws(AnalyzeError) -> Double? {
        guard let value = object[key] else { return nil }
        guard let n = JSONNumber.double(value) else {
          throw AnalyzeError(
            .budget, key: "\(at).\(key)",
            reason: percent ? "expected a number of percent" : "expected a number")
        }
        if percent, n < 0 {
          throw AnalyzeError(.budget, key: "\(at).\(key)", reason: "expected 0 or more percent")
        }
        return n
      }
      limit.max = try number("max", percent: false)
      limit.min = try number("min", percent: false)
      limit.maxIncrease = try number("maxIncrease", percent: true)
      limit.maxDecrease = try number("maxDecrease", percent: true)
      guard limit.max != nil || limit.min != nil || limit.isRelative else {
        throw AnalyzeError(
          .budget, key: at, reason: "expected at least one of max, min, maxIncrease, maxDecrease")
      }
      limits.append(limit)
    }
    self.init(limits: limits)
  }
}

extension Budget.Limit {
  init(location: String, metric: String) {
    self.location = location
    self.metric = metric
  }
}
