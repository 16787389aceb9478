// scrolltrace — what a change may cost: limits per metric, absolute and relative to a baseline.

import TraceCore

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
  /// Tolerances that override the catalog's, by metric key (the file's `tolerances`).
  public var tolerances: [String: Metric.Tolerance] = [:]

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
    /// Whether a relative limit may go unchecked when there is no baseline (or the baseline lacks
    /// the trace): skipped rather than failed.
    ///
    /// Off by default: a gate that cannot compare fails.
    public var isOptional = false

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

  /// The budget in a JSON file's bytes (docs/ci.md, "The budget file").
  ///
  /// - Throws: ``AnalyzeError`` naming the key at fault: an unknown key or metric, a value of the
  ///   wrong type, a negative percentage, an entry without a limit, no entries at all.
  public init(json bytes: [UInt8]) throws {
    self = try JSONInput.decode(Budget.self, from: bytes, code: .budget)
  }
}

// MARK: - Decoding

extension Budget: Decodable {
  private enum Keys: String, CodingKey, CaseIterable {
    case version, budgets, tolerances
  }

  /// Decodes the budget file's object, refusing unknown keys and limits that check nothing.
  public init(from decoder: any Decoder) throws {
    try decoder.rejectUnknownKeys(Keys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: Keys.self)
    if let version = try container.decodeIfPresent(Int.self, forKey: .version), version != 1 {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container, debugDescription: "expected 1")
    }
    guard container.contains(.budgets) else {
      throw DecodingError.keyNotFound(
        Keys.budgets,
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "expected an array of limits"))
    }
    limits = try container.decode([Limit].self, forKey: .budgets)
    guard !limits.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .budgets, in: container,
        debugDescription: "no limits: a budget that checks nothing would always pass")
    }
    for index in limits.indices { limits[index].location = "budgets[\(index)]" }
    let tolerances =
      try container.decodeIfPresent([String: PercentTolerance].self, forKey: .tolerances) ?? [:]
    for key in tolerances.keys.sorted() {
      guard let metric = Metric.named(key), !metric.isHostTiming else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath + [Keys.tolerances, AnyCodingKey(stringValue: key)],
            debugDescription: "unknown metric '\(key)'; expected a deterministic metric's key"))
      }
      self.tolerances[key] = tolerances[key]?.tolerance
    }
  }

  /// A tolerance as a budget writes it: `relative` in percent, `absolute` in the metric's unit.
  private struct PercentTolerance: Decodable {
    var tolerance: Metric.Tolerance

    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(["relative", "absolute"])
      let container = try decoder.container(keyedBy: AnyCodingKey.self)
      func value(_ name: String) throws -> Double {
        let key = AnyCodingKey(stringValue: name)
        guard let number = try container.decodeIfPresent(Double.self, forKey: key) else { return 0 }
        guard number.isFinite, number >= 0 else {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: container, debugDescription: "expected a finite number of 0 or more")
        }
        return number
      }
      tolerance = Metric.Tolerance(
        relative: try value("relative") / 100, absolute: try value("absolute"))
    }
  }
}

extension Budget.Limit: Decodable {
  private enum Keys: String, CodingKey, CaseIterable {
    case metric, traces, max, min, maxIncrease, maxDecrease, optional
  }

  /// Decodes one entry of `budgets`.
  public init(from decoder: any Decoder) throws {
    try decoder.rejectUnknownKeys(Keys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: Keys.self)
    let metric: String
    do {
      metric = try container.decode(String.self, forKey: .metric)
    } catch DecodingError.keyNotFound {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [Keys.metric],
          debugDescription: "expected a metric's key"))
    }
    guard Metric.named(metric) != nil else {
      let keys = (Metric.catalog + Metric.hostCatalog).map(\.key).joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        forKey: .metric, in: container,
        debugDescription: "unknown metric '\(metric)'; expected one of \(keys)")
    }
    self.init(location: "", metric: metric)
    if container.contains(.traces) {
      let list = try container.decode([String].self, forKey: .traces)
      guard !list.isEmpty else {
        throw DecodingError.dataCorruptedError(
          forKey: .traces, in: container,
          debugDescription: "expected a non-empty array of trace paths")
      }
      traces = list
    }
    func number(_ key: Keys, percent: Bool) throws -> Double? {
      guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
      guard value.isFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "expected a finite number")
      }
      if percent, value < 0 {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "expected 0 or more percent")
      }
      return value
    }
    max = try number(.max, percent: false)
    min = try number(.min, percent: false)
    maxIncrease = try number(.maxIncrease, percent: true)
    maxDecrease = try number(.maxDecrease, percent: true)
    if let optional = try container.decodeIfPresent(Bool.self, forKey: .optional) {
      guard isRelative else {
        throw DecodingError.dataCorruptedError(
          forKey: .optional, in: container,
          debugDescription: "only a relative limit (maxIncrease, maxDecrease) can be optional")
      }
      isOptional = optional
    }
    guard max != nil || min != nil || isRelative else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected at least one of max, min, maxIncrease, maxDecrease"))
    }
  }
}

extension Budget.Limit {
  init(location: String, metric: String) {
    self.location = location
    self.metric = metric
  }
}
