// scrolltrace — the wire tag of an event kind.

/// The one-byte wire tag of an event kind.
///
/// The kinds are computed and inlinable rather than stored: a stored static is a lazily
/// initialised global, and every `switch` over kinds would pay for its once-check.
public struct EventKind: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
  BitwiseCopyable
{
  /// The tag as stored in the file.
  public var rawValue: UInt8

  /// Creates a kind from its tag; unknown tags are allowed.
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A touch sample.
  @inlinable public static var touch: EventKind { EventKind(rawValue: 1) }
  /// A viewport change.
  @inlinable public static var viewport: EventKind { EventKind(rawValue: 2) }
  /// A content geometry change.
  @inlinable public static var content: EventKind { EventKind(rawValue: 3) }
  /// A scene.
  @inlinable public static var scene: EventKind { EventKind(rawValue: 4) }
  /// A scene edit.
  @inlinable public static var sceneEdit: EventKind { EventKind(rawValue: 5) }
  /// A programmatic scroll.
  @inlinable public static var programmaticScroll: EventKind { EventKind(rawValue: 6) }
  /// A frame tick.
  @inlinable public static var frameTick: EventKind { EventKind(rawValue: 7) }
  /// A marker.
  @inlinable public static var marker: EventKind { EventKind(rawValue: 8) }
  /// A frame as the device displayed it (format 1.2).
  @inlinable public static var observedFrame: EventKind { EventKind(rawValue: 9) }
  /// A keyboard frame change (format 1.5).
  @inlinable public static var keyboard: EventKind { EventKind(rawValue: 10) }
  /// A step of a scroll with no finger on the screen: a trackpad, a mouse wheel (format 1.9).
  @inlinable public static var scroll: EventKind { EventKind(rawValue: 11) }

  /// Every kind this version knows, in tag order.
  public static let known: [EventKind] = [
    .touch, .viewport, .content, .scene, .sceneEdit, .programmaticScroll, .frameTick, .marker,
    .observedFrame, .keyboard, .scroll,
  ]

  /// The kind's name as used in `dump` and `info` ("touch", "sceneEdit"…), or "unknown(N)".
  public var name: String {
    switch self {
    case .touch: "touch"
    case .viewport: "viewport"
    case .content: "content"
    case .scene: "scene"
    case .sceneEdit: "sceneEdit"
    case .programmaticScroll: "programmaticScroll"
    case .frameTick: "frameTick"
    case .marker: "marker"
    case .observedFrame: "observedFrame"
    case .keyboard: "keyboard"
    case .scroll: "scroll"
    default: "unknown(\(rawValue))"
    }
  }

  /// Whether an event of this kind is a displayed frame, which drives a replay's frames: a frame
  /// tick or an observed frame.
  @inlinable public var presentsFrame: Bool { self == .frameTick || self == .observedFrame }

  /// The kind's name.
  public var description: String { name }

  /// Orders kinds by tag.
  public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
