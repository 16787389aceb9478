// scrolltrace — the release velocity of a drag, from its recent samples.

/// Estimates a finger's velocity from its recent positions by a least-squares fit of a quadratic,
/// the estimator of Flutter's `VelocityTracker` and of Android's `LSQ2` strategy.
///
/// The rule (Flutter `packages/flutter/lib/src/gestures/velocity_tracker.dart`; constants
/// `_historySize = 20`, `_horizonMilliseconds = 100`, `_assumePointerMoveStoppedMilliseconds = 40`,
/// `_minSampleSize = 3`):
/// 1. keep the last 20 samples;
/// 2. walk back from the newest while a sample is at most 100 ms older than the newest and at most
///    40 ms older than the sample after it (a longer gap means the finger stopped);
/// 3. with at least 3 such samples, fit `p(t) = b₀ + b₁t + b₂t²` per axis (time in ms relative to
///    the newest sample, unit weights, QR decomposition by Gram–Schmidt as Flutter's
///    `LeastSquaresSolver`); the velocity is `b₁` (converted to points per second);
/// 4. otherwise, or when the fit is degenerate, the velocity is zero.
///
/// Checked against the recorded flings in `Recordings/` (Flutter's 13 strokes, AOSP's 19
/// flings): see `VelocityTrackerTests`. Memory is fixed: 20 samples.
public struct VelocityTracker: Sendable {
  /// The number of samples kept.
  public static let historySize = 20
  /// Samples older than this relative to the newest are ignored, in nanoseconds (100 ms).
  public static let horizon: Int64 = 100_000_000
  /// A gap longer than this between two samples means the finger stopped, in nanoseconds (40 ms).
  public static let assumeStoppedGap: Int64 = 40_000_000
  /// The fewest samples that give an estimate.
  public static let minimumSampleCount = 3

  private var times: [Int64]
  private var xs: [Double]
  private var ys: [Double]
  private var newest = -1
  private var count = 0

  /// Creates an empty tracker.
  public init() {
    times = Array(repeating: 0, count: Self.historySize)
    xs = Array(repeating: 0, count: Self.historySize)
    ys = Array(repeating: 0, count: Self.historySize)
  }

  /// Forgets every sample.
  public mutating func reset() {
    newest = -1
    count = 0
  }

  /// Adds a position (points) at `time` (nanoseconds).
  ///
  /// Samples must come in time order.
  public mutating func add(_ position: (x: Double, y: Double), at time: Int64) {
    newest = (newest + 1) % Self.historySize
    times[newest] = time
    xs[newest] = position.x
    ys[newest] = position.y
    count = min(count + 1, Self.historySize)
  }

  /// The estimated velocity, in points per second per axis; zero without enough recent motion.
  public func velocity() -> (x: Double, y: Double) {
    guard count > 0 else { return (0, 0) }
    var t: [Double] = []
    var x: [Double] = []
    var y: [Double] = []
    t.reserveCapacity(count)
    x.reserveCapacity(count)
    y.reserveCapacity(count)
    let newestTime = times[newest]
    var previousTime = newestTime
    var index = newest
    for _ in 0..<count {
      let age = newestTime - times[index]
      let gap = abs(previousTime - times[index])
      if age > Self.horizon || gap > Self.assumeStoppedGap { break }
      previousTime = times[index]
      t.append(-Double(age) / 1e6)
      x.append(xs[index])
      y.append(ys[index])
      index = (index + Self.historySize - 1) % Self.historySize
    }
    guard t.count >= Self.minimumSampleCount, let fit = Self.quadraticFit(t, x, y) else {
      return (0, 0)
    }
    return (fit.x * 1000, fit.y * 1000)
  }

  /// The linear coefficients of the least-squares quadratics through (t, x) and (t, y), or nil
  /// when the system is degenerate or either coefficient is not finite.
  ///
  /// Flutter's `LeastSquaresSolver.solve(2)` with unit weights (`lsq_solver.dart`), once per axis.
  /// The decomposition depends on the times only, so it is computed once for both axes; every
  /// coefficient comes from the same operations in the same order as a fit per axis. Matrices are
  /// flat, row-major: row `i` of A and Q is basis function `i` (1, t, t²) at every sample.
  static func quadraticFit(_ t: [Double], _ x: [Double], _ y: [Double]) -> (x: Double, y: Double)? {
    let m = t.count
    let n = 3
    var a = [Double](repeating: 0, count: n * m)
    for h in 0..<m {
      a[h] = 1
      for i in 1..<n { a[i * m + h] = a[(i - 1) * m + h] * t[h] }
    }
    var q = a
    var r = [Double](repeating: 0, count: n * n)
    for j in 0..<n {
      for i in 0..<j {
        let d = dot(q, row: j, q, row: i, length: m)
        for h in 0..<m { q[j * m + h] -= d * q[i * m + h] }
      }
      let norm = dot(q, row: j, q, row: j, length: m).squareRoot()
      if norm < 1e-10 { return nil }
      for h in 0..<m { q[j * m + h] /= norm }
      for i in 0..<n { r[j * n + i] = i < j ? 0 : dot(q, row: j, a, row: i, length: m) }
    }
    // Back substitution for b₂, then b₁ (b₀ is not needed), as the solver does it.
    func linearCoefficient(_ v: [Double]) -> Double? {
      let b2 = dot(q, row: 2, v, row: 0, length: m) / r[2 * n + 2]
      let b1 = (dot(q, row: 1, v, row: 0, length: m) - r[1 * n + 2] * b2) / r[1 * n + 1]
      return b1.isFinite ? b1 : nil
    }
    guard let fitX = linearCoefficient(x), let fitY = linearCoefficient(y) else { return nil }
    return (fitX, fitY)
  }

  /// The dot product of row `i` of `a` and row `j` of `b`, both `length` long, summed in order.
  private static func dot(
    _ a: [Double], row i: Int, _ b: [Double], row j: Int, length: Int
  ) -> Double {
    var sum = 0.0
    for h in 0..<length { sum += a[i * length + h] * b[j * length + h] }
    return sum
  }
}
