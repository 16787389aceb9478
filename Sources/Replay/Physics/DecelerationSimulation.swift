// scrolltrace — a free scroll slowing down: UIScrollView deceleration in closed form.

import Foundation

/// When a decelerating scroll counts as stopped.
///
/// UIKit's rule is not documented, so it is a parameter.
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
/// With `v(t) = v₀·d^(1000t)` and the ``DecelerationModel``'s factor `f` (`−1/(1000·ln d)` for the
/// continuous default): `x(t) = x₀ + v₀·f·(1 − d^(1000t))`, destination `x₀ + v₀·f`; the stop time
/// comes from the ``DecelerationStopRule`` (for remaining distance `r`, `ln(r/(|v₀|·f))/(1000·ln d)`).
/// Source: super-ultra/ScrollMechanics `ScrollMechanics/Sources/DecelerationTimingParameters.swift`
/// (commit 587660a6), the code of Lobanov's "How UIScrollView works".
///
/// At the stop time the position is the destination: UIKit ends a deceleration exactly at the
/// `targetContentOffset` it offered `scrollViewWillEndDragging`, or the one the delegate chose
/// (``init(position:target:rate:model:stopRule:)``); the stop rule only decides when.
public struct DecelerationSimulation: Simulation, Hashable {
  /// The start position, in points.
  public let initialPosition: Double
  /// The start velocity, in points per second.
  public let initialVelocity: Double
  /// The deceleration rate.
  public let rate: DecelerationRate
  /// How the decay is summed into distance.
  public let model: DecelerationModel
  /// Where the decay ends, in points: the target offered to (or chosen by) the delegate.
  public let destination: Double
  /// The time at which the stop rule ends the motion, in seconds (0 when it never starts).
  public let stopTime: Double

  /// A deceleration from `position` (points) at `velocity` (points per second).
  public init(
    position: Double, velocity: Double, rate: DecelerationRate = .normal,
    model: DecelerationModel = .continuous,
    stopRule: DecelerationStopRule = .default
  ) {
    let factor = model.distanceFactor(rate)
    initialPosition = position
    initialVelocity = velocity
    self.rate = rate
    self.model = model
    destination = position + velocity * factor
    stopTime = Self.stopTime(velocity: velocity, rate: rate, factor: factor, rule: stopRule)
  }

  /// A deceleration from `position` that ends exactly at `target` (both points): the start velocity
  /// is the one whose destination is `target`, `(target − x₀)/f`.
  ///
  /// This is how a target changed in
  /// `scrollViewWillEndDragging` is reached.
  public init(
    position: Double, target: Double, rate: DecelerationRate = .normal,
    model: DecelerationModel = .continuous,
    stopRule: DecelerationStopRule = .default
  ) {
    let factor = model.distanceFactor(rate)
    let velocity = (target - position) / factor
    initialPosition = position
    initialVelocity = velocity
    self.rate = rate
    self.model = model
    destination = target
    stopTime = Self.stopTime(velocity: velocity, rate: rate, factor: factor, rule: stopRule)
  }

  private static func stopTime(
    velocity: Double, rate: DecelerationRate, factor: Double, rule: DecelerationStopRule
  ) -> Double {
    let speed = abs(velocity)
    guard speed > 0 else { return 0 }
    let k = rate.decayCoefficient
    switch rule {
    case .remainingDistance(let threshold):
      // Remaining distance at t is |v₀|·f·d^(1000t); it equals the threshold at ln(r/(|v₀|·f))/k.
      return max(0, log(threshold / (speed * factor)) / k)
    case .velocity(let threshold):
      return max(0, log(threshold / speed) / k)
    }
  }

  /// The position at `time` seconds, in points; the destination once stopped.
  public func position(at time: Double) -> Double {
    time >= stopTime ? destination : rawPosition(at: max(0, time))
  }

  /// The velocity at `time` seconds, in points per second; zero once stopped.
  public func velocity(at time: Double) -> Double {
    time >= stopTime ? 0 : initialVelocity * pow(rate.rawValue, 1000 * max(0, time))
  }

  /// Whether the stop rule has ended the motion by `time`.
  public func isDone(at time: Double) -> Bool { time >= stopTime }

  /// The time (seconds) at which the decay passes `x`, or `.infinity` if it never does:
  /// `ln(1 − |x − x₀|/(|v₀|·f))/(1000·ln d)` (ScrollMechanics `DecelerationTimingParameters.swift`
  /// L42–43 for the continuous factor).
  public func time(toReach x: Double) -> Double {
    let distance = x - initialPosition
    if distance == 0 { return 0 }
    guard initialVelocity != 0, (distance > 0) == (initialVelocity > 0) else { return .infinity }
    let argument = 1 - abs(distance) / (abs(initialVelocity) * model.distanceFactor(rate))
    guard argument > 0 else { return .infinity }
    return log(argument) / rate.decayCoefficient
  }

  private func rawPosition(at time: Double) -> Double {
    initialPosition + initialVelocity * model.distanceFactor(rate)
      * (1 - pow(rate.rawValue, 1000 * time))
  }
}
