// scrolltrace — which touches of the window are down, by identity.

/// The touches a gesture recognizer has seen begin and not yet end, by the identity of their
/// `UITouch` objects: what tells it that the last finger lifted, whatever order fingers come and
/// go in, and however many a single event carries.
///
/// UIKit resets a recognizer (`reset()`) when it fails or when the touches it saw all end; the
/// recognizer calls ``reset()`` then, so a touch UIKit never reported ending (a view removed
/// mid-touch) cannot keep it waiting (https://developer.apple.com/documentation/uikit/uigesturerecognizer/reset()).
public struct ActiveTouches: Sendable {
  private var down: Set<ObjectIdentifier> = []

  /// Creates a set with no touch down.
  public init() {}

  /// The touches `touches` began.
  public mutating func began<S: Sequence>(_ touches: S) where S.Element == ObjectIdentifier {
    down.formUnion(touches)
  }

  /// The touches `touches` ended or were cancelled; whether no touch is left down, so that the
  /// recognizer should end its sequence (fail, since it never recognizes).
  public mutating func ended<S: Sequence>(_ touches: S) -> Bool
  where S.Element == ObjectIdentifier {
    down.subtract(touches)
    return down.isEmpty
  }

  /// Forgets every touch: UIKit reset the recognizer.
  public mutating func reset() { down.removeAll() }

  /// How many touches are down.
  public var count: Int { down.count }
}
