// scrolltrace — the scroll view's geometry at a frame, and what changed since the last one.

public import TraceCore

/// What the adapter reads from the real scroll view at each displayed frame.
public struct ScrollViewGeometry: Sendable, Hashable {
  /// `contentOffset`, in points.
  public var contentOffset: Point
  /// `bounds.size`, in points.
  public var boundsSize: Size
  /// `safeAreaInsets`, in points.
  public var safeAreaInsets: EdgeInsets
  /// `contentSize`, in points.
  public var contentSize: Size
  /// `contentInset`, in points.
  public var contentInset: EdgeInsets
  /// `contentInsetAdjustmentBehavior`.
  public var adjustmentBehavior: ContentInsetAdjustmentBehavior
  /// `adjustedContentInset`, in points: the inset UIKit settled on; `nil` when not read.
  public var adjustedContentInset: EdgeInsets?
  /// The scroll view's frame in its window (`convert(bounds, to: nil)`), in points: where its
  /// touches begin; `nil` when not read.
  public var frameInWindow: Rect?

  /// Creates a snapshot.
  public init(
    contentOffset: Point, boundsSize: Size, safeAreaInsets: EdgeInsets = .zero,
    contentSize: Size, contentInset: EdgeInsets = .zero,
    adjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
    adjustedContentInset: EdgeInsets? = nil, frameInWindow: Rect? = nil
  ) {
    self.adjustedContentInset = adjustedContentInset
    self.frameInWindow = frameInWindow
    self.contentOffset = contentOffset
    self.boundsSize = boundsSize
    self.safeAreaInsets = safeAreaInsets
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.adjustmentBehavior = adjustmentBehavior
  }

  /// The viewport event that brings `previous` to this geometry, or `nil` when the bounds size,
  /// safe area and frame in the window are the same.
  ///
  /// A change the app announced (``TraceRecorder/recordViewport(_:at:)``,
  /// from `viewWillTransition(to:with:)`) is not repeated: `previous` already holds it.
  func viewportChange(from previous: ScrollViewGeometry?) -> ViewportChange? {
    guard
      previous?.boundsSize != boundsSize || previous?.safeAreaInsets != safeAreaInsets
        || previous?.frameInWindow != frameInWindow
    else { return nil }
    return ViewportChange(
      size: boundsSize, safeAreaInsets: safeAreaInsets, frameInWindow: frameInWindow)
  }

  /// The content event that brings `previous` to this geometry, or `nil` when content size,
  /// inset, behaviour and adjusted inset are the same.
  func contentChange(from previous: ScrollViewGeometry?) -> ContentGeometry? {
    guard
      previous?.contentSize != contentSize || previous?.contentInset != contentInset
        || previous?.adjustmentBehavior != adjustmentBehavior
        || previous?.adjustedContentInset != adjustedContentInset
    else { return nil }
    return ContentGeometry(
      contentSize: contentSize, contentInset: contentInset, adjustmentBehavior: adjustmentBehavior,
      adjustedContentInset: adjustedContentInset)
  }
}

extension TouchSample.Phase {
  /// The phase of UIKit's `UITouch.Phase` raw value
  /// (https://developer.apple.com/documentation/uikit/uitouch/phase): began 0, moved 1,
  /// stationary 2, ended 3, cancelled 4; `nil` for the pointer's region phases (5–7, iPadOS
  /// 13.4), which are a hovering pointer, not a finger, and any later one.
  public init?(uiTouchPhase rawValue: Int) {
    guard let byte = UInt8(exactly: rawValue), let phase = Self(rawValue: byte) else { return nil }
    self = phase
  }
}

extension TouchSample {
  /// The force to record for a touch reporting `force` with `maximumPossible` as its
  /// `maximumPossibleForce`: `nil` where the device does not measure force (UIKit reports a maximum
  /// of 0 then, https://developer.apple.com/documentation/uikit/uitouch/maximumpossibleforce), or
  /// for a value that is not finite.
  public static func measuredForce(_ force: Double, maximumPossible: Double) -> Double? {
    guard maximumPossible > 0, force.isFinite, force >= 0 else { return nil }
    return force
  }
}

extension ContentInsetAdjustmentBehavior {
  /// The behaviour of UIKit's `UIScrollView.ContentInsetAdjustmentBehavior` raw value
  /// (https://developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior):
  /// automatic 0, scrollableAxes 1, never 2, always 3; UIKit's default for any later one.
  public init(uiKitRawValue rawValue: Int) {
    self = UInt8(exactly: rawValue).flatMap(Self.init(rawValue:)) ?? .automatic
  }
}
