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
///
/// - **Scrolls with no finger** (format 1.9: a trackpad, a mouse wheel). The scroll view's pan
///   recognizer recognizes scroll events with no touches (`allowedScrollTypesMask`); the event
///   carries its translation, so there is no slop: the pan begins with the scroll. While fingers
///   are down, a scroll is ignored, and while a scroll goes on, touches are, as one recognizer
///   follows one gesture.
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
  /// Whether any finger is down, or a scroll with no finger goes on.
  public var isTracking: Bool { !touches.isEmpty || isScrolling }
  /// Whether a scroll with no finger (a trackpad, a mouse wheel) goes on.
  public private(set) var isScrolling = false
  /// Whether the scroll's directional lock waits for its first motion.
  private var isLockPending = false
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

  /// Applies one step of a scroll with no finger at `time` (nanoseconds); returns what it did, or
  /// nil if nothing.
  ///
  /// A scroll's first step (`ScrollInput.Phase.began`) lands and begins the pan at once
  /// (``Update/began``, after which the content follows the translation the steps carry), and its
  /// last ends it with the velocity of the translation, as a finger's release does; a cancelled
  /// scroll ends with none.
  public mutating func handle(_ scroll: ScrollInput, at time: Int64) -> Update? {
    guard touches.isEmpty else { return nil }
    switch scroll.phase {
    case .began:
      isScrolling = true
      isPanning = true
      lockedAxis = nil
      isLockPending = isDirectionalLockEnabled
      position = scroll.translation
      origin = scroll.translation
      tracker.reset()
      tracker.add((position.x, position.y), at: time)
      return .began
    case .changed, .ended, .cancelled:
      guard isScrolling else { return nil }
      position = scroll.translation
      tracker.add((position.x, position.y), at: time)
      if isLockPending, position != origin {
        // Decided once, at the scroll's first motion, as a finger's is where it passes the slop.
        isLockPending = false
        lockIfDominant()
      }
      guard scroll.phase != .changed else { return .changed }
      isScrolling = false
      isPanning = false
      guard scroll.phase == .ended else { return .ended(velocity: .zero) }
      var (vx, vy) = tracker.velocity()
      if lockedAxis == .horizontal { vy = 0 } else if lockedAxis == .vertical { vx = 0 }
      return .ended(velocity: Point(x: vx, y: vy))
    }
  }

  /// Applies one sample taken at `time` (nanoseconds); returns what it did, or nil if nothing.
  public mutating func handle(_ sample: TouchSample, at time: Int64) -> Update? {
    guard !isScrolling else { return nil }
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
    if isDirectionalLockEnabled { lockIfDominant() }
    origin = position
    isPanning = true
    return .began
  }

  /// Locks the pan to an axis when the motion since ``origin`` is mostly along it; leaves it free
  /// when there is none yet, or it is diagonal.
  private mutating func lockIfDominant() {
    let dx = position.x - origin.x
    let dy = position.y - origin.y
    if abs(dx) > abs(dy) * directionalLockRatio {
      lockedAxis = .horizontal
    } else if abs(dy) > abs(dx) * directionalLockRatio {
      lockedAxis = .vertical
    }
  }
}
