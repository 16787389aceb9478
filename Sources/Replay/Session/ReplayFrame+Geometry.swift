// scrolltrace — where a frame's content area and viewport lie, and how far it is from the bottom.

public import TraceCore

extension ReplayFrame {
  /// The viewport as a rectangle in content coordinates: the bounds at the offset, in points.
  public var viewport: Rect {
    Rect(x: contentOffset.x, y: contentOffset.y, width: boundsSize.width, height: boundsSize.height)
  }

  /// How far the offset is above the largest, in points (`contentSize.height` less the bounds and
  /// the bottom inset, never above the top inset's): 0 for a list resting at its bottom.
  public var gapToBottom: Double {
    let inset = adjustedContentInset
    let maximum = max(contentSize.height - boundsSize.height + inset.bottom, -inset.top)
    return maximum - contentOffset.y
  }

  /// The content area in content coordinates: the bounds inside the adjusted insets, in points
  /// (what bars and the safe area leave visible).
  public var contentArea: Rect {
    let inset = adjustedContentInset
    return Rect(
      x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
      width: max(0, boundsSize.width - inset.left - inset.right),
      height: max(0, boundsSize.height - inset.top - inset.bottom))
  }
}
