// scrolltrace — a cost model fitted to the work times a device measured.

/// Fits a ``CostModel``'s per-operation costs to frames whose work the replay counted and whose
/// time the device measured: `measured ≈ Σ cost(op) · count(op)` with every cost 0 or more.
///
/// - **`nnls`**: non-negative least squares (Lawson and Hanson, "Solving Least Squares Problems",
///   1974, chapter 23).
/// - **`huber`**: the same under Huber's loss, by iteratively reweighted least squares (Huber,
///   "Robust Estimation of a Location Parameter", 1964; Holland and Welsch, "Robust regression
///   using iteratively reweighted least-squares", 1977): a frame whose residual exceeds
///   `k · s` weighs `k · s / |residual|`, with `k = 1.345` (95 % efficient under normal errors) and
///   `s` the residuals' median absolute value over 0.6745. A main thread that also did the app's
///   other work (a network callback, a timer) makes such outliers.
///
/// Before fitting it refuses what the frames cannot determine: a cost whose operation no frame
/// performed, or whose count is the same combination of the others' in every frame (a layout pass
/// in every frame cannot be told from the frame's own cost). ``Options/fixed`` holds such a cost at
/// a value instead.
public enum CostCalibration {
  /// How the costs are fitted.
  public enum Method: String, Sendable, Hashable, CaseIterable {
    /// Non-negative least squares.
    case nnls
    /// Non-negative least squares under Huber's loss (IRLS).
    case huber
  }

  /// What a calibration is asked.
  public struct Options: Sendable, Hashable {
    /// The fitting method.
    public var method: Method
    /// Costs held at a value, in microseconds, rather than fitted.
    public var fixed: [CostModel.Operation: Double]

    /// Options with a method and fixed costs.
    public init(method: Method = .nnls, fixed: [CostModel.Operation: Double] = [:]) {
      self.method = method
      self.fixed = fixed
    }
  }

  /// Huber's tuning constant.
  public static let huberK = 1.345
  /// The most reweighting rounds of the Huber fit.
  public static let huberRounds = 100

  /// The fitted model of `data`.
  ///
  /// - Throws: ``AnalyzeError`` (`calibration`) naming the cost the frames cannot determine, or
  ///   saying there are too few frames.
  public static func fit(_ data: CalibrationData, options: Options) throws -> CostFit {
    let free = CostModel.Operation.allCases.filter { options.fixed[$0] == nil }
    guard data.frames > free.count else {
      throw AnalyzeError(
        .calibration, key: nil,
        reason:
          "\(data.frames) frame\(data.frames == 1 ? "" : "s") with a measured work time cannot determine \(free.count) costs: record more"
      )
    }
    let groups = data.sortedGroups
    try checkDetermined(free, data, groups)
    var model = CostModel()
    for (operation, value) in options.fixed { model[operation] = value }
    // Each kind of frame's row of free counts, and what its frames' times leave for the free
    // costs once the fixed ones are taken off.
    let rows = groups.map { group in free.map { $0.count(in: group.work) } }
    let fixedShare = groups.map { group in
      options.fixed.reduce(0) { $0 + $1.value * $1.key.count(in: group.work) }
    }
    var weights = groups.map { [Double](repeating: 1, count: $0.times.count) }
    var solution = [Double](repeating: 0, count: free.count)
    var rounds = 0
    while rounds < huberRounds {
      rounds += 1
      guard let next = solve(rows, groups, fixedShare, weights) else {
        throw AnalyzeError(
          .calibration, key: nil, reason: "the weighted frames no longer determine the costs")
      }
      let change = zip(next, solution).map { abs($0 - $1) / max(abs($0), 1e-9) }.max() ?? 0
      solution = next
      guard options.method == .huber, rounds == 1 || change > 1e-10 else { break }
      let predicted = rows.map { row in zip(row, solution).reduce(0) { $0 + $1.0 * $1.1 } }
      var magnitudes: [Double] = []
      magnitudes.reserveCapacity(data.frames)
      for (g, group) in groups.enumerated() {
        for time in group.times { magnitudes.append(abs(time - fixedShare[g] - predicted[g])) }
      }
      let scale = (magnitudes.median ?? 0) / 0.6745
      guard scale > 0 else { break }
      let bound = huberK * scale
      for (g, group) in groups.enumerated() {
        for (k, time) in group.times.enumerated() {
          let residual = abs(time - fixedShare[g] - predicted[g])
          weights[g][k] = residual <= bound ? 1 : bound / residual
        }
      }
    }
    for (operation, value) in zip(free, solution) {
      // A cost model holds what `--cost-model` reads back: nothing beyond a second an operation.
      guard CostModel.costs.contains(value) else {
        throw AnalyzeError(
          .calibration, key: operation.key,
          reason:
            "the fit puts it at \(value.rounded()) µs, beyond the \(Int(CostModel.costs.upperBound)) µs a cost model may hold: the frames do not determine it"
        )
      }
      model[operation] = value
    }
    return CostFit(
      model: model, method: options.method, fixed: options.fixed, frames: data.frames,
      rounds: rounds,
      standardErrors: standardErrors(
        rows, groups, fixedShare, solution, free, weights: weights),
      quality: FitQuality(model, data))
  }

  /// The weighted non-negative least-squares solution.
  private static func solve(
    _ rows: [[Double]], _ groups: [(work: WorkTotals, times: [Double])], _ fixedShare: [Double],
    _ weights: [[Double]]
  ) -> [Double]? {
    let n = rows.first?.count ?? 0
    var gram = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    var moment = [Double](repeating: 0, count: n)
    for (g, row) in rows.enumerated() {
      var weight = 0.0
      var weightedTarget = 0.0
      for (k, time) in groups[g].times.enumerated() {
        weight += weights[g][k]
        weightedTarget += weights[g][k] * (time - fixedShare[g])
      }
      for i in 0..<n where row[i] != 0 {
        moment[i] += row[i] * weightedTarget
        for j in 0..<n { gram[i][j] += weight * row[i] * row[j] }
      }
    }
    return NonNegativeLeastSquares.solve(gram: gram, moment: moment)
  }
}
