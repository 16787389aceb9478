// scrolltrace — the costs a calibration's frames cannot determine, refused by name.

import TraceCore

extension CostCalibration {
  /// Refuses a free cost that no frame performed, or whose count the others' explain.
  static func checkDetermined(
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
  static func checkConditioned(
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
}
