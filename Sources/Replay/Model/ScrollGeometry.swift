// scrolltrace — a scroll view's sizes and insets, and the offsets they allow.

public import TraceCore

/// The sizes and insets that decide where a scroll view may rest: bounds size, content size,
/// content inset, safe area and `contentInsetAdjustmentBehavior`.
///
/// `contentOffset` is the bounds origin, so the content point at the viewport's top-left corner.
/// The valid offsets on each axis are `minimum = −adjustedContentInset.top` (left) and
/// `maximum = max(minimum, contentSize + adjustedContentInset.bottom − bounds)` (Apple's
/// `adjustedContentInset` documentation; Figure 2 of Van Nguyen, "UIScrollView with Vimeo's latest
/// player screen", Vimeo Engineering Blog, 2021).
public struct ScrollGeometry: Sendable, Hashable {
  /// The viewport's size, in points.
  public var boundsSize: Size
  /// The content's size, in points.
  public var contentSize: Size
  /// The app's own content inset, in points.
  public var contentInset: EdgeInsets
  /// The safe area of the viewport, in points.
  public var safeAreaInsets: EdgeInsets
  /// Which safe-area edges are added to the content inset.
  public var adjustmentBehavior: ContentInsetAdjustmentBehavior
  /// Whether a drag may move the content horizontally even when it fits (UIKit's
  /// `alwaysBounceHorizontal`).
  public var alwaysBounceHorizontal: Bool
  /// Whether a drag may move the content vertically even when it fits (`alwaysBounceVertical`).
  public var alwaysBounceVertical: Bool
  /// What UIKit added to ``contentInset`` on the device, in points, where the trace recorded it
  /// (its `adjustedContentInset` less its `contentInset`, format 1.8); `nil` to model the addition
  /// from ``adjustmentBehavior``.
  ///
  /// The device's own answer holds what no model of the behaviour knows (the bars a view
  /// controller adds, a behaviour the app's hierarchy decides), and stays when the content inset
  /// changes later (the keyboard).
  public var recordedInsetAdjustment: EdgeInsets? = nil

  /// Creates a geometry; every inset defaults to zero and the behaviour to `.automatic`.
  public init(
    boundsSize: Size, contentSize: Size = .zero, contentInset: EdgeInsets = .zero,
    safeAreaInsets: EdgeInsets = .zero,
    adjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
    alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false
  ) {
    self.boundsSize = boundsSize
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.safeAreaInsets = safeAreaInsets
    self.adjustmentBehavior = adjustmentBehavior
    self.alwaysBounceHorizontal = alwaysBounceHorizontal
    self.alwaysBounceVertical = alwaysBounceVertical
  }
}

// MARK: - Adjusted insets and the offset range

extension ScrollGeometry {
  /// `contentInset` plus the safe-area edges that ``adjustmentBehavior`` selects, in points; or
  /// plus what the device added, where the trace recorded it (``recordedInsetAdjustment``).
  ///
  /// The edges each behaviour selects (Apple's `contentInsetAdjustmentBehavior` documentation):
  /// - `.always`: every edge;
  /// - `.never`: none;
  /// - `.scrollableAxes`: top and bottom when the content is taller than the bounds or
  ///   `alwaysBounceVertical`; left and right likewise for width;
  /// - `.automatic`: modelled as a scroll view that is a navigation or tab bar controller's content
  /// view: top and bottom always; left and right as `.scrollableAxes`.
  ///
  public var adjustedContentInset: EdgeInsets {
    if let added = recordedInsetAdjustment {
      return EdgeInsets(
        top: contentInset.top + added.top, left: contentInset.left + added.left,
        bottom: contentInset.bottom + added.bottom, right: contentInset.right + added.right)
    }
    let vertical: Bool
    let horizontal: Bool
    switch adjustmentBehavior {
    case .always:
      (vertical, horizontal) = (true, true)
    case .never:
      (vertical, horizontal) = (false, false)
    case .scrollableAxes:
      (vertical, horizontal) = (scrollsVertically, scrollsHorizontally)
    case .automatic:
      (vertical, horizontal) = (true, scrollsHorizontally)
    }
    var inset = contentInset
    if vertical {
      inset.top += safeAreaInsets.top
      inset.bottom += safeAreaInsets.bottom
    }
    if horizontal {
      inset.left += safeAreaInsets.left
      inset.right += safeAreaInsets.right
    }
    return inset
  }

  private var scrollsVertically: Bool {
    contentSize.height > boundsSize.height || alwaysBounceVertical
  }
  private var scrollsHorizontally: Bool {
    contentSize.width > boundsSize.width || alwaysBounceHorizontal
  }

  /// The smallest valid offset, `(−adjustedContentInset.left, −adjustedContentInset.top)`.
  public var minimumContentOffset: Point {
    let inset = adjustedContentInset
    return Point(x: -inset.left, y: -inset.top)
  }

  /// The largest valid offset: per axis, `max(minimum, contentSize + trailing inset − bounds)`.
  public var maximumContentOffset: Point {
    let inset = adjustedContentInset
    let minimum = Point(x: -inset.left, y: -inset.top)
    return Point(
      x: max(minimum.x, contentSize.width + inset.right - boundsSize.width),
      y: max(minimum.y, contentSize.height + inset.bottom - boundsSize.height))
  }

  /// The content size plus the adjusted insets: the area a user can scroll through, in points.
  public var contentArea: Size {
    let inset = adjustedContentInset
    return Size(
      width: contentSize.width + inset.left + inset.right,
      height: contentSize.height + inset.top + inset.bottom)
  }

  /// `offset` moved into the valid range on both axes.
  public func clamped(_ offset: Point) -> Point {
    let low = minimumContentOffset
    let high = maximumContentOffset
    return Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
  }

  /// Whether `offset` lies in the valid range on both axes.
  public func contains(_ offset: Point) -> Bool { clamped(offset) == offset }

  /// Whether a drag can move the content along `axis`: the range is not empty, or the view
  /// always bounces on that axis.
  public func canScroll(along axis: Axis) -> Bool {
    switch axis {
    case .horizontal: maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal
    case .vertical: maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical
    }
  }
}

// MARK: - Per-axis access

extension ScrollGeometry {
  /// The bounds length along `axis`, in points.
  public func boundsLength(along axis: Axis) -> Double {
    axis == .horizontal ? boundsSize.width : boundsSize.height
  }

  /// The valid offset range along `axis`.
  public func offsetRange(along axis: Axis) -> ClosedRange<Double> {
    let low = minimumContentOffset
    let high = maximumContentOffset
    return axis == .horizontal ? low.x...high.x : low.y...high.y
  }
}

extension Point {
  /// The coordinate along `axis`.
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? x : y }
    set { if axis == .horizontal { x = newValue } else { y = newValue } }
  }
}
