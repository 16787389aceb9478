// scrolltrace — what each operation an engine reports costs on a device, by estimate.

import Foundation
public import Replay

/// Device time per operation an engine reports (`WorkCounters` and views created), in
/// microseconds: the estimate behind each frame's device time.
///
/// The defaults are engineering estimates for a mid-range iPhone, not measurements (no public
/// source gives per-operation costs): calibrate them for your app with Instruments' Time Profiler
/// and pass them with `--cost-model FILE.json`. docs/report-schema.md gives the reasoning for each.
public struct CostModel: Sendable, Hashable {
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
    [
      ("frame_us", frame), ("layoutPass_us", layoutPass), ("frameSet_us", frameSet),
      ("itemConfigured_us", itemConfigured), ("viewCreated_us", viewCreated),
      ("poolScanStep_us", poolScanStep),
    ]
  }

  /// The estimated device time of a frame with `work` and `viewsCreated` new views, in nanoseconds.
  public func frameTime(work: WorkCounters, viewsCreated: Int) -> Double {
    let microseconds =
      frame + layoutPass * Double(work.layoutPasses) + frameSet * Double(work.framesSet)
      + itemConfigured * Double(work.itemsConfigured) + viewCreated * Double(viewsCreated)
      + poolScanStep * Double(work.poolScanSteps)
    return microseconds * 1000
  }
}

// MARK: - JSON

extension CostModel {
  /// The model in a JSON object of costs in microseconds, such as `{"viewCreated_us": 800}`; keys
  /// not given keep their defaults.
  ///
  /// - Throws: ``AnalyzeError`` naming the key that is unknown, not a number, negative or not
  ///   finite, or saying the text is not a JSON object.
  public init(json: [UInt8]) throws {
    let dictionary = try JSONInput.decode([String: Double].self, from: json, code: .costModel)
    self.init()
    let setters: [String: WritableKeyPath<CostModel, Double>] = [
      "frame_us": \.frame, "layoutPass_us": \.layoutPass, "frameSet_us": \.frameSet,
      "itemConfigured_us": \.itemConfigured, "viewCreated_us": \.viewCreated,
      "poolScanStep_us": \.poolScanStep,
    ]
    for key in dictionary.keys.sorted() {
      guard let path = setters[key], let value = dictionary[key] else {
        throw AnalyzeError(
          .costModel, key: key,
          reason: "unknown key; expected one of \(entries.map(\.key).joined(separator: ", "))")
      }
      guard value.isFinite, value >= 0 else {
        throw AnalyzeError(
          .costModel, key: key,
          reason: "expected a finite, non-negative number of microseconds, got \(value)")
      }
      self[keyPath: path] = value
    }
  }
}
