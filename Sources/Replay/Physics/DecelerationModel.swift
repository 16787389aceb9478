// scrolltrace — continuous or per-millisecond decay: how a free scroll's distance is summed.

import Foundation

/// How a decelerating scroll turns its per-millisecond velocity decay `v(t) = v₀·d^(1000t)` into
/// distance.
///
/// Both give `x(t) = x₀ + v₀·f·(1 − d^(1000t))` and differ only in the factor `f`, by
/// about 0.1 % at `.normal` (499.4998 against 499 ms): the published re-creations disagree and
/// Apple documents neither, so it is a parameter.
public enum DecelerationModel: String, Sendable, Hashable, CaseIterable {
  /// The velocity integrated continuously, `f = −1/(1000·ln d)`: super-ultra/ScrollMechanics
  /// `DecelerationTimingParameters.swift` L23–24 (commit 587660a6), Lobanov's re-creation of
  /// UIScrollView. The default, as the rest of the model follows ScrollMechanics.
  case continuous
  /// One step per millisecond summed, `f = d/(1000·(1 − d))`: Facebook pop's `decay_position`
  /// (`facebookarchive/pop` `pop/POPDecayAnimationInternal.h`, commit 87d1f8b7), the same sum as the
  /// WWDC18 projection (``DecelerationRate/projectedDistance(velocity:)``).
  case discrete

  /// The factor `f` that turns a start velocity (points per second) into the distance to the
  /// decay's end (points), for `rate`.
  public func distanceFactor(_ rate: DecelerationRate) -> Double {
    switch self {
    case .continuous: -1 / rate.decayCoefficient
    case .discrete: rate.rawValue / (1000 * (1 - rate.rawValue))
    }
  }

  /// The distance a free scroll at `velocity` (points per second) travels until it stops, in points.
  public func decayDistance(velocity: Double, rate: DecelerationRate) -> Double {
    velocity * distanceFactor(rate)
  }
}
