// scrolltrace — a free scroll slowing down: UIScrollView deceleration in closed form.

import Foundation

/// When a decelerating scroll counts as stopped.
///
/// UIKit's rule is not documented (reference: scroll-physics.md §1.3), so it is a parameter.
public enum DecelerationStopRule: Sendable, Hashable {
  /// Stop when no more than this distance (points) remains to the closed-form destination. The
  /// default, 0.5 pt, is the threshold of super-ultra/ScrollMechanics
  /// (`ScrollExample/Sources/SimpleScrollView.swift` L121), the re-creation of UIScrollView by
  /// Lobanov that the model follows.
  case remainingDistance(Double)
  /// Stop when the speed falls below this value (points per second); Facebook pop uses 5 pt/s
  /// (`pop/POPDecayAnimationInternal.h` L17, commit 87d1f8b7).
  case velocity(Double)

  /// The default rule: 0.5 pt of remaining distance.
  public static let `default` = DecelerationStopRule.remainingDistance(0.5)
}

/// UIScrollView's deceleration: a velocity decaying geometrically per millisecond, evaluated in
/// closed form so that the result does not depend on the frame rate.
///
/// With `k = 1000·ln d`: `x(t) = x₀ + v₀·(d^(1000t) − 1)/k`, `v(t) = v₀·d^(1000t)`, destination
/// `x₀ − v₀/k`; the stop time comes from the ``DecelerationStopRule`` (for remaining distance `r`,
/// `ln(−k·r/|v₀|)/k`). Source: super-ultra/ScrollMechanics
/// `ScrollMechanics/Sources/DecelerationTimingParameters.swift` (commit 587660a6), the code of
/// Lobanov's "How UIScrollView works" (reference: scroll-physics.md §1.2).
///
/// After the stop time the position stays at `x(stopTime)`, or at the destination when the
/// simulation was made to reach a chosen target (``init(position:target:rate:stopRule:)``).
public struct DecelerationSimulation: Simulation, Hashable {
  /// The start position, in points.
  public let initialPosition: Double
  /// The start velocity, in points per second.
  public let initialVelocity: Double
  /// The deceleration rate.
  public let rate: DecelerationRate
  /// Where the decay would end after infinite time, in points.
  public let destination: Double
  /// The time at which the stop rule ends the motion, in seconds (0 when it never starts).
  public let stopTime: Double
  /// Whether the motion settles exactly on ``destination`` (a chosen target) rather than at
  /// `x(stopTime)`.
  public let settlesOnDestination: Bool

  /// A deceleration from `position` (points) at `velocity` (points per second).
  public init(position: Double, velocity: Double, rate: DecelerationRate = .normal, stopRule: DecelerationStopRule = .default) {
    let k = rate.decayCoefficient
    initialPosition = position
    initialVelocity = velocity
    self.rate = rate
    destination = position - velocity / k
    stopTime = Self.stopTime(velocity: velocity, coefficient: k, rule: stopRule)
    settlesOnDestination = false
  }

  /// A deceleration from `position` that ends exactly at `target` (both points): the start velocity
  /// is the one whose destination is `target`, `(target − x₀)·(−1000·ln d)`. This is how a target
  /// changed in `scrollViewWillEndDragging` is reached.
  public init(position: Double, target: Double, rate: DecelerationRate = .normal, stopRule: DecelerationStopRule = .default) {
    let k = rate.decayCoefficient
    let velocity = (target - position) * -k
    initialPosition = position
    initialVelocity = velocity
    self.rate = rate
    destination = target
    stopTime = Self.stopTime(velocity: velocity, coefficient: k, rule: stopRule)
    settlesOnDestination = true
  }

  private static func stopTime(velocity: Double, coefficient k: Double, rule: DecelerationStopRule) -> Double {
    let speed = abs(velocity)
    guard speed > 0 else { return 0 }
    switch rule {
    case .remainingDistance(let threshold):
      // Remaining distance at t is |v(t)/k|; it equals the threshold at ln(−k·r/|v₀|)/k.
      return max(0, log(-k * threshold / speed) / k)
    case .velocity(let threshold):
      return max(0, log(threshold / speed) / k)
    }
  }

  /// The position at `time` seconds, in points.
  public func position(at time: Double) -> Double {
    if time >= stopTime {
      return settlesOnDestination ? destination : rawPosition(at: stopTime)
    }
    return rawPosition(at: max(0, time))
  }

  /// The velocity at `time` seconds, in points per second; zero once stopped.
  public func velocity(at time: Double) -> Double {
    time >= stopTime ? 0 : initialVelocity * pow(rate.rawValue, 1000 * max(0, time))
  }

  /// Whether the stop rule has ended the motion by `time`.
  public func isDone(at time: Double) -> Bool { time >= stopTime }

  /// The time (seconds) at which the decay passes `x`, or `.infinity` if it never does.
  /// `ln(1 + k·|x − x₀|/|v₀|)/k` (ScrollMechanics `DecelerationTimingParameters.swift` L42–43).
  public func time(toReach x: Double) -> Double {
    let distance = x - initialPosition
    if distance == 0 { return 0 }
    guard initialVelocity != 0, (distance > 0) == (initialVelocity > 0) else { return .infinity }
    let k = rate.decayCoefficient
    let argument = 1 + k * abs(distance) / abs(initialVelocity)
    guard argument > 0 else { return .infinity }
    return log(argument) / k
  }

  private func rawPosition(at time: Double) -> Double {
    let k = rate.decayCoefficient
    return initialPosition + initialVelocity * (pow(rate.rawValue, 1000 * time) - 1) / k
  }
}
