// scrolltrace — when a spring (a bounce back, a page snap) counts as finished.

import Foundation

/// When a ``SpringSimulation`` is done and lands on its end.
///
/// UIKit's rule is not documented (Apple
/// publishes no spring constants), so it is a parameter with two published candidates.
public enum SpringStopRule: String, Sendable, Hashable, CaseIterable {
  /// Done once within the ``Tolerance`` in both distance and velocity: Flutter's
  /// `ScrollSpringSimulation` (`flutter/flutter` `packages/flutter/lib/src/physics/spring_simulation.dart`,
  /// commit 2be9bef9). The default: it judges the motion itself, whatever the spring's damping.
  case tolerance
  /// Done at ScrollMechanics' duration bound for a critically damped spring,
  /// `max((1/β)·ln(2|c₁|/ε), (2/β)·ln(4|c₂|/(e·β·ε)))` with `β = c/2m`, `c₁ = x₀`, `c₂ = v₀ + β·x₀`
  /// and `ε = 0.5/scale` pt, half the tolerance's distance (super-ultra/ScrollMechanics
  /// `ScrollMechanics/Sources/SpringTimingParameters.swift`; threshold from
  /// `ScrollExample/Sources/SimpleScrollView.swift`, commit 587660a6). For a spring that is not
  /// critically damped the same formula is used with its `β`: an approximation.
  case durationBound

  /// The time, in seconds, at which the ``durationBound`` rule ends a spring with `spring`'s
  /// constants that starts `displacement` points from its end at `velocity` points per second,
  /// for a threshold of `threshold` points.
  static func boundDuration(
    spring: SpringDescription, displacement: Double, velocity: Double, threshold: Double
  ) -> Double {
    let beta = spring.damping / (2 * spring.mass)
    guard beta > 0, threshold > 0 else { return .infinity }
    let c1 = displacement
    let c2 = velocity + beta * displacement
    let first = c1 == 0 ? 0 : log(2 * abs(c1) / threshold) / beta
    let second = c2 == 0 ? 0 : 2 / beta * log(4 * abs(c2) / (M_E * beta * threshold))
    return max(0, first, second)
  }
}
