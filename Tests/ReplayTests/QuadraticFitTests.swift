// Property test: the velocity tracker's least-squares fit, one QR decomposition for both axes in
// flat matrices, gives bit for bit what a fit per axis in nested arrays gave (Flutter's
// `LeastSquaresSolver.solve(2)` as first written here), over random sample sets.

import Testing
import TraceCore

@testable import Replay

@Suite struct QuadraticFitTests {
  /// The reference: one fit per axis, matrices as arrays of rows, every coefficient solved.
  static func referenceFit(_ t: [Double], _ v: [Double]) -> Double? {
    let m = t.count
    let n = 3
    var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
    for h in 0..<m {
      a[0][h] = 1
      for i in 1..<n { a[i][h] = a[i - 1][h] * t[h] }
    }
    var q = a
    var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    func dot(_ a: [Double], _ b: [Double]) -> Double {
      var sum = 0.0
      for i in 0..<a.count { sum += a[i] * b[i] }
      return sum
    }
    for j in 0..<n {
      for i in 0..<j {
        let d = dot(q[j], q[i])
        for h in 0..<m { q[j][h] -= d * q[i][h] }
      }
      let norm = dot(q[j], q[j]).squareRoot()
      if norm < 1e-10 { return nil }
      for h in 0..<m { q[j][h] /= norm }
      for i in 0..<n { r[j][i] = i < j ? 0 : dot(q[j], a[i]) }
    }
    var b = [Double](repeating: 0, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      b[i] = dot(q[i], v)
      for j in stride(from: n - 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
      b[i] /= r[i][i]
    }
    return b[1].isFinite ? b[1] : nil
  }

  @Test func oneDecompositionForBothAxesGivesTheSameBits() {
    var random = SeededGenerator(seed: 39)
    var fitted = 0
    for round in 0..<2_000 {
      let count = Int.random(in: 3...VelocityTracker.historySize, using: &random)
      // Times in milliseconds before the newest sample, as the tracker passes them: some rounds
      // with repeated times, so that degenerate systems are among them.
      var t = [0.0]
      for _ in 1..<count {
        let step = round % 7 == 0 ? 0 : Double.random(in: 0.1...40, using: &random)
        t.append((t.last ?? 0) - step)
      }
      let x = t.map { _ in Double.random(in: -2_000...2_000, using: &random) }
      let y = t.map { _ in Double.random(in: -1e-3...1e-3, using: &random) }
      let expected = Self.referenceFit(t, x).flatMap { fx in
        Self.referenceFit(t, y).map { fy in (fx, fy) }
      }
      let actual = VelocityTracker.quadraticFit(t, x, y)
      #expect(actual?.x.bitPattern == expected?.0.bitPattern, "round \(round)")
      #expect(actual?.y.bitPattern == expected?.1.bitPattern, "round \(round)")
      if actual != nil { fitted += 1 }
    }
    // Both outcomes were exercised.
    #expect(fitted > 1_000 && fitted < 2_000)
  }
}
