// scrolltrace — one timestamped event of a trace.

/// One event of a trace: a timestamp and what happened.
public struct TraceEvent: Sendable, Hashable {
  /// When the event happened, in nanoseconds on the header's clock.
  public var timestamp: Int64
  /// What happened.
  public var payload: EventPayload

  /// Creates an event.
  public init(timestamp: Int64, _ payload: EventPayload) {
    self.timestamp = timestamp
    self.payload = payload
  }

  /// The wire kind of the payload.
  public var kind: EventKind { payload.kind }
}

/// What an event records. One case per event kind of the format.
public enum EventPayload: Sendable, Hashable {
  /// A finger's sample: began, moved, stationary, ended or cancelled.
  case touch(TouchSample)
  /// The scroll view's visible size or safe area changed (a rotation, a split-view resize).
  case viewport(ViewportChange)
  /// The scroll view's content size, content inset or inset adjustment behaviour changed.
  case content(ContentGeometry)
  /// The content an engine lays out: pages, a list of items, or the children of a container.
  case scene(Scene)
  /// An edit of the current scene: insert, delete or resize items; hide or show a child.
  case sceneEdit(SceneEdit)
  /// The app scrolled in code, to an offset or to an item.
  case programmaticScroll(ProgrammaticScroll)
  /// A display refresh (vsync); the event's timestamp is the frame's presentation time.
  case frameTick
  /// Free text, such as a test step's name.
  case marker(String)
  /// An event of a kind this version does not know; kept so that tools can pass it through.
  case unknown(kind: UInt8, payload: [UInt8])

  /// The wire kind of this payload.
  public var kind: EventKind {
    switch self {
    case .touch: .touch
    case .viewport: .viewport
    case .content: .content
    case .scene: .scene
    case .sceneEdit: .sceneEdit
    case .programmaticScroll: .programmaticScroll
    case .frameTick: .frameTick
    case .marker: .marker
    case .unknown(let kind, _): EventKind(rawValue: kind)
    }
  }
}

/// The one-byte wire tag of an event kind.
///
/// The kinds are computed and inlinable rather than stored: a stored static is a lazily
/// initialised global, and every `switch` over kinds would pay for its once-check.
public struct EventKind: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
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

  /// Every kind this version knows, in tag order.
  public static let known: [EventKind] = [
    .touch, .viewport, .content, .scene, .sceneEdit, .programmaticScroll, .frameTick, .marker,
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
    default: "unknown(\(rawValue))"
    }
  }

  /// The kind's name.
  public var description: String { name }

  /// Orders kinds by tag.
  public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension EventPayload {
  /// The scene items this payload holds in memory once decoded (``Scene/itemCount`` of a scene,
  /// pages excepted: they take none; an insert's items): what bounds a batch decoded ahead.
  var sceneItemCount: Int {
    switch self {
    case .scene(let scene):
      if case .pages = scene.layout { return 0 }
      return scene.itemCount
    case .sceneEdit(.insert(_, _, let items)): return items.count
    default: return 0
    }
  }
}
