// scrolltrace — which kinds of trace events a frame follows.

/// The kinds of events the trace applied since the previous frame: what an analyzer names as the
/// cause of a change it sees in a frame.
public struct FrameEvents: OptionSet, Sendable, Hashable {
  public let rawValue: UInt16

  /// Creates a set from its raw bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Touch samples, or steps of a scroll with no finger (a trackpad, a mouse wheel: format 1.9):
  /// the input the pan follows.
  public static let touch = FrameEvents(rawValue: 1 << 0)
  /// A viewport change: a resize or rotation, or new safe-area insets.
  public static let resize = FrameEvents(rawValue: 1 << 1)
  /// A content change: content size, content inset or adjustment behaviour.
  public static let contentChange = FrameEvents(rawValue: 1 << 2)
  /// A new scene.
  public static let sceneChange = FrameEvents(rawValue: 1 << 3)
  /// An edit of the scene: items inserted, removed, resized, shown or hidden.
  public static let sceneEdit = FrameEvents(rawValue: 1 << 4)
  /// A programmatic scroll (`setContentOffset`, scroll to an item).
  public static let programmaticScroll = FrameEvents(rawValue: 1 << 5)
  /// The new scene is the engine's stock scene (``ScrollEngine/stockScene(for:)``): the trace has
  /// none of its own, as an imported touch log.
  public static let stockScene = FrameEvents(rawValue: 1 << 6)
  /// A batch update (format 1.4); the frame also has ``sceneEdit``.
  public static let batchUpdate = FrameEvents(rawValue: 1 << 7)
  /// A `reloadData` (format 1.4); the frame also has ``sceneEdit``.
  public static let reloadData = FrameEvents(rawValue: 1 << 8)
  /// A keyboard frame change (format 1.5); the frame also has ``contentChange`` when the app moved
  /// the bottom inset.
  public static let keyboard = FrameEvents(rawValue: 1 << 9)
  /// A size the device resolved for a self-sizing item (format 1.9).
  ///
  /// Not a ``sceneEdit``: an analyzer names what it moves as the layout's own sizing, as when the
  /// replay sizes an item.
  public static let sizeResolved = FrameEvents(rawValue: 1 << 10)

  /// Every kind with its timeline name, in a fixed order.
  public static let names: [(FrameEvents, String)] = [
    (.touch, "touch"), (.resize, "resize"), (.contentChange, "contentChange"),
    (.sceneChange, "sceneChange"),
    (.sceneEdit, "sceneEdit"), (.programmaticScroll, "programmaticScroll"),
    (.stockScene, "stockScene"), (.batchUpdate, "batchUpdate"), (.reloadData, "reloadData"),
    (.keyboard, "keyboard"), (.sizeResolved, "sizeResolved"),
  ]

  /// The kinds' names, in ``names`` order.
  public var nameList: [String] { Self.names.filter { contains($0.0) }.map(\.1) }
}
