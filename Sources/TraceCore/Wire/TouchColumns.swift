// scrolltrace — the touches of a reader's batch, an array per field.

/// The touches a reader decoded ahead, one array per field: a run of touches is decoded straight
/// into them, a stream at a time (``EventDecoder/decodeTouchRun(_:limit:appendingTo:stats:)``),
/// and a `TouchRun` reads them where they lie.
///
/// The arrays keep the length they grew to, so that a batch after the first allocates nothing;
/// the first ``count`` entries are the touches.
struct TouchColumns: Sendable {
  /// Each touch's timestamp, in nanoseconds.
  var timestamps: [Int64] = []
  /// Each touch's ``TouchSample/touchID``.
  var touchIDs: [UInt32] = []
  /// Each touch's phase.
  var phases: [TouchSample.Phase] = []
  /// Each touch's wire flags: bit 0 when it has a force, bit 1 when it has a major radius.
  var flags: [UInt8] = []
  /// Each touch's x, in points.
  var x: [Double] = []
  /// Each touch's y, in points.
  var y: [Double] = []
  /// Each touch's force, where its flags have bit 0 (anything elsewhere).
  var force: [Double] = []
  /// Each touch's major radius in points, where its flags have bit 1 (anything elsewhere).
  var majorRadius: [Double] = []
  /// The touches in the columns.
  private(set) var count = 0

  /// Makes room for `extra` touches after the first ``count``.
  mutating func reserve(_ extra: Int) {
    let needed = count + extra
    let missing = needed - timestamps.count
    guard missing > 0 else { return }
    timestamps.append(contentsOf: repeatElement(0, count: missing))
    touchIDs.append(contentsOf: repeatElement(0, count: missing))
    phases.append(contentsOf: repeatElement(.began, count: missing))
    flags.append(contentsOf: repeatElement(0, count: missing))
    x.append(contentsOf: repeatElement(0, count: missing))
    y.append(contentsOf: repeatElement(0, count: missing))
    force.append(contentsOf: repeatElement(0, count: missing))
    majorRadius.append(contentsOf: repeatElement(0, count: missing))
  }

  /// Counts the `extra` touches written after the first ``count`` (room made by ``reserve(_:)``).
  mutating func didWrite(_ extra: Int) { count += extra }

  /// Appends one touch.
  mutating func append(timestamp: Int64, _ sample: TouchSample) {
    reserve(1)
    timestamps[count] = timestamp
    touchIDs[count] = sample.touchID
    phases[count] = sample.phase
    x[count] = sample.location.x
    y[count] = sample.location.y
    var bits: UInt8 = 0
    if let value = sample.force {
      bits |= 1
      force[count] = value
    }
    if let value = sample.majorRadius {
      bits |= 2
      majorRadius[count] = value
    }
    flags[count] = bits
    count += 1
  }

  /// Forgets the touches, keeping the arrays.
  mutating func removeAll() { count = 0 }

  /// The touch at `index` (below ``count``).
  @inline(__always)
  func sample(at index: Int) -> TouchSample {
    Self.sample(
      touchIDs[index], phases[index], x[index], y[index], flags[index], force[index],
      majorRadius[index])
  }

  /// A touch from its columns' values: its force and major radius, read only where its flags
  /// have them.
  @inline(__always)
  static func sample(
    _ touchID: UInt32, _ phase: TouchSample.Phase, _ x: Double, _ y: Double, _ flags: UInt8,
    _ force: @autoclosure () -> Double, _ majorRadius: @autoclosure () -> Double
  ) -> TouchSample {
    TouchSample(
      touchID: touchID, phase: phase, location: Point(x: x, y: y),
      force: flags & 1 != 0 ? force() : nil, majorRadius: flags & 2 != 0 ? majorRadius() : nil)
  }
}
