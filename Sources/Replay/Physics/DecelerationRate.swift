// scrolltrace — UIScrollView.DecelerationRate.

import Foundation

/// The factor by which a free scroll's velocity is multiplied every millisecond.
///
/// UIKit's `.normal` is 0.998 and `.fast` 0.99. Apple does not publish the numbers; they rest on
/// consistent third-party reports (flowkey/UIKit-cross-platform `Sources/UIScrollView.swift` L11–12,
/// commit fae2370e; Flutter's `scroll_simulation.dart`, "0.998^1000 = ~0.135"), and the
/// per-millisecond reading comes from Lobanov's "Scrolling mechanics of UIScrollView"
/// ("Scrolling mechanics of UIScrollView"). Any rate in (0, 1) may be used.
public struct DecelerationRate: Sendable, Hashable, RawRepresentable {
  /// The per-millisecond velocity multiplier, in (0, 1).
  public var rawValue: Double

  /// Creates a rate; values outside (0, 1) are refused.
  public init?(rawValue: Double) {
    guard rawValue.isFinite, rawValue > 0, rawValue < 1 else { return nil }
    self.rawValue = rawValue
  }

  private init(constant: Double) { rawValue = constant }

  /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
  public static let normal = DecelerationRate(constant: 0.998)
  /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
  public static let fast = DecelerationRate(constant: 0.99)

  /// `1000·ln(rate)`, the exponent of the continuous decay per second (negative).
  public var decayCoefficient: Double { 1000 * log(rawValue) }

  /// The velocity multiplier over one second, `rate¹⁰⁰⁰` (0.1350645 for `.normal`).
  public var perSecondDrag: Double { pow(rawValue, 1000) }

  /// The distance a scroll at `velocity` (points per second) travels by the discrete WWDC18
  /// projection, `(v/1000)·d/(1 − d)` ("Designing Fluid Interfaces", session 803, slide p.176,
  /// as quoted by scenee/FloatingPanel `Sources/Core.swift` L1050–1053), in points.
  public func projectedDistance(velocity: Double) -> Double {
    DecelerationModel.discrete.decayDistance(velocity: velocity, rate: self)
  }

  /// The distance travelled by the continuous decay `v(t) = v₀·d^(1000t)` until it stops,
  /// `−v₀/(1000·ln d)` (super-ultra/ScrollMechanics `DecelerationTimingParameters.swift` L23–24),
  /// in points.
  public func decayDistance(velocity: Double) -> Double {
    DecelerationModel.continuous.decayDistance(velocity: velocity, rate: self)
  }
}
