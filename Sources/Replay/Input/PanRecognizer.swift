// scrolltrace — touches in, a pan gesture out.

public import TraceCore

/// Turns raw touch samples into a pan gesture, as the scroll view's `panGestureRecognizer` does.
///
/// - **Several fingers.** The pan follows the centroid of the fingers that are down. When a finger
///   moves, the translation changes by its motion divided by the number of fingers; when a finger
///   lands or lifts, the centroid is re-based instead of jumping, so the content never jumps (the
///   behaviour of `UIPanGestureRecognizer.translation(in:)`).
/// - **Touch slop.** The pan begins once the translation has moved ``touchSlop`` points from where
///   the first finger landed; the translation then counts from that point, so the content starts
///   moving without a jump.
/// - **Directional lock** (optional). When the pan begins with a translation more than
///   ``directionalLockRatio`` times longer on one axis than on the other, it moves only along that
///   axis until the fingers lift; a diagonal start moves freely (`isDirectionalLockEnabled`).
/// - **Release velocity.** Every sample, the ending one included, feeds a ``VelocityTracker`` with
///   the centroid position; the estimate at release is the pan's velocity.
///
/// At most ``maximumTouches`` fingers are tracked; samples of further fingers are ignored.
public struct PanRecognizer: Sendable {
  /// What a touch sample did to the gesture.
  public enum Update: Sendable, Hashable {
    /// The first finger landed.
    case touchDown
    /// The translation passed the slop: dragging starts.
    case began
    /// The translation changed while dragging.
    case changed
    /// The last finger lifted after the pan had begun; velocity in points per second of the
    /// fingers (not of the content).
    case ended(velocity: Point)
    /// The last finger lifted before the pan began (a tap or a hold).
    case touchUp
  }

  /// The distance the fingers must move before the pan begins, in points.
  public var touchSlop: Double
  /// Whether the pan locks to one axis when it begins mostly along it.
  public var isDirectionalLockEnabled: Bool
  /// How dominant one axis must be for the directional lock to engage.
  public var directionalLockRatio: Double
  /// The most fingers tracked at once.
  public static let maximumTouches = 10

  /// Whether the pan has begun and fingers are still down.
  public private(set) var isPanning = false
  /// The axis the pan is locked to, if any.
  public private(set) var lockedAxis: Axis?
  /// The fingers' motion since the pan began (points), after the directional lock.
  public var translation: Point {
    var t = Point(x: position.x - origin.x, y: position.y - origin.y)
    if lockedAxis == .horizontal { t.y = 0 } else if lockedAxis == .vertical { t.x = 0 }
    return t
  }
  /// Whether any finger is down.
  public var isTracking: Bool { !touches.isEmpty }
  /// Where the first finger still down is, in the trace's coordinates (points); nil with none.
  public var touchLocation: Point? { touches.first?.location }

  private var touches: [(id: UInt32, location: Point)] = []
  /// The accumulated centroid position, continuous across fingers landing and lifting.
  private var position = Point.zero
  /// The centroid position at touch-down, then at the pan's beginning.
  private var origin = Point.zero
  private var tracker = VelocityTracker()

  /// Creates a recognizer.
  public init(
    touchSlop: Double, isDirectionalLockEnabled: Bool = false, directionalLockRatio: Double = 2
  ) {
    self.touchSlop = touchSlop
    self.isDirectionalLockEnabled = isDirectionalLockEnabled
    self.directionalLockRatio = directionalLockRatio
  }

  /// Applies one sample taken at `time` (nanoseconds); returns what it did, or nil if nothing.
  public mutating func handle(_ sample: TouchSample, at time: Int64) -> Update? {
    let index = touches.firstIndex { $0.id == sample.touchID }
    switch sample.phase {
    case .began, .moved, .stationary:
      if let index {
        move(index, to: sample.location, at: time)
        return isPanning ? .changed : beginIfPastSlop()
      }
      guard touches.count < Self.maximumTouches else { return nil }
      let first = touches.isEmpty
      touches.append((sample.touchID, sample.location))
      if first {
        position = .zero
        origin = .zero
        lockedAxis = nil
        tracker.reset()
        tracker.add((position.x, position.y), at: time)
        return .touchDown
      }
      return nil
    case .ended, .cancelled:
      guard let index else { return nil }
      if sample.phase == .ended { move(index, to: sample.location, at: time) }
      touches.remove(at: index)
      guard touches.isEmpty else { return isPanning ? .changed : nil }
      let wasPanning = isPanning
      isPanning = false
      guard wasPanning else { return .touchUp }
      guard sample.phase == .ended else { return .ended(velocity: .zero) }
      var (vx, vy) = tracker.velocity()
      if lockedAxis == .horizontal { vy = 0 } else if lockedAxis == .vertical { vx = 0 }
      return .ended(velocity: Point(x: vx, y: vy))
    }
  }

  private mutating func move(_ index: Int, to location: Point, at time: Int64) {
    let old = touches[index].location
    let count = Double(touches.count)
    position.x += (location.x - old.x) / count
    position.y += (location.y - old.y) / count
    touches[index].location = location
    tracker.add((position.x, position.y), at: time)
  }

  private mutating func beginIfPastSlop() -> Update? {
    let dx = position.x - origin.x
    let dy = position.y - origin.y
    guard (dx * dx + dy * dy).squareRoot() >= touchSlop else { return nil }
    if isDirectionalLockEnabled {
      if abs(dx) > abs(dy) * directionalLockRatio {
        lockedAxis = .horizontal
      } else if abs(dy) > abs(dx) * directionalLockRatio {
        lockedAxis = .vertical
      }
    }
    origin = position
    isPanning = true
    return .began
  }
}
