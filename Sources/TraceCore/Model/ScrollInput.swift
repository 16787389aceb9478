// scrolltrace — a scroll with no finger on the screen: a trackpad or a mouse wheel (format 1.9).

/// A step of a scroll that moves the content with no touch on the screen: two fingers on a
/// trackpad, a mouse's wheel (format 1.9).
///
/// The scroll view's own `panGestureRecognizer` turns these into a pan, as it does touches: it
/// recognizes scroll events of the types its `allowedScrollTypesMask` allows, with no touches
/// (Apple, [`allowedScrollTypesMask`](https://developer.apple.com/documentation/uikit/uipangesturerecognizer/allowedscrolltypesmask),
/// iOS 13.4), and its `translation(in:)` follows the scroll. So the event records what the pan
/// recognizer reports at each step: its state and its translation since the scroll began, in the
/// scroll view's coordinates. The content moves against the translation, as under a finger.
public struct ScrollInput: Sendable, Hashable {
  /// Where the scroll is: `UIGestureRecognizer.State`'s began, changed, ended, cancelled.
  public enum Phase: UInt8, Sendable, Hashable, CaseIterable {
    /// The scroll began: its first step.
    case began = 0
    /// The scroll moved on.
    case changed = 1
    /// The scroll ended: the fingers left the trackpad, or the wheel stopped.
    case ended = 2
    /// The system cancelled the scroll.
    case cancelled = 3

    /// The phase's name in `dump` and scripts.
    public var name: String {
      switch self {
      case .began: "began"
      case .changed: "changed"
      case .ended: "ended"
      case .cancelled: "cancelled"
      }
    }
  }

  /// What produced the scroll: `UIScrollType`, with its raw values.
  public enum Source: UInt8, Sendable, Hashable, CaseIterable {
    /// A device that scrolls in steps: a mouse's wheel (`UIScrollType.discrete`).
    case discrete = 0
    /// A device that scrolls continuously: a trackpad (`UIScrollType.continuous`).
    case continuous = 1

    /// The source's name in `dump` and scripts.
    public var name: String {
      switch self {
      case .discrete: "discrete"
      case .continuous: "continuous"
      }
    }
  }

  /// The step's phase.
  public var phase: Phase
  /// What produced the scroll.
  public var source: Source
  /// The pan's translation since the scroll began, in points in the scroll view's coordinates
  /// (`translation(in:)`): the content moves by its opposite.
  public var translation: Point

  /// Creates a step of a scroll.
  public init(phase: Phase, source: Source = .continuous, translation: Point) {
    self.phase = phase
    self.source = source
    self.translation = translation
  }
}
