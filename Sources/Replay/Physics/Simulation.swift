// scrolltrace — the shape every piece of scroll physics has.

/// A one-dimensional motion queried by time, in the manner of Flutter's `Simulation`
/// (`x(t)`, `dx(t)`, `isDone(t)`).
///
/// Implementations are pure values: any time may be queried, in any order, and the same query
/// always gives the same answer. Because a replay samples a simulation at frame times measured from
/// the moment the motion began, where a motion ends does not depend on the frame rate.
public protocol Simulation: Sendable {
  /// The position at `time` seconds after the start, in points.
  func position(at time: Double) -> Double
  /// The velocity at `time` seconds after the start, in points per second.
  func velocity(at time: Double) -> Double
  /// Whether the motion has come to rest at `time` seconds after the start.
  func isDone(at time: Double) -> Bool
}

/// A simulation at one moment: its ``Simulation/position(at:)``, ``Simulation/velocity(at:)`` and
/// ``Simulation/isDone(at:)``, in points and points per second.
struct SimulationState: Sendable, Hashable {
  var position: Double
  var velocity: Double
  var isDone: Bool
}

/// How close to rest a simulation has to be before it counts as done.
///
/// The default for a display of scale `s` follows Flutter's `ScrollPhysics.toleranceFor`
/// (`flutter/flutter` `packages/flutter/lib/src/widgets/scroll_physics.dart`, commit 000a6d64):
/// a distance of one device pixel (`1/s` pt) and a velocity of `1/(0.050·s)` pt/s.
public struct Tolerance: Sendable, Hashable {
  /// The largest distance from the end that counts as arrived, in points.
  public var distance: Double
  /// The largest speed that counts as stopped, in points per second.
  public var velocity: Double

  /// Creates a tolerance of `distance` points and `velocity` points per second.
  public init(distance: Double, velocity: Double) {
    self.distance = distance
    self.velocity = velocity
  }

  /// Flutter's scroll tolerance for a display of `scale` pixels per point.
  public init(displayScale scale: Double) {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    self.init(distance: 1 / scale, velocity: 1 / (0.050 * scale))
  }
}
