// scrolltrace — the eigenvalues and eigenvectors of a small symmetric matrix.

/// The eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations (Golub and Van
/// Loan, *Matrix Computations*, 4th ed., 2013, §8.5): each sweep zeroes every off-diagonal entry
/// in turn, and the sweeps converge quadratically.
///
/// For the calibration's Gram matrices, at most six by six; deterministic, no allocation per
/// rotation beyond the matrices themselves.
struct SymmetricEigen {
  /// The eigenvalues, in the order of ``vectors``' columns.
  var values: [Double]
  /// The eigenvectors as columns: `vectors[i][k]` is component `i` of eigenvector `k`.
  var vectors: [[Double]]

  /// The decomposition of `matrix`, which must be square and symmetric (only its upper triangle
  /// is read); at most 64 sweeps.
  init(_ matrix: [[Double]]) {
    let n = matrix.count
    var a = (0..<n).map { i in (0..<n).map { j in i <= j ? matrix[i][j] : matrix[j][i] } }
    var v = (0..<n).map { i in (0..<n).map { j in i == j ? 1.0 : 0.0 } }
    for _ in 0..<64 {
      var off = 0.0
      for i in 0..<n { for j in (i + 1)..<max(i + 1, n) { off += a[i][j] * a[i][j] } }
      if off < 1e-30 { break }
      for p in 0..<n {
        for q in (p + 1)..<max(p + 1, n) where a[p][q] != 0 {
          // The rotation that zeroes a[p][q] (Golub and Van Loan, Algorithm 8.5.1).
          let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
          let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
          let c = 1 / (t * t + 1).squareRoot()
          let s = t * c
          for k in 0..<n {
            let akp = a[k][p]
            let akq = a[k][q]
            a[k][p] = c * akp - s * akq
            a[k][q] = s * akp + c * akq
          }
          for k in 0..<n {
            let apk = a[p][k]
            let aqk = a[q][k]
            a[p][k] = c * apk - s * aqk
            a[q][k] = s * apk + c * aqk
          }
          for k in 0..<n {
            let vkp = v[k][p]
            let vkq = v[k][q]
            v[k][p] = c * vkp - s * vkq
            v[k][q] = s * vkp + c * vkq
          }
        }
      }
    }
    values = (0..<n).map { a[$0][$0] }
    vectors = v
  }
}
