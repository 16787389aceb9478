// scrolltrace — axis ticks at round numbers, as a reader expects them.

import Analyze
import Foundation
import TraceCore

/// An axis's extent and the values it labels.
///
/// Ticks fall on "nice numbers" — 1, 2 or 5 times a
/// power of ten (Paul Heckbert, "Nice Numbers for Graph Labels", Graphics Gems, 1990) — or on
/// multiples of a step the data names (the refresh interval, so that the frame budget is a tick).
struct AxisTicks: Sendable, Equatable {
  /// The axis's extent, from the first tick to the last (or the data's, when wider).
  var range: ClosedRange<Double>
  /// The values labelled, ascending.
  var values: [Double]
  /// Decimal places the labels need to tell the ticks apart.
  var digits: Int

  /// The tick's label: the value with ``digits`` decimals.
  func label(_ value: Double) -> String { TextFormat.fixed(value, digits) }

  /// Ticks for `lower...upper` at a nice step, about `count` of them; with `integers`, the step is
  /// at least 1 (a count of views has no 0.75).
  ///
  /// The range is widened to the ticks around it.
  static func nice(_ lower: Double, _ upper: Double, count: Int = 5, integers: Bool = false)
    -> AxisTicks
  {
    let lo = lower.isFinite ? lower : 0
    var hi = upper.isFinite ? upper : lo + 1
    if hi <= lo { hi = lo + (integers ? 1 : max(abs(lo) * 0.1, 1)) }
    var step = niceNumber((hi - lo) / Double(max(count - 1, 1)), round: true)
    if integers { step = max(1, step.rounded()) }
    return stepped(lo, hi, step: step)
  }

  /// Ticks at whole multiples of `step` covering `lower...upper`, coarsened to a multiple of `step`
  /// (×2, ×5, ×10, …) when there would be more than `maxCount` — so a tick stays on `step` itself
  /// when the range allows (the frame budget on a frame-time axis).
  static func multiples(of step: Double, _ lower: Double, _ upper: Double, maxCount: Int = 8)
    -> AxisTicks
  {
    guard step > 0, step.isFinite else { return nice(lower, upper) }
    var factor = 1.0
    let multipliers = [2.0, 2.5, 2.0]
    var index = 0
    while (upper - lower) / (step * factor) > Double(maxCount - 1), factor < 1e9 {
      factor *= multipliers[index % multipliers.count]
      index += 1
    }
    return stepped(lower, upper, step: step * factor)
  }

  /// Ticks from the multiple of `step` at or below `lower` to the one at or above `upper`.
  private static func stepped(_ lower: Double, _ upper: Double, step: Double) -> AxisTicks {
    let first = (lower / step).rounded(.down)
    let last = max((upper / step).rounded(.up), first + 1)
    var values: [Double] = []
    var k = first
    while k <= last, values.count < 64 {
      values.append(k * step)
      k += 1
    }
    // The fewest decimals that show every tick within 1 % of a step.
    var digits = 0
    while digits < 6, values.contains(where: { abs(rounded($0, digits) - $0) > step / 100 }) {
      digits += 1
    }
    return AxisTicks(range: (first * step)...(last * step), values: values, digits: digits)
  }

  /// `value` rounded to `digits` decimals.
  private static func rounded(_ value: Double, _ digits: Int) -> Double {
    let scale = Foundation.pow(10, Double(digits))
    return (value * scale).rounded() / scale
  }

  /// Heckbert's nice number near `x`: 1, 2 or 5 (rounding) times a power of ten; 1, 2, 5 or 10
  /// (ceiling) otherwise.
  static func niceNumber(_ x: Double, round: Bool) -> Double {
    guard x > 0, x.isFinite else { return 1 }
    let power = Foundation.pow(10, Foundation.log10(x).rounded(.down))
    let fraction = x / power
    let nice: Double
    if round {
      nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
    } else {
      nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
    }
    return nice * power
  }
}
