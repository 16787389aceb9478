// scrolltrace — a released scroll on one axis: deceleration, and a bounce where it meets an edge.

/// What a scroll view does on one axis after the finger lifts.
///
/// In the manner of Flutter's `BouncingScrollSimulation` and Lobanov's ScrollMechanics:
///
/// - released outside `minimum...maximum`: a ``SpringDescription/bounce`` spring straight back to
///   the nearest edge, carrying the release velocity;
/// - released inside: a ``DecelerationSimulation``; if it would stop beyond an edge, at the moment
///   it crosses the edge it hands over to a spring anchored at that edge, carrying the velocity
///   of that moment (no cap, as in ScrollMechanics; Flutter caps positive velocities at 5000).
///
/// A pure value: position, velocity and phase at any time after the release.
public struct BouncingDeceleration: Simulation, Hashable {
  /// The deceleration part, absent when the release was already out of range.
  public let deceleration: DecelerationSimulation?
  /// When the deceleration hands over to the spring, in seconds (`.infinity` if it never does).
  public let handoffTime: Double
  /// The bounce spring, absent when the deceleration stays in range.
  public let spring: SpringSimulation?

  /// A release at `position` (points) with `velocity` (points per second), inside or outside
  /// `minimum...maximum`.
  ///
  /// `target`, when given, replaces the projected destination (a target
  /// changed by the delegate). `model`, `stopRule` and `springStopRule` are the model's parameters.
  public init(
    position: Double, velocity: Double, minimum: Double, maximum: Double, target: Double? = nil,
    rate: DecelerationRate, model: DecelerationModel = .continuous, stopRule: DecelerationStopRule,
    spring: SpringDescription, tolerance: Tolerance, springStopRule: SpringStopRule = .tolerance
  ) {
    let maximum = Swift.max(minimum, maximum)
    if position < minimum || position > maximum {
      let edge = position < minimum ? minimum : maximum
      deceleration = nil
      handoffTime = 0
      self.spring = SpringSimulation(
        spring: spring, start: position, end: edge, velocity: velocity, tolerance: tolerance,
        stopRule: springStopRule)
      return
    }
    let decay =
      target.map {
        DecelerationSimulation(
          position: position, target: $0, rate: rate, model: model, stopRule: stopRule)
      }
      ?? DecelerationSimulation(
        position: position, velocity: velocity, rate: rate, model: model, stopRule: stopRule)
    deceleration = decay
    let edge: Double? =
      decay.destination > maximum ? maximum : (decay.destination < minimum ? minimum : nil)
    if let edge, case let crossing = decay.time(toReach: edge), crossing < decay.stopTime {
      handoffTime = crossing
      self.spring = SpringSimulation(
        spring: spring, start: edge, end: edge, velocity: decay.velocity(at: crossing),
        tolerance: tolerance,
        stopRule: springStopRule)
    } else if let edge {
      // The stop rule ends the decay before it reaches the edge beyond which its destination lies:
      // it lands on the edge, the target UIKit offered (the projection clamped to the range).
      handoffTime = decay.stopTime
      self.spring = SpringSimulation(
        spring: spring, start: edge, end: edge, velocity: 0, tolerance: tolerance,
        stopRule: springStopRule)
    } else {
      handoffTime = .infinity
      self.spring = nil
    }
  }

  /// The position at `time` seconds after the release, in points.
  public func position(at time: Double) -> Double {
    if time < handoffTime, let deceleration { return deceleration.position(at: time) }
    return spring?.position(at: time - handoffTime) ?? deceleration?.position(at: time) ?? 0
  }

  /// The velocity at `time` seconds after the release, in points per second.
  public func velocity(at time: Double) -> Double {
    if time < handoffTime, let deceleration { return deceleration.velocity(at: time) }
    return spring?.velocity(at: time - handoffTime) ?? 0
  }

  /// Whether the motion has come to rest at `time`.
  public func isDone(at time: Double) -> Bool {
    if time < handoffTime { return deceleration?.isDone(at: time) ?? true }
    return spring?.isDone(at: time - handoffTime) ?? true
  }

  /// Whether the spring (the bounce) is what moves the content at `time`.
  public func isBouncing(at time: Double) -> Bool {
    time >= handoffTime && spring != nil && !isDone(at: time)
  }

  /// ``position(at:)``, ``velocity(at:)``, ``isDone(at:)`` and ``isBouncing(at:)`` at once, each
  /// part's simulation evaluated once: what a frame of motion asks.
  func state(at time: Double) -> (state: SimulationState, isBouncing: Bool) {
    if time < handoffTime {
      if let deceleration {
        return (
          SimulationState(
            position: deceleration.position(at: time), velocity: deceleration.velocity(at: time),
            isDone: deceleration.isDone(at: time)), false
        )
      }
      return (
        SimulationState(
          position: spring?.position(at: time - handoffTime) ?? 0,
          velocity: spring?.velocity(at: time - handoffTime) ?? 0, isDone: true), false
      )
    }
    guard let spring else {
      return (
        SimulationState(position: deceleration?.position(at: time) ?? 0, velocity: 0, isDone: true),
        false
      )
    }
    let state = spring.state(at: time - handoffTime)
    return (state, !state.isDone)
  }
}
