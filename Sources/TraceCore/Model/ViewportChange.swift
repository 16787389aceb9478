// scrolltrace — the scroll view's visible size and safe area.

/// The scroll view's bounds size and safe-area insets changed, as in a rotation.
public struct ViewportChange: Sendable, Hashable {
  /// The new bounds size, in points.
  public var size: Size
  /// The new safe-area insets, in points.
  public var safeAreaInsets: EdgeInsets
  /// How long the system animates the change (a rotation's transition), in nanoseconds; 0 is
  /// immediate.
  ///
  /// The new size applies from the event's timestamp, as in
  /// `viewWillTransition(to:with:)`.
  public var transitionDuration: Int64
  /// The scroll view's frame in its window, in points, where recorded (format 1.8): where the
  /// touches that are the scroll view's begin.
  ///
  /// UIKit delivers a touch to the view it lands on (`hitTest(_:with:)`,
  /// https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)), so a finger that
  /// lands outside this frame (on a tab bar, a toolbar, another scroll view) moves another view,
  /// and a replay leaves it out. `nil` where not recorded: the scroll view takes every touch.
  public var frameInWindow: Rect?

  /// Creates a viewport change.
  public init(
    size: Size, safeAreaInsets: EdgeInsets = .zero, transitionDuration: Int64 = 0,
    frameInWindow: Rect? = nil
  ) {
    self.size = size
    self.safeAreaInsets = safeAreaInsets
    self.transitionDuration = transitionDuration
    self.frameInWindow = frameInWindow
  }
}

/// How the scroll view adds the safe area to its content inset
/// (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
public enum ContentInsetAdjustmentBehavior: UInt8, Sendable, Hashable, CaseIterable {
  /// UIKit's default: like `scrollableAxes`, and always vertically inside a navigation controller.
  case automatic = 0
  /// The safe area is added on an axis only when the content scrolls on it.
  case scrollableAxes = 1
  /// The safe area is never added.
  case never = 2
  /// The safe area is always added.
  case always = 3

  /// The behaviour's name as used in `dump` and scripts ("automatic", "scrollableAxes"…).
  public var name: String {
    switch self {
    case .automatic: "automatic"
    case .scrollableAxes: "scrollableAxes"
    case .never: "never"
    case .always: "always"
    }
  }
}

/// The scroll view's own content geometry, as the app set it.
public struct ContentGeometry: Sendable, Hashable {
  /// The content size, in points; engines that compute it from their scene may ignore it.
  public var contentSize: Size
  /// The content inset, in points.
  public var contentInset: EdgeInsets
  /// How the safe area is added to the content inset.
  public var adjustmentBehavior: ContentInsetAdjustmentBehavior
  /// The device's own `adjustedContentInset`, in points, where recorded (format 1.8): the content
  /// inset plus what UIKit added to it — the safe area as the behaviour selects it, and what a
  /// view controller adds for its bars — as UIKit settled it
  /// (https://developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset).
  ///
  /// A replay then takes UIKit's addition (this less ``contentInset``) in place of its own model
  /// of ``adjustmentBehavior``, so a later change of the content inset (the keyboard) keeps it.
  /// `nil` where not recorded (every trace before 1.8, every import, every synthesis).
  public var adjustedContentInset: EdgeInsets?

  /// Creates a content geometry.
  public init(
    contentSize: Size, contentInset: EdgeInsets = .zero,
    adjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
    adjustedContentInset: EdgeInsets? = nil
  ) {
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.adjustmentBehavior = adjustmentBehavior
    self.adjustedContentInset = adjustedContentInset
  }
}
