// scrolltrace — the constants of a damped spring.

/// A damped spring: mass, stiffness and damping coefficient, as Flutter's `SpringDescription`.
public struct SpringDescription: Sendable, Hashable {
  /// The mass (arbitrary units; only ratios matter).
  public var mass: Double
  /// The stiffness `k`, per second squared times mass.
  public var stiffness: Double
  /// The damping coefficient `c`, per second times mass.
  public var damping: Double

  /// Creates a spring from its three constants.
  public init(mass: Double, stiffness: Double, damping: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
  }

  /// Creates a spring whose damping is `ratio` times critical damping: `c = ratio·2·√(m·k)`.
  public init(mass: Double, stiffness: Double, dampingRatio ratio: Double) {
    self.init(
      mass: mass, stiffness: stiffness, damping: ratio * 2 * (mass * stiffness).squareRoot())
  }

  /// The bounce-back spring after overscroll: critically damped, mass 1, stiffness 100
  /// (β = c/2m = 10 s⁻¹), from super-ultra/ScrollMechanics `ScrollExample/Sources/SimpleScrollView.swift`
  /// L149–150 (commit 587660a6).
  ///
  /// Apple publishes no constants.
  public static let bounce = SpringDescription(mass: 1, stiffness: 100, dampingRatio: 1)

  /// The page-snap spring: Flutter's default scroll spring, mass 0.5, stiffness 100, damping
  /// ratio 1.1 (c = 15.5563), used by `PageScrollPhysics` (`flutter/flutter`
  /// `packages/flutter/lib/src/widgets/scroll_physics.dart`, commit 000a6d64).
  ///
  /// UIKit's paging
  /// animation is not documented.
  public static let paging = SpringDescription(mass: 0.5, stiffness: 100, dampingRatio: 1.1)
}
