// scrolltrace — least squares with every coefficient 0 or more (Lawson and Hanson).

/// Solves `min ‖A·x − b‖²` subject to `x ≥ 0` from the normal equations `G = AᵀA`, `h = Aᵀb`: the
/// active-set algorithm of Lawson and Hanson ("Solving Least Squares Problems", 1974, chapter 23,
/// algorithm NNLS), for the few unknowns of a cost model.
///
/// The columns are scaled to a unit diagonal before solving (`G` is then a correlation-like matrix
/// whatever the columns' magnitudes: a count of frames beside thousands of pool-scan steps), so one
/// tolerance serves every column.
enum NonNegativeLeastSquares {
  /// The solution, or `nil` when the problem is malformed.
  ///
  /// Malformed: `gram` is not square and matching `moment`, or holds a column that is all zero
  /// (callers check identifiability first).
  ///
  /// - Parameters:
  ///   - gram: `AᵀA`, n × n, row-major.
  ///   - moment: `Aᵀb`, n values.
  /// - Returns: x ≥ 0 minimising ‖A·x − b‖².
  static func solve(gram: [[Double]], moment: [Double]) -> [Double]? {
    let n = moment.count
    guard gram.count == n, gram.allSatisfy({ $0.count == n }),
      (0..<n).allSatisfy({ gram[$0][$0] > 0 && gram[$0][$0].isFinite })
    else { return nil }
    let scale = (0..<n).map { 1 / gram[$0][$0].squareRoot() }
    let g = (0..<n).map { i in (0..<n).map { j in gram[i][j] * scale[i] * scale[j] } }
    let h = (0..<n).map { moment[$0] * scale[$0] }
    var x = [Double](repeating: 0, count: n)
    var passive = [Bool](repeating: false, count: n)
    let tolerance = 1e-12 * max(1, h.map(abs).max() ?? 1)
    // At most 3n outer steps (Lawson and Hanson bound the loop by the number of active sets; a
    // small n keeps it short, and the cap keeps a degenerate input from cycling).
    for _ in 0..<(3 * n + 3) {
      let gradient = (0..<n).map { i in h[i] - (0..<n).reduce(0) { $0 + g[i][$1] * x[$1] } }
      guard
        let entering = (0..<n).filter({ !passive[$0] && gradient[$0] > tolerance })
          .max(by: { gradient[$0] < gradient[$1] })
      else { break }
      passive[entering] = true
      for _ in 0..<(n + 1) {
        guard let s = solvePassive(g, h, passive) else {
          passive[entering] = false
          break
        }
        if (0..<n).allSatisfy({ !passive[$0] || s[$0] > 0 }) {
          x = s
          break
        }
        // Step back to the boundary: the largest step along s − x that keeps x ≥ 0.
        var alpha = 1.0
        for i in 0..<n where passive[i] && s[i] <= 0 {
          let denominator = x[i] - s[i]
          if denominator > 0 { alpha = min(alpha, x[i] / denominator) }
        }
        for i in 0..<n { x[i] += alpha * (s[i] - x[i]) }
        for i in 0..<n where passive[i] && x[i] <= 1e-15 {
          passive[i] = false
          x[i] = 0
        }
      }
    }
    return (0..<n).map { max(0, x[$0] * scale[$0]) }
  }

  /// The unconstrained least-squares solution on the passive columns (0 elsewhere), by Gaussian
  /// elimination with partial pivoting; `nil` when they are singular.
  private static func solvePassive(_ g: [[Double]], _ h: [Double], _ passive: [Bool]) -> [Double]? {
    let columns = passive.indices.filter { passive[$0] }
    guard
      let solution = solveLinear(
        columns.map { i in columns.map { j in g[i][j] } }, columns.map { h[$0] })
    else { return nil }
    var s = [Double](repeating: 0, count: h.count)
    for (k, i) in columns.enumerated() { s[i] = solution[k] }
    return s
  }

  /// `M⁻¹·v` by Gaussian elimination with partial pivoting; `nil` when `M` is singular (a pivot
  /// below 10⁻¹² of the largest entry).
  static func solveLinear(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
    let n = vector.count
    var m = matrix
    var v = vector
    let largest = m.flatMap { $0 }.map(abs).max() ?? 0
    guard largest > 0 else { return n == 0 ? [] : nil }
    for column in 0..<n {
      guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
        abs(m[pivot][column]) > 1e-12 * largest
      else { return nil }
      m.swapAt(column, pivot)
      v.swapAt(column, pivot)
      for row in (column + 1)..<n {
        let factor = m[row][column] / m[column][column]
        guard factor != 0 else { continue }
        for k in column..<n { m[row][k] -= factor * m[column][k] }
        v[row] -= factor * v[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      let rest = ((row + 1)..<n).reduce(0) { $0 + m[row][$1] * x[$1] }
      x[row] = (v[row] - rest) / m[row][row]
    }
    return x
  }
}
