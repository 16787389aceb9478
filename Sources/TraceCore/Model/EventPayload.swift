// scrolltrace — what an event records.

/// What an event records.
///
/// One case per event kind of the format.
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
  /// A frame as the device displayed it: display-link times and the real scroll view's geometry
  /// (format 1.2). Like a frame tick, it drives the replay's frames.
  case observedFrame(ObservedFrame)
  /// The software keyboard's frame changed over the scroll view (format 1.5).
  case keyboard(KeyboardChange)
  /// A step of a scroll with no finger on the screen: a trackpad, a mouse wheel (format 1.9).
  case scroll(ScrollInput)
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
    case .observedFrame: .observedFrame
    case .keyboard: .keyboard
    case .scroll: .scroll
    case .unknown(let kind, _): EventKind(rawValue: kind)
    }
  }
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
