// scrolltrace — a spring pulling a position to a target.

import Foundation

/// A damped spring from a start position and velocity to an end position, solved in closed form
/// (Flutter `packages/flutter/lib/src/physics/spring_simulation.dart`, commit 2be9bef9, with the
/// underdamped root fixed to `r = −c/(2m)` as in flutter/flutter#163858).
///
/// Once done — by default within the tolerance in both distance and velocity, like Flutter's
/// `ScrollSpringSimulation`; see ``SpringStopRule`` — the position is exactly the end and the
/// velocity zero.
public struct SpringSimulation: Simulation, Hashable {
  /// The spring's constants.
  public let spring: SpringDescription
  /// Where the spring comes to rest, in points.
  public let end: Double
  /// The tolerance that decides when the motion is done.
  public let tolerance: Tolerance
  /// The rule that decides when the motion is done.
  public let stopRule: SpringStopRule
  private let solution: Solution
  /// Under ``SpringStopRule/durationBound``, when the motion ends, in seconds.
  private let boundDuration: Double?

  /// A spring from `start` (points) at `velocity` (points per second) to `end` (points), done by
  /// `stopRule` (with `tolerance`, or its half distance as ScrollMechanics' threshold).
  public init(
    spring: SpringDescription, start: Double, end: Double, velocity: Double, tolerance: Tolerance,
    stopRule: SpringStopRule = .tolerance
  ) {
    self.spring = spring
    self.end = end
    self.tolerance = tolerance
    self.stopRule = stopRule
    solution = Solution(spring: spring, distance: start - end, velocity: velocity)
    switch stopRule {
    case .tolerance:
      boundDuration = nil
    case .durationBound:
      boundDuration = SpringStopRule.boundDuration(
        spring: spring, displacement: start - end, velocity: velocity,
        threshold: tolerance.distance / 2)
    }
  }

  /// The position at `time` seconds, in points.
  public func position(at time: Double) -> Double {
    isDone(at: time) ? end : end + solution.offset(at: max(0, time))
  }

  /// The velocity at `time` seconds, in points per second.
  public func velocity(at time: Double) -> Double {
    isDone(at: time) ? 0 : solution.velocity(at: max(0, time))
  }

  /// Whether the spring is done by its ``stopRule``: within the tolerance of its end in distance
  /// and velocity, or past ScrollMechanics' duration bound.
  public func isDone(at time: Double) -> Bool {
    let t = max(0, time)
    if let boundDuration { return t >= boundDuration }
    return isWithinTolerance(offset: solution.offset(at: t), velocity: solution.velocity(at: t))
  }

  /// ``position(at:)``, ``velocity(at:)`` and ``isDone(at:)`` at once, the solution evaluated once
  /// (each of those evaluates it again for ``isDone(at:)``): what a frame of motion asks.
  func state(at time: Double) -> SimulationState {
    let t = max(0, time)
    let offset = solution.offset(at: t)
    let velocity = solution.velocity(at: t)
    let isDone =
      if let boundDuration { t >= boundDuration } else {
        isWithinTolerance(offset: offset, velocity: velocity)
      }
    return isDone
      ? SimulationState(position: end, velocity: 0, isDone: true)
      : SimulationState(position: end + offset, velocity: velocity, isDone: false)
  }

  /// Whether an offset from the end (points) and a velocity (points per second) are both within
  /// the tolerance.
  private func isWithinTolerance(offset: Double, velocity: Double) -> Bool {
    abs(offset) < tolerance.distance && abs(velocity) < tolerance.velocity
  }
}

extension SpringSimulation {
  /// The three solutions of `m·x'' + c·x' + k·x = 0`, chosen by the sign of `c² − 4mk`.
  private enum Solution: Sendable, Hashable {
    case critical(r: Double, c1: Double, c2: Double)
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    case underdamped(r: Double, w: Double, c1: Double, c2: Double)

    init(spring: SpringDescription, distance d: Double, velocity v: Double) {
      let m = spring.mass
      let c = spring.damping
      let k = spring.stiffness
      let discriminant = c * c - 4 * m * k
      if abs(discriminant) <= 1e-12 * (c * c + 4 * m * k) {  // Critical, up to rounding.
        let r = -c / (2 * m)
        self = .critical(r: r, c1: d, c2: v - r * d)
      } else if discriminant > 0 {
        let root = discriminant.squareRoot()
        let r1 = (-c - root) / (2 * m)
        let r2 = (-c + root) / (2 * m)
        let c2 = (v - r1 * d) / (r2 - r1)
        self = .overdamped(r1: r1, r2: r2, c1: d - c2, c2: c2)
      } else {
        let w = (-discriminant).squareRoot() / (2 * m)
        let r = -c / (2 * m)
        self = .underdamped(r: r, w: w, c1: d, c2: (v - r * d) / w)
      }
    }

    func offset(at t: Double) -> Double {
      switch self {
      case .critical(let r, let c1, let c2): (c1 + c2 * t) * exp(r * t)
      case .overdamped(let r1, let r2, let c1, let c2): c1 * exp(r1 * t) + c2 * exp(r2 * t)
      case .underdamped(let r, let w, let c1, let c2):
        exp(r * t) * (c1 * cos(w * t) + c2 * sin(w * t))
      }
    }

    func velocity(at t: Double) -> Double {
      switch self {
      case .critical(let r, let c1, let c2):
        let power = exp(r * t)
        return r * (c1 + c2 * t) * power + c2 * power
      case .overdamped(let r1, let r2, let c1, let c2):
        return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
      case .underdamped(let r, let w, let c1, let c2):
        let power = exp(r * t)
        return power * (c2 * w * cos(w * t) - c1 * w * sin(w * t)) + r * power
          * (c2 * sin(w * t) + c1 * cos(w * t))
      }
    }
  }
}
