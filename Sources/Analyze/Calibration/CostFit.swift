// scrolltrace — a fitted cost model, and how well a cost model explains measured frames.

/// A fitted cost model and how well it fits.
public struct CostFit: Sendable, Hashable {
  /// The costs: fitted, and those held fixed.
  public var model: CostModel
  /// How they were fitted.
  public var method: CostCalibration.Method
  /// The costs held at a value, in microseconds.
  public var fixed: [CostModel.Operation: Double]
  /// The frames fitted.
  public var frames: Int
  /// Reweighting rounds (1 for `nnls`).
  public var rounds: Int
  /// Each fitted cost's standard error, in microseconds (none for a cost the fit held at 0).
  public var standardErrors: [CostModel.Operation: Double]
  /// How well the model explains the frames it was fitted to.
  public var quality: FitQuality
}

/// How well a cost model explains frames' measured work times.
public struct FitQuality: Sendable, Hashable {
  /// Frames judged.
  public var frames: Int
  /// The coefficient of determination: 1 − Σ residual² / Σ (measured − mean)², over the frames
  /// (`nil` when every frame measured the same).
  public var rSquared: Double?
  /// The residuals' absolute value (measured − estimated), in microseconds: p50, p90, p99, max.
  public var residualP50: Double
  /// The 90th percentile absolute residual, µs.
  public var residualP90: Double
  /// The 99th percentile absolute residual, µs.
  public var residualP99: Double
  /// The largest absolute residual, µs.
  public var residualMax: Double
  /// The mean measured work time, µs.
  public var meanMeasured: Double

  /// `model`'s fit to `data` (nearest-rank percentiles of the exact residuals).
  public init(_ model: CostModel, _ data: CalibrationData) {
    frames = data.frames
    var residuals: [Double] = []
    residuals.reserveCapacity(data.frames)
    var sum = 0.0
    let groups = data.sortedGroups
    for group in groups {
      let estimate = model.frameTime(group.work) / 1000
      for time in group.times {
        residuals.append(time - estimate)
        sum += time
      }
    }
    let mean = frames > 0 ? sum / Double(frames) : 0
    var total = 0.0
    for group in groups {
      for time in group.times { total += (time - mean) * (time - mean) }
    }
    let unexplained = residuals.reduce(0) { $0 + $1 * $1 }
    rSquared = total > 0 ? 1 - unexplained / total : nil
    let sorted = residuals.map(abs).sorted()
    func rank(_ p: Double) -> Double {
      guard !sorted.isEmpty else { return 0 }
      let index = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
      return sorted[min(max(index, 0), sorted.count - 1)]
    }
    residualP50 = rank(50)
    residualP90 = rank(90)
    residualP99 = rank(99)
    residualMax = sorted.last ?? 0
    meanMeasured = mean
  }
}
