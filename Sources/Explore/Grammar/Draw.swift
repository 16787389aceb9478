// scrolltrace — uniform draws from a seeded generator, the same on every machine.

import TraceIngest

/// Draws from SplitMix64 (`SeededGenerator`) by arithmetic of its own, so that a seed gives the
/// same scripts on every machine and Swift version (the standard library's `random(in:using:)`
/// promises no particular algorithm).
struct Draw {
  private var generator: SeededGenerator

  /// Draws from `seed`.
  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  /// A value in [0, 1).
  mutating func unit() -> Double { generator.unit() }

  /// Whether an event of probability `p` happens.
  mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// A value in `range`, uniform.
  mutating func value(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  /// A value between `a` and `b` in either order, uniform (a range made from state may be empty or
  /// reversed: never a trap).
  mutating func between(_ a: Double, _ b: Double) -> Double {
    let low = min(a, b)
    let high = max(a, b)
    guard low.isFinite, high.isFinite else { return 0 }
    return low + unit() * (high - low)
  }

  /// A value in `range`, uniform on a log scale (positive bounds): as many small as large.
  mutating func logValue(in range: ClosedRange<Double>) -> Double {
    let low = range.lowerBound.squareRoot()
    let high = range.upperBound.squareRoot()
    let root = low + unit() * (high - low)
    return root * root
  }

  /// An integer in `range`, uniform.
  mutating func integer(in range: ClosedRange<Int>) -> Int {
    let span = Double(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + min(Int(unit() * span), range.upperBound - range.lowerBound)
  }

  /// −1 or +1.
  mutating func sign() -> Double { chance(0.5) ? -1 : 1 }

  /// One of `choices`, by weight.
  mutating func weighted<T>(_ choices: [(T, Double)]) -> T? {
    let total = choices.reduce(0) { $0 + max(0, $1.1) }
    guard total > 0 else { return nil }
    var left = unit() * total
    for (choice, weight) in choices where weight > 0 {
      left -= weight
      if left < 0 { return choice }
    }
    return choices.last { $0.1 > 0 }?.0
  }

  /// The seed of attempt `index` of a run seeded `seed`: SplitMix64's output for it, so that
  /// neighbouring attempts are unrelated.
  static func attemptSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
    var generator = SeededGenerator(seed: seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9)
    // JSON numbers read back exactly below 2^53: a script's seed stays there.
    return generator.next() >> 11
  }
}

/// `value` rounded to a multiple of `step`; a step below 1 (0.01, 0.1) divides by its inverse, so
/// that the result is the double nearest the decimal (0.35, not 0.35000000000000003).
func rounded(_ value: Double, to step: Double) -> Double {
  guard step < 1 else { return (value / step).rounded() * step }
  let scale = (1 / step).rounded()
  return (value * scale).rounded() / scale
}
