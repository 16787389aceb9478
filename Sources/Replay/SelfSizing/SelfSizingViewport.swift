// scrolltrace — what a self-sizing layout sees of the scroll view when it decides on the offset.

/// The scroll view as a layout sees it at one moment, in points along the scroll axis (a vertical
/// list: `y`): the visible rect, the insets and whether the user is scrolling.
///
/// Methods that need the items take the ``SelfSizingColumn`` as an argument, so that a layout
/// reading both never holds a second reference to the column while it changes.
public struct SelfSizingViewport: Sendable, Hashable {
  /// The bounds' origin along the axis: `contentOffset.y`.
  public var boundsMinY: Double
  /// The bounds' length along the axis: the viewport's height.
  public var boundsHeight: Double
  /// The adjusted content inset at the leading (top) edge.
  public var topInset: Double
  /// The adjusted content inset at the trailing (bottom) edge.
  public var bottomInset: Double
  /// Pixels per point, for pixel-aligned comparisons.
  public var displayScale: Double
  /// Whether the user is dragging (`isDragging`).
  public var isDragging: Bool
  /// Whether the content moves on after a drag (`isDecelerating`).
  public var isDecelerating: Bool

  /// Creates a viewport.
  public init(
    boundsMinY: Double, boundsHeight: Double, topInset: Double = 0, bottomInset: Double = 0,
    displayScale: Double = 3, isDragging: Bool = false, isDecelerating: Bool = false
  ) {
    self.boundsMinY = boundsMinY
    self.boundsHeight = boundsHeight
    self.topInset = topInset
    self.bottomInset = bottomInset
    self.displayScale = displayScale
    self.isDragging = isDragging
    self.isDecelerating = isDecelerating
  }

  /// The bounds' end along the axis.
  public var boundsMaxY: Double { boundsMinY + boundsHeight }

  /// The smallest offset: `-contentInset.top`.
  public var minimumOffset: Double { -topInset }

  /// The largest offset for content `contentLength` long: the content's end under the bottom
  /// inset, never below the smallest.
  public func maximumOffset(contentLength: Double) -> Double {
    max(contentLength - boundsHeight + bottomInset, minimumOffset)
  }

  /// `value` rounded to the nearest pixel (`alignedToPixel(forScreenWithScale:)`).
  public func pixelAligned(_ value: Double) -> Double {
    guard displayScale > 0 else { return value }
    return (value * displayScale).rounded() / displayScale
  }

  /// The items of `column` whose frames intersect the bounds, in order.
  public func visibleIndexes(in column: SelfSizingColumn) -> Range<Int> {
    column.indexes(intersecting: boundsMinY, boundsMaxY)
  }

  /// Whether item `index` of `column` lies wholly inside the bounds (`bounds.contains(frame)`).
  public func isFullyVisible(_ index: Int, in column: SelfSizingColumn) -> Bool {
    let start = column.start(of: index)
    return start >= boundsMinY && start + column.length(of: index) <= boundsMaxY
  }
}
