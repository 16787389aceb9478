// The eigen-decomposition the calibration's condition check rests on, against matrices whose
// eigenvalues are known.

import Testing
import TraceCore

@testable import Analyze

@Suite struct SymmetricEigenTests {
  /// [[2, 1], [1, 2]] has eigenvalues 1 and 3, with eigenvectors (1, −1)/√2 and (1, 1)/√2.
  @Test func aTwoByTwoMatrix() {
    let eigen = SymmetricEigen([[2, 1], [1, 2]])
    #expect(eigen.values.sorted().map { ($0 * 1e12).rounded() / 1e12 } == [1, 3])
    for k in 0..<2 {
      let (x, y) = (eigen.vectors[0][k], eigen.vectors[1][k])
      #expect(abs(x * x + y * y - 1) < 1e-12)
      // A v = λ v.
      #expect(abs(2 * x + y - eigen.values[k] * x) < 1e-12)
      #expect(abs(x + 2 * y - eigen.values[k] * y) < 1e-12)
    }
  }

  /// A random symmetric 6 × 6 matrix: A V = V Λ, V orthonormal, and the eigenvalues sum to the
  /// trace.
  @Test func reconstructsASixBySixMatrix() {
    var generator = SeededGenerator(seed: 5)
    var matrix = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 6)
    for i in 0..<6 {
      for j in i..<6 {
        let value = generator.unit() * 2 - 1
        matrix[i][j] = value
        matrix[j][i] = value
      }
    }
    let eigen = SymmetricEigen(matrix)
    for i in 0..<6 {
      for k in 0..<6 {
        let av = (0..<6).reduce(0.0) { $0 + matrix[i][$1] * eigen.vectors[$1][k] }
        #expect(abs(av - eigen.values[k] * eigen.vectors[i][k]) < 1e-10)
        let dot = (0..<6).reduce(0.0) { $0 + eigen.vectors[$1][i] * eigen.vectors[$1][k] }
        #expect(abs(dot - (i == k ? 1 : 0)) < 1e-10)
      }
    }
    let trace = (0..<6).reduce(0.0) { $0 + matrix[$1][$1] }
    #expect(abs(eigen.values.reduce(0, +) - trace) < 1e-10)
  }
}
