// scrolltrace — what a report was replayed with, as a value two reports compare.

import TraceCore

/// A report's `settings` (docs/report-schema.md) as a value: the analyzers' thresholds, bands and
/// cost model, and the model options given.
///
/// Numbers are rounded as the report writes them, so the settings of a replay and those read back
/// from its saved report are equal. A key a saved report lacks is unknown (nil) and never differs.
public struct ReportSettings: Sendable, Hashable {
  /// `jumpThreshold_pt`, points.
  public var jumpThreshold: Double?
  /// `glitchTolerance_pt`, points.
  public var glitchTolerance: Double?
  /// `hitchBands`: the bands' name.
  public var hitchBands: String?
  /// `eventLimit`.
  public var eventLimit: Int?
  /// `fidelityThreshold_pt`, points.
  public var fidelityThreshold: Double?
  /// `costModel`: microseconds per operation, by key.
  public var costModel: [String: Double]?
  /// `model`: the model options given, by name.
  public var model: [String: String]?

  /// The settings of `report`, rounded as its JSON writes them.
  public init(_ report: Report) {
    let settings = report.settings
    jumpThreshold = Self.rounded(settings.jumpThreshold, digits: 4)
    glitchTolerance = Self.rounded(settings.glitchTolerance, digits: 4)
    hitchBands = settings.hitchBands.name
    eventLimit = settings.eventLimit
    fidelityThreshold = Self.rounded(settings.fidelityThreshold, digits: 4)
    costModel = Dictionary(
      settings.costModel.entries.map { ($0.key, Self.rounded($0.microseconds, digits: 6)) }
    ) { first, _ in first }
    model = Dictionary(report.modelOptions.map { ($0.name, $0.value) }) { first, _ in first }
  }

  /// The keys whose values differ, in schema order (a key either side does not know is skipped).
  public func differences(from other: ReportSettings) -> [String] {
    var keys: [String] = []
    func compare<T: Equatable>(_ key: String, _ a: T?, _ b: T?) {
      if let a, let b, a != b { keys.append(key) }
    }
    compare("jumpThreshold_pt", jumpThreshold, other.jumpThreshold)
    compare("glitchTolerance_pt", glitchTolerance, other.glitchTolerance)
    compare("hitchBands", hitchBands, other.hitchBands)
    compare("eventLimit", eventLimit, other.eventLimit)
    compare("fidelityThreshold_pt", fidelityThreshold, other.fidelityThreshold)
    compare("costModel", costModel, other.costModel)
    compare("model", model, other.model)
    return keys
  }

  /// `value` rounded to `digits` decimal places, as ``JSONObject`` writes it.
  static func rounded(_ value: Double, digits: Int) -> Double {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return rounded == 0 ? 0 : rounded
  }
}

extension ReportSettings: Decodable {
  private enum Keys: String, CodingKey {
    case jumpThreshold = "jumpThreshold_pt"
    case glitchTolerance = "glitchTolerance_pt"
    case fidelityThreshold = "fidelityThreshold_pt"
    case hitchBands, eventLimit, costModel, model
  }

  /// Decodes a saved report's `settings` object; keys it does not know are ignored.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    jumpThreshold = try container.decodeIfPresent(Double.self, forKey: .jumpThreshold)
    glitchTolerance = try container.decodeIfPresent(Double.self, forKey: .glitchTolerance)
    hitchBands = try container.decodeIfPresent(String.self, forKey: .hitchBands)
    eventLimit = try container.decodeIfPresent(Int.self, forKey: .eventLimit)
    fidelityThreshold = try container.decodeIfPresent(Double.self, forKey: .fidelityThreshold)
    costModel = try container.decodeIfPresent([String: Double].self, forKey: .costModel)
    model = try container.decodeIfPresent([String: String].self, forKey: .model)
  }
}
