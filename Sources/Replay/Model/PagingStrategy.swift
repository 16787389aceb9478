// scrolltrace — which page a paging scroll view settles on.

/// How a paging scroll view (`isPagingEnabled`) picks the page to settle on when the finger lifts.
///
/// Apple documents only that the view "stops on multiples of the scroll view's bounds"; the rule is
/// not published, so it is a strategy.
public enum PagingStrategy: String, Sendable, Hashable, CaseIterable {
  /// Flutter's `PageScrollPhysics._getTargetPixels` (`flutter/flutter`
  /// `packages/flutter/lib/src/widgets/page_view.dart`, commit 819f6813): `page = offset/length`,
  /// minus 0.5 when the velocity is below `−tolerance`, plus 0.5 when above `+tolerance`, rounded.
  /// At most one page per release. The default.
  case halfPage
  /// WinObjC's `UIScrollView.mm`: round the projected resting offset to the nearest page; a fast
  /// fling may skip pages.
  case projected
  /// The common app-level pattern: round the projected offset, then clamp to one page either side of
  /// the page where the drag began.
  case projectedOnePage

  /// The target page offset (points) along the paging axis.
  ///
  /// - Parameters:
  ///   - offset: the offset at release, in points.
  ///   - velocity: the offset's velocity at release, in points per second.
  ///   - pageLength: the page length (the bounds length), in points.
  ///   - dragStartOffset: the offset where the drag began, in points.
  ///   - projectedDistance: the distance a free deceleration would travel, in points.
  ///   - velocityTolerance: the speed below which a release counts as still, in points per second.
  /// - Returns: the offset of the page to settle on, in points.
  public func targetOffset(
    offset: Double, velocity: Double, pageLength: Double, dragStartOffset: Double,
    projectedDistance: Double, velocityTolerance: Double
  ) -> Double {
    guard pageLength > 0 else { return offset }
    switch self {
    case .halfPage:
      var page = offset / pageLength
      if velocity < -velocityTolerance {
        page -= 0.5
      } else if velocity > velocityTolerance {
        page += 0.5
      }
      return page.rounded() * pageLength
    case .projected:
      return ((offset + projectedDistance) / pageLength).rounded() * pageLength
    case .projectedOnePage:
      let start = (dragStartOffset / pageLength).rounded()
      let page = ((offset + projectedDistance) / pageLength).rounded()
      return min(max(page, start - 1), start + 1) * pageLength
    }
  }
}
