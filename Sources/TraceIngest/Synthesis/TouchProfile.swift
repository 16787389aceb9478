// scrolltrace — how a synthesized finger moves over time.

/// The path of a synthesized finger along one gesture: position and velocity at a normalised time
/// s ∈ [0, 1] of a gesture lasting `duration` seconds.
///
/// The finger starts at rest. A drag follows a cubic Hermite curve from 0 to `translation` whose
/// end slope is the release velocity (`p(s) = D·(3s² − 2s³) + V·T·(s³ − s²)`), so a drag that
/// lifts with zero velocity eases to a stop and one that lifts fast accelerates into the release,
/// as a flick does. A fling is the special case of constant acceleration (`p(s) = D·s²`, with
/// `D = V·T/2`).
struct TouchProfile {
  /// The total displacement, in points.
  var translation: Point
  /// The velocity at lift-off, in points per second.
  var releaseVelocity: Point
  /// The gesture's duration, in seconds.
  var duration: Double

  /// A drag profile.
  ///
  /// - Throws: a message when the release velocity would make the finger move backwards first
  ///   (|V|·T > 3·|D| on an axis, or V against D), which no real drag does.
  static func drag(translation: Point, releaseVelocity: Point, duration: Double) throws(ScriptError)
    -> TouchProfile
  {
    for (d, v, axis) in [
      (translation.x, releaseVelocity.x, "x"), (translation.y, releaseVelocity.y, "y"),
    ] {
      let momentum = v * duration
      guard momentum == 0 || (d != 0 && momentum.sign == d.sign && abs(momentum) <= 3 * abs(d))
      else {
        throw ScriptError(
          path: "",
          message:
            "release velocity \(v) pt/s on \(axis) cannot end a \(d) pt drag of \(duration) s without first moving backwards; keep |velocity| · duration ≤ 3 · |distance| in the direction of the drag, or use a fling"
        )
      }
    }
    return TouchProfile(
      translation: translation, releaseVelocity: releaseVelocity, duration: duration)
  }

  /// A fling profile: constant acceleration from rest to `velocity` over `duration`.
  static func fling(velocity: Point, duration: Double) -> TouchProfile {
    TouchProfile(
      translation: Point(x: velocity.x * duration / 2, y: velocity.y * duration / 2),
      releaseVelocity: velocity, duration: duration)
  }

  /// The velocity at normalised time `s`, in points per second; `velocity(at: 1)` is the release
  /// velocity.
  func velocity(at s: Double) -> Point {
    let d01 = 6 * s - 6 * s * s
    let d11 = 3 * s * s - 2 * s
    return Point(
      x: (translation.x * d01 + releaseVelocity.x * duration * d11) / duration,
      y: (translation.y * d01 + releaseVelocity.y * duration * d11) / duration)
  }

  /// The displacement at normalised time `s`, in points.
  func displacement(at s: Double) -> Point {
    let h01 = 3 * s * s - 2 * s * s * s
    let h11 = s * s * s - s * s
    return Point(
      x: translation.x * h01 + releaseVelocity.x * duration * h11,
      y: translation.y * h01 + releaseVelocity.y * duration * h11)
  }
}
