// scrolltrace — where the content offset goes when sizes change.

public import TraceCore

/// How a scroll view picks its content offset when its bounds or content size change (a rotation,
/// a split-view resize, new content).
///
/// UIKit's behaviour here is not documented, so each reading of
/// it is a policy (UIKit's behaviour as reported in slackhq/SlackTextViewController#539,
/// signalapp/JSQMessagesViewController#18 and ole/OLEContainerScrollView#12; the Vimeo and KRScrollView
/// articles).
public enum ResizePolicy: Sendable, Hashable {
  /// UIKit's default: keep the offset, then apply `adjustment` (the private
  /// `_adjustContentOffsetIfNecessary`). A pager resized this way shows the seam between two pages.
  case keepOffset(adjustment: OffsetAdjustment)
  /// KRScrollView (Kyle Redfearn, "iOS: Maintaining Content Offset When The Size Of Your UIScrollView
  /// Changes", 2017): keep the content point under the viewport's centre at the same fraction of the
  /// content size. Per axis, `offset = max(0, min(ratio·contentSize − viewport/2, contentSize −
  /// viewport))` with `ratio = (offset + viewport/2)/contentSize` taken before the change. Insets are
  /// ignored, as in the original.
  case keepCenterRatio
  /// Vimeo's technique (Van Nguyen, "UIScrollView with Vimeo's latest player screen", Vimeo Engineering
  /// Blog, 2021): keep the page index by moving to that page's offset for the new size, on each axis
  /// that scrolls; a page is one bounds length.
  case keepPageIndex

  /// UIKit's default with the adjustment most reports describe (clamp into range).
  public static let uikitDefault = ResizePolicy.keepOffset(adjustment: .clampToRange)

  /// What UIKit does after a size change leaves the offset invalid, as reported in
  /// slackhq/SlackTextViewController#539, signalapp/JSQMessagesViewController#18 and
  /// ole/OLEContainerScrollView#12.
  public enum OffsetAdjustment: String, Sendable, Hashable, CaseIterable {
    /// Leave the offset as it is, even out of range.
    case none
    /// Move the offset into the valid range (the Slack and OLE reports).
    case clampToRange
    /// Reset an out-of-range offset to the minimum, (0, 0) without insets (the KRScrollView blog).
    case resetToZero
  }
}

extension ResizePolicy {
  /// The offset after a change from `old` to `new` geometry, starting from `offset` (points).
  public func contentOffset(
    after old: ScrollGeometry, _ offset: Point, becoming new: ScrollGeometry
  ) -> Point {
    switch self {
    case .keepOffset(let adjustment):
      guard !new.contains(offset) else { return offset }
      switch adjustment {
      case .none: return offset
      case .clampToRange: return new.clamped(offset)
      case .resetToZero: return new.minimumContentOffset
      }
    case .keepCenterRatio:
      return Point(
        x: Self.centerRatioOffset(
          offset.x, old.boundsSize.width, old.contentSize.width, new.boundsSize.width,
          new.contentSize.width),
        y: Self.centerRatioOffset(
          offset.y, old.boundsSize.height, old.contentSize.height, new.boundsSize.height,
          new.contentSize.height))
    case .keepPageIndex:
      var result = new.clamped(offset)
      for axis in Axis.allCases {
        let oldPage = old.boundsLength(along: axis)
        let range = new.offsetRange(along: axis)
        guard oldPage > 0, range.upperBound > range.lowerBound else { continue }
        let index = (offset[axis] / oldPage).rounded()
        result[axis] = min(
          max(index * new.boundsLength(along: axis), range.lowerBound), range.upperBound)
      }
      return result
    }
  }

  /// KRScrollView's starting ratio, `contentOffsetRatio = CGPoint(x: 0.5, y: 0.5)`: until its
  /// content offset is first set, a KRScrollView resized places the content's centre under the
  /// viewport's (Kyle Redfearn, "iOS: Maintaining Content Offset When The Size Of Your UIScrollView
  /// Changes", Vivint Innovation Center, 2017).
  public static let initialCenterRatio = Point(x: 0.5, y: 0.5)

  /// Where ``keepCenterRatio`` places a view that has not scrolled yet: at
  /// ``initialCenterRatio`` of `new`'s content.
  public static func centeredOffset(in new: ScrollGeometry) -> Point {
    Point(
      x: centerRatioOffset(
        ratio: initialCenterRatio.x, new.boundsSize.width, new.contentSize.width),
      y: centerRatioOffset(
        ratio: initialCenterRatio.y, new.boundsSize.height, new.contentSize.height))
  }

  /// KRScrollView's `determineNewContentOffsetForRatio` on one axis.
  private static func centerRatioOffset(
    _ offset: Double, _ oldViewport: Double, _ oldContent: Double, _ viewport: Double,
    _ content: Double
  ) -> Double {
    // A zero content size gives a non-finite ratio; KRScrollView's final `> 0` test turns it into 0.
    centerRatioOffset(
      ratio: oldContent > 0 ? (offset + oldViewport / 2) / oldContent : 0, viewport, content)
  }

  /// The offset that puts `ratio` of the content under the viewport's centre, kept in the content.
  private static func centerRatioOffset(ratio: Double, _ viewport: Double, _ content: Double)
    -> Double
  {
    let raw = min(ratio * content - viewport / 2, content - viewport)
    return raw > 0 ? raw : 0
  }
}
