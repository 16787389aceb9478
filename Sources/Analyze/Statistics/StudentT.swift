// scrolltrace — Student's t-test for two samples, with its distribution's tail.

import Foundation

/// Student's two-sample t-test with pooled variance, from each sample's mean, standard deviation
/// and size (as SciPy's `ttest_ind_from_stats` with `equal_var=True`), and the regularized
/// incomplete beta function its p-value needs (Press et al., *Numerical Recipes*, 3rd ed., §6.4,
/// the continued fraction by the modified Lentz method).
enum StudentT {
  /// The two-sided p-value of the difference of two means; 1 when there are two values or fewer in
  /// all, or nothing varies and the means are equal; 0 when nothing varies and the means differ.
  static func pValue(
    mean1: Double, deviation1: Double, count1: Int, mean2: Double, deviation2: Double, count2: Int
  ) -> Double {
    let degrees = Double(count1 + count2 - 2)
    guard degrees > 0 else { return 1 }
    let pooled =
      ((Double(count1) - 1) * deviation1 * deviation1
        + (Double(count2) - 1) * deviation2 * deviation2) / degrees
    let error = (pooled * (1 / Double(count1) + 1 / Double(count2))).squareRoot()
    let difference = mean1 - mean2
    guard error > 0 else { return difference == 0 ? 1 : 0 }
    let t = difference / error
    guard t.isFinite else { return 0 }
    return min(1, max(0, regularizedBeta(degrees / (degrees + t * t), degrees / 2, 0.5)))
  }

  /// I_x(a, b), the regularized incomplete beta function, for x in [0, 1] and a, b > 0.
  static func regularizedBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
    let logPowers: Double = a * log(x) + b * log(1 - x)
    let front = exp(logGammas + logPowers)
    return x < (a + 1) / (a + b + 2)
      ? front * continuedFraction(x, a, b) / a
      : 1 - front * continuedFraction(1 - x, b, a) / b
  }

  /// The continued fraction of the incomplete beta function (modified Lentz).
  private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var h = d
    for m in 1...300 {
      let m = Double(m)
      let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 + even * d
      if abs(d) < tiny { d = tiny }
      c = 1 + even / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      h *= d * c
      let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 + odd * d
      if abs(d) < tiny { d = tiny }
      c = 1 + odd / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let step = d * c
      h *= step
      if abs(step - 1) < 1e-15 { break }
    }
    return h
  }
}
