// scrolltrace — what each operation an engine reports costs on a device, by estimate.

import Foundation
public import Replay
import TraceCore

/// Device time per operation an engine reports (`WorkCounters` and views created), in
/// microseconds: the estimate behind each frame's device time.
///
/// The defaults are engineering estimates for a mid-range iPhone, not measurements (no public
/// source gives per-operation costs): fit them to your app's device with ``CostCalibration``
/// (`scrolltrace calibrate`, from recordings whose observed frames carry the device's work times)
/// and pass them with `--cost-model FILE.json`. docs/report-schema.md gives the reasoning for each.
public struct CostModel: Sendable, Hashable {
  /// The costs a model may hold, in microseconds: 0 to one second an operation.
  ///
  /// No scroll-view operation costs a second; a larger value is a typo, and would price frames
  /// beyond what a report can hold.
  public static let costs: ClosedRange<Double> = 0...1_000_000

  /// The fixed work of any frame: event dispatch, `scrollViewDidScroll`, the Core Animation commit
  /// of an unchanged layer tree (default 2000 µs).
  public var frame: Double
  /// One `layoutSubviews` of the engine's view (default 50 µs).
  public var layoutPass: Double
  /// One view frame assigned: a layer's bounds and position, and the layout it invalidates
  /// (default 5 µs).
  public var frameSet: Double
  /// One item configured with content: a data-source call on a dequeued view, with text layout and
  /// a cached image (default 300 µs).
  public var itemConfigured: Double
  /// One view created: allocation, nib decoding, subviews and constraints (default 1500 µs).
  public var viewCreated: Double
  /// One step of a reuse-pool search: an identifier comparison (default 0.05 µs).
  public var poolScanStep: Double

  /// A model with the given costs in microseconds; the defaults are documented on each property.
  public init(
    frame: Double = 2000, layoutPass: Double = 50, frameSet: Double = 5,
    itemConfigured: Double = 300,
    viewCreated: Double = 1500, poolScanStep: Double = 0.05
  ) {
    self.frame = frame
    self.layoutPass = layoutPass
    self.frameSet = frameSet
    self.itemConfigured = itemConfigured
    self.viewCreated = viewCreated
    self.poolScanStep = poolScanStep
  }

  /// The documented defaults.
  public static let `default` = CostModel()

  /// The JSON keys, in report order, with each cost.
  public var entries: [(key: String, microseconds: Double)] {
    Operation.allCases.map { ($0.key, self[$0]) }
  }

  /// The cost of `operation`, in microseconds.
  public subscript(operation: Operation) -> Double {
    get { self[keyPath: operation.path] }
    set { self[keyPath: operation.path] = newValue }
  }

  /// The estimated device time of a frame with `work` and `viewsCreated` new views, in nanoseconds.
  public func frameTime(work: WorkCounters, viewsCreated: Int) -> Double {
    frameTime(WorkTotals(work, viewsCreated: viewsCreated))
  }

  /// The estimated device time of a frame that did `work`, in nanoseconds.
  ///
  /// The sum of each ``Operation``'s cost times its ``Operation/count(in:)``, written out: it
  /// runs for every frame of every replay.
  public func frameTime(_ work: WorkTotals) -> Double {
    let microseconds =
      frame + layoutPass * Double(work.layoutPasses) + frameSet * Double(work.framesSet)
      + itemConfigured * Double(work.itemsConfigured) + viewCreated * Double(work.viewsCreated)
      + poolScanStep * Double(work.poolScanSteps)
    return microseconds * 1000
  }

  /// Each operation's part of the estimate of a frame that did `work`, in ``Operation`` order.
  ///
  /// Each part says how many times the operation ran and what that costs, in microseconds. The
  /// parts add up to ``frameTime(_:)`` (in microseconds).
  public func parts(of work: WorkTotals) -> [(
    operation: Operation, count: Double, microseconds: Double
  )] {
    Operation.allCases.map { operation in
      let count = operation.count(in: work)
      return (operation, count, self[operation] * count)
    }
  }

  /// One operation the model prices.
  public enum Operation: String, Sendable, Hashable, CaseIterable {
    /// The fixed work of any frame.
    case frame
    /// One layout pass.
    case layoutPass
    /// One view frame assigned.
    case frameSet
    /// One item configured.
    case itemConfigured
    /// One view created.
    case viewCreated
    /// One reuse-pool search step.
    case poolScanStep

    /// The JSON key of its cost: `frame_us`, `viewCreated_us`.
    public var key: String { rawValue + "_us" }

    /// How many times a frame that did `work` performed it (1 for the frame itself).
    public func count(in work: WorkTotals) -> Double {
      switch self {
      case .frame: 1
      case .layoutPass: Double(work.layoutPasses)
      case .frameSet: Double(work.framesSet)
      case .itemConfigured: Double(work.itemsConfigured)
      case .viewCreated: Double(work.viewsCreated)
      case .poolScanStep: Double(work.poolScanSteps)
      }
    }

    /// What a frame counts of it, in words: "layout passes".
    public var countedAs: String {
      switch self {
      case .frame: "frames"
      case .layoutPass: "layout passes"
      case .frameSet: "view frames set"
      case .itemConfigured: "items configured"
      case .viewCreated: "views created"
      case .poolScanStep: "reuse-pool search steps"
      }
    }

    /// The operation whose JSON key is `key`.
    public init?(key: String) {
      guard let found = Self.allCases.first(where: { $0.key == key }) else { return nil }
      self = found
    }

    var path: WritableKeyPath<CostModel, Double> {
      switch self {
      case .frame: \.frame
      case .layoutPass: \.layoutPass
      case .frameSet: \.frameSet
      case .itemConfigured: \.itemConfigured
      case .viewCreated: \.viewCreated
      case .poolScanStep: \.poolScanStep
      }
    }
  }
}

// MARK: - JSON

extension CostModel {
  /// The model in a JSON object of costs in microseconds, such as `{"viewCreated_us": 800}`.
  ///
  /// Keys not given keep their defaults. A `provenance` object (what `scrolltrace calibrate`
  /// writes about its fit) is allowed and not read.
  ///
  /// - Throws: ``AnalyzeError`` naming the key that is unknown, not a number, negative or not
  ///   finite, or saying the text is not a JSON object.
  public init(json: [UInt8]) throws {
    self = try JSONInput.decode(CostModelFile.self, from: json, code: .costModel).model
  }
}

/// A cost-model file: the costs by key, and an optional provenance object.
private struct CostModelFile: Decodable {
  var model = CostModel()

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      if key.stringValue == "provenance" {
        // Any object: what a calibration wrote about itself.
        _ = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        continue
      }
      guard let operation = CostModel.Operation(key: key.stringValue) else {
        throw AnalyzeError(
          .costModel, key: key.stringValue,
          reason:
            "unknown key; expected one of \(CostModel.Operation.allCases.map(\.key).joined(separator: ", ")) or provenance"
        )
      }
      let value = try container.decode(Double.self, forKey: key)
      guard CostModel.costs.contains(value) else {
        throw AnalyzeError(
          .costModel, key: key.stringValue,
          reason: "expected 0 to \(Int(CostModel.costs.upperBound)) microseconds, got \(value)")
      }
      model[operation] = value
    }
  }
}
