// scrolltrace — one sample of one finger.

/// One sample of one finger, as UIKit's `UITouch` reports it.
public struct TouchSample: Sendable, Hashable, BitwiseCopyable {
  /// The phase of a touch (UIKit's `UITouch.Phase`).
  public enum Phase: UInt8, Sendable, Hashable, CaseIterable, BitwiseCopyable {
    /// The finger touched the screen.
    case began = 0
    /// The finger moved.
    case moved = 1
    /// The finger is down and did not move since the previous sample.
    case stationary = 2
    /// The finger lifted.
    case ended = 3
    /// The system cancelled the touch (an incoming call, a system gesture).
    case cancelled = 4

    /// The phase's name as used in `dump` ("began", "moved"…).
    public var name: String {
      switch self {
      case .began: "began"
      case .moved: "moved"
      case .stationary: "stationary"
      case .ended: "ended"
      case .cancelled: "cancelled"
      }
    }
  }

  /// Which finger: stable from `began` to `ended` or `cancelled`, reusable afterwards.
  public var touchID: UInt32
  /// The phase.
  public var phase: Phase
  /// The location in the window, in points.
  ///
  /// Stored to 1/256 pt (see `TouchSample.locationQuantum`).
  public var location: Point
  /// The force (UIKit's `UITouch.force`, 1.0 is an average touch), when the device measures it.
  public var force: Double?
  /// The radius of the touch's major axis in points (`UITouch.majorRadius`), when known.
  public var majorRadius: Double?

  /// Creates a touch sample.
  public init(
    touchID: UInt32, phase: Phase, location: Point, force: Double? = nil,
    majorRadius: Double? = nil
  ) {
    self.touchID = touchID
    self.phase = phase
    self.location = location
    self.force = force
    self.majorRadius = majorRadius
  }

  /// The resolution a touch location is stored with: 1/256 pt, far finer than any digitizer
  /// (an iPhone reports touches to about 1/3 pt with `preciseLocation`).
  public static let locationQuantum = 1.0 / 256.0
}
