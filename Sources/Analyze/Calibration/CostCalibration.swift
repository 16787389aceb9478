// scrolltrace — a cost model fitted to the work times a device measured.

import TraceCore

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

  /// Refuses a free cost that no frame performed, or whose count the others' explain.
  private static func checkDetermined(
    _ free: [CostModel.Operation], _ data: CalibrationData,
    _ groups: [(work: WorkTotals, times: [Double])]
  ) throws(AnalyzeError) {
    for operation in free where !data.performs(operation) {
      throw AnalyzeError(
        .calibration, key: operation.key,
        reason:
          "no frame counted any \(operation.countedAs), so its cost cannot be determined: calibrate on recordings whose frames do, or hold it at a value"
      )
    }
    // Pivoted Cholesky of the scaled Gram matrix: a column whose residual vanishes is a
    // combination of those chosen before it.
    let n = free.count
    var gram = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for group in groups {
      let row = free.map { $0.count(in: group.work) }
      let frames = Double(group.times.count)
      for i in 0..<n where row[i] != 0 {
        for j in 0..<n { gram[i][j] += frames * row[i] * row[j] }
      }
    }
    let scale = (0..<n).map { 1 / gram[$0][$0].squareRoot() }
    let g = (0..<n).map { i in (0..<n).map { j in gram[i][j] * scale[i] * scale[j] } }
    var chosen: [Int] = []
    var remaining = Array(0..<n)
    while !remaining.isEmpty {
      // The residual of each remaining column against the chosen ones.
      func residual(_ j: Int) -> Double {
        guard !chosen.isEmpty,
          let c = NonNegativeLeastSquares.solveLinear(
            chosen.map { a in chosen.map { b in g[a][b] } }, chosen.map { g[$0][j] })
        else { return g[j][j] }
        return g[j][j] - zip(chosen, c).reduce(0) { $0 + g[$1.0][j] * $1.1 }
      }
      let residuals = remaining.map { ($0, residual($0)) }
      guard let best = residuals.max(by: { $0.1 < $1.1 }) else { break }
      if best.1 < 1e-9 {
        let j = best.0
        let others = chosen.map { free[$0].key }.joined(separator: ", ")
        throw AnalyzeError(
          .calibration, key: free[j].key,
          reason:
            "the frames' \(free[j].countedAs) are a fixed combination of their other counts (\(others)), so its cost cannot be told apart from theirs: calibrate on recordings whose frames vary them apart, or hold one at a value"
        )
      }
      chosen.append(best.0)
      remaining.removeAll { $0 == best.0 }
    }
    try checkConditioned(
      g, free,
      rows: groups.map { group in
        (free.indices.map { free[$0].count(in: group.work) * scale[$0] }, group.times.count)
      })
  }

  /// The largest condition index a fit accepts: above 30, Belsley, Kuh and Welsch find a
  /// dependency strong enough to degrade the estimates (*Regression Diagnostics*, 1980, §3.2).
  static let maximumConditionIndex = 30.0

  /// The largest share of the weakest direction one frame may hold: above it, what tells the costs
  /// apart is that frame alone.
  static let maximumFrameShare = 0.5

  /// Refuses costs whose counts nearly move together, naming the pair.
  ///
  /// Belsley, Kuh and Welsch's diagnostics (*Regression Diagnostics*, 1980, ch. 3) on the design
  /// scaled to unit columns and not centred (the frame's own cost is the column of ones): the
  /// condition index of the Gram matrix's smallest eigenvalue μ is √(μ_max / μ), and the costs
  /// whose variance that eigenvalue holds the largest shares of (the variance-decomposition
  /// proportions) are the pair it cannot tell apart. Refused when the index passes 30, or when one
  /// frame holds more than half of μ (its row's square along μ's eigenvector): counts that move
  /// together in every frame but one, such as each dequeue configuring one item and scanning the
  /// pool once except at a first layout, are told apart by that frame's noise alone.
  ///
  /// - Parameters:
  ///   - g: the Gram matrix of the design scaled to unit columns.
  ///   - free: the costs fitted, in the matrix's order.
  ///   - rows: each distinct scaled row of the design, with the frames that share it.
  /// - Throws: ``AnalyzeError`` (`calibration`), keyed by one of the pair, naming both.
  private static func checkConditioned(
    _ g: [[Double]], _ free: [CostModel.Operation], rows: [(values: [Double], frames: Int)]
  ) throws(AnalyzeError) {
    let n = free.count
    guard n >= 2 else { return }
    let eigen = SymmetricEigen(g)
    guard let largest = eigen.values.max(), largest > 0,
      let weakest = eigen.values.indices.min(by: { eigen.values[$0] < eigen.values[$1] })
    else { return }
    let values = eigen.values.map { max($0, largest * 1e-300) }
    let index = (largest / values[weakest]).squareRoot()
    let alongWeakest = rows.map { row in
      row.values.indices.reduce(0.0) { $0 + row.values[$1] * eigen.vectors[$1][weakest] }
    }
    let frameShare = (alongWeakest.map { $0 * $0 }.max() ?? 0) / values[weakest]
    guard index > maximumConditionIndex || frameShare > maximumFrameShare else { return }
    let shares = (0..<n).map { j -> Double in
      let parts = (0..<n).map { k in eigen.vectors[j][k] * eigen.vectors[j][k] / values[k] }
      let total = parts.reduce(0, +)
      return total > 0 ? parts[weakest] / total : 0
    }
    let ranked = (0..<n).sorted { (shares[$1], $0) < (shares[$0], $1) }
    let (first, second) = (free[ranked[0]], free[ranked[1]])
    throw AnalyzeError(
      .calibration, key: first.key,
      reason:
        "the frames' \(first.countedAs) and \(second.countedAs) nearly move together ("
        + (index > maximumConditionIndex
          ? "condition index \(TextFormat.fixed(index, 0)), above \(TextFormat.fixed(maximumConditionIndex, 0)): Belsley, Kuh and Welsch"
          : "one frame holds \(TextFormat.fixed(frameShare * 100, 0)) % of what tells them apart")
        + "), so the fit cannot tell their costs apart: calibrate on recordings whose frames vary them apart, or hold one at a value"
    )
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

  /// Each free cost's standard error, in microseconds: the sandwich (heteroscedasticity-
  /// consistent) estimate, so that noise proportional to each frame's work, as a device's is, is
  /// not taken for noise the same in every frame.
  ///
  /// `(Σ ψ′ x xᵀ)⁻¹ (Σ ψ² x xᵀ / (1 − h)²) (Σ ψ′ x xᵀ)⁻¹` over the frames, with `x` a frame's
  /// counts of every free cost, `ψ` its weighted residual and `ψ′` 1 where Huber's
  /// loss is quadratic (every frame, for least squares), `h` its leverage: MacKinnon and White's
  /// HC3 (*Journal of Econometrics* 29, 1985), the estimate Long and Ervin recommend for samples
  /// of any size (*The American Statistician* 54, 2000), and Huber's own for M-estimates (1967).
  /// A cost the constraint held at 0 keeps its count in `x`: it gets a standard error of its own
  /// (how far from 0 the frames could put it), and the others' account for it.
  private static func standardErrors(
    _ rows: [[Double]], _ groups: [(work: WorkTotals, times: [Double])], _ fixedShare: [Double],
    _ solution: [Double], _ free: [CostModel.Operation], weights: [[Double]]
  ) -> [CostModel.Operation: Double] {
    let columns = Array(solution.indices)
    let frames = groups.reduce(0) { $0 + $1.times.count }
    let n = columns.count
    guard frames > n, n > 0 else { return [:] }
    let zero = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    var bread = zero
    for (g, row) in rows.enumerated() {
      let quadratic = Double(weights[g].filter { $0 >= 1 }.count)
      guard quadratic > 0 else { continue }
      for (a, i) in columns.enumerated() where row[i] != 0 {
        for (b, j) in columns.enumerated() { bread[a][b] += quadratic * row[i] * row[j] }
      }
    }
    var inverse = zero
    for a in 0..<n {
      var unit = [Double](repeating: 0, count: n)
      unit[a] = 1
      guard let column = NonNegativeLeastSquares.solveLinear(bread, unit) else { return [:] }
      for b in 0..<n { inverse[b][a] = column[b] }
    }
    var meat = zero
    for (g, row) in rows.enumerated() {
      let x = columns.map { row[$0] }
      let predicted = zip(row, solution).reduce(0) { $0 + $1.0 * $1.1 }
      var leverage = 0.0
      for a in 0..<n { for b in 0..<n { leverage += x[a] * inverse[a][b] * x[b] } }
      let correction = 1 / max(1 - min(leverage, 1), 1e-6)
      var squares = 0.0
      for (k, time) in groups[g].times.enumerated() {
        let psi = weights[g][k] * (time - fixedShare[g] - predicted)
        squares += psi * psi * correction * correction
      }
      for a in 0..<n where x[a] != 0 {
        for b in 0..<n { meat[a][b] += squares * x[a] * x[b] }
      }
    }
    var errors: [CostModel.Operation: Double] = [:]
    for (a, i) in columns.enumerated() {
      var variance = 0.0
      for b in 0..<n { for c in 0..<n { variance += inverse[a][b] * meat[b][c] * inverse[c][a] } }
      errors[free[i]] = max(0, variance).squareRoot()
    }
    return errors
  }
}
