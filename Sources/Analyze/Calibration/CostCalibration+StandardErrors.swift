// scrolltrace — how far each fitted cost could be from the truth.

extension CostCalibration {
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
  static func standardErrors(
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
