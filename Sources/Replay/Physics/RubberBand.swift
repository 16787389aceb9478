// scrolltrace — the resistance of a drag past the content's edge.

/// The rubber band: how far the content follows a finger that has dragged `x` points past an edge.
///
/// `b(x) = (1 − 1/(x·c/d + 1))·d`, with `d` the viewport's length on that axis and `c = 0.55`:
/// slope `c` at the edge, approaching `d` far out. The formula is community reverse engineering
/// (@chpwn; gist originell/6961057), also in super-ultra/ScrollMechanics
/// `ScrollMechanics/Sources/RubberBand.swift` L5 and L20.
public struct RubberBand: Sendable, Hashable {
  /// The coefficient `c`; 0.55 by default.
  public var coefficient: Double

  /// Creates a rubber band with coefficient `c`.
  public init(coefficient: Double = 0.55) {
    self.coefficient = coefficient
  }

  /// The displayed overscroll (points) for `distance` points of finger travel past the edge, with a
  /// viewport `dimension` points long.
  ///
  /// Symmetric in the sign of `distance`.
  public func overscroll(forDistance distance: Double, dimension: Double) -> Double {
    guard dimension > 0 else { return 0 }
    let x = abs(distance)
    let b = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
    return distance < 0 ? -b : b
  }

  /// The finger travel past the edge that displays `overscroll` points: the inverse of
  /// ``overscroll(forDistance:dimension:)``, `x = b·d/(c·(d − b))`.
  ///
  /// Used when a drag starts on
  /// content that is already overscrolled (a finger catching a bounce).
  public func distance(forOverscroll overscroll: Double, dimension: Double) -> Double {
    guard dimension > 0 else { return 0 }
    let b = min(abs(overscroll), dimension * 0.999_999)
    let x = b * dimension / (coefficient * (dimension - b))
    return overscroll < 0 ? -x : x
  }

  /// `offset` with its part outside `minimum...maximum` passed through the rubber band.
  public func apply(_ offset: Double, minimum: Double, maximum: Double, dimension: Double) -> Double
  {
    if offset < minimum {
      return minimum + overscroll(forDistance: offset - minimum, dimension: dimension)
    }
    if offset > maximum {
      return maximum + overscroll(forDistance: offset - maximum, dimension: dimension)
    }
    return offset
  }

  /// The inverse of ``apply(_:minimum:maximum:dimension:)``.
  public func unapply(_ offset: Double, minimum: Double, maximum: Double, dimension: Double)
    -> Double
  {
    if offset < minimum {
      return minimum + distance(forOverscroll: offset - minimum, dimension: dimension)
    }
    if offset > maximum {
      return maximum + distance(forOverscroll: offset - maximum, dimension: dimension)
    }
    return offset
  }
}
