// scrolltrace — the hooks engines build on.

public import TraceCore

/// The moments of a scroll view's life an engine can act on, after `UIScrollViewDelegate`.
///
/// Each hook receives the scroll view `inout`, so an engine may change it (its content size, its
/// offset) as a UIKit delegate would. The scroll view does not call hooks again for changes made
/// inside a hook: an engine that needs re-entrant layout runs it itself. Every hook has an empty
/// default implementation. Velocities are in points per second (UIKit's
/// `scrollViewWillEndDragging` reports points per millisecond; multiply by 1000 to compare).
public protocol ScrollViewDelegate {
  /// The content offset changed (`scrollViewDidScroll`).
  mutating func scrollViewDidScroll(_ scrollView: inout ScrollView)
  /// The pan passed the touch slop; dragging starts (`scrollViewWillBeginDragging`).
  mutating func scrollViewWillBeginDragging(_ scrollView: inout ScrollView)
  /// The finger lifted after a drag. `targetContentOffset` holds where the content would come to
  /// rest; change it to choose another resting offset (ignored for paging, as UIKit ignores it:
  /// "Stop offset can not be modified for paging scroll views").
  mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point)
  /// The drag ended; `willDecelerate` says whether motion continues (`scrollViewDidEndDragging`).
  mutating func scrollViewDidEndDragging(_ scrollView: inout ScrollView, willDecelerate: Bool)
  /// Motion continues after the drag (`scrollViewWillBeginDecelerating`).
  mutating func scrollViewWillBeginDecelerating(_ scrollView: inout ScrollView)
  /// The motion after a drag came to rest (`scrollViewDidEndDecelerating`).
  mutating func scrollViewDidEndDecelerating(_ scrollView: inout ScrollView)
  /// An animated `setContentOffset` finished (`scrollViewDidEndScrollingAnimation`).
  mutating func scrollViewDidEndScrollingAnimation(_ scrollView: inout ScrollView)
  /// The bounds or content changed since the last frame: lay out (`layoutSubviews`). Called at
  /// most once per frame, before the frame is reported.
  mutating func layoutSubviews(_ scrollView: inout ScrollView)
  /// The geometry is about to change to `geometry` (a rotation, a resize, new content), outside a
  /// drag. `targetContentOffset` holds the offset the resize policy chose; change it to choose
  /// another, as `viewWillTransition(to:with:)` code does (Vimeo's future-size scroll).
  mutating func scrollViewWillTransition(
    _ scrollView: inout ScrollView, to geometry: ScrollGeometry, targetContentOffset: inout Point)
}

// MARK: - Default implementations

// Each default notes in the scroll view's log that it answered (``DelegateHookLog``): a hook the
// scroll view called but the engine does not implement, by name or by a near-miss signature.
extension ScrollViewDelegate {
  /// Does nothing.
  public mutating func scrollViewDidScroll(_ scrollView: inout ScrollView) {
    scrollView.delegateHooks.answerByDefault(.scrollViewDidScroll)
  }
  /// Does nothing.
  public mutating func scrollViewWillBeginDragging(_ scrollView: inout ScrollView) {
    scrollView.delegateHooks.answerByDefault(.scrollViewWillBeginDragging)
  }
  /// Leaves the target as the model chose it.
  public mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point
  ) {
    scrollView.delegateHooks.answerByDefault(.scrollViewWillEndDragging)
  }
  /// Does nothing.
  public mutating func scrollViewDidEndDragging(
    _ scrollView: inout ScrollView, willDecelerate: Bool
  ) {
    scrollView.delegateHooks.answerByDefault(.scrollViewDidEndDragging)
  }
  /// Does nothing.
  public mutating func scrollViewWillBeginDecelerating(_ scrollView: inout ScrollView) {
    scrollView.delegateHooks.answerByDefault(.scrollViewWillBeginDecelerating)
  }
  /// Does nothing.
  public mutating func scrollViewDidEndDecelerating(_ scrollView: inout ScrollView) {
    scrollView.delegateHooks.answerByDefault(.scrollViewDidEndDecelerating)
  }
  /// Does nothing.
  public mutating func scrollViewDidEndScrollingAnimation(_ scrollView: inout ScrollView) {
    scrollView.delegateHooks.answerByDefault(.scrollViewDidEndScrollingAnimation)
  }
  /// Lays out nothing.
  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    scrollView.delegateHooks.answerByDefault(.layoutSubviews)
  }
  /// Leaves the target as the resize policy chose it.
  public mutating func scrollViewWillTransition(
    _ scrollView: inout ScrollView, to geometry: ScrollGeometry, targetContentOffset: inout Point
  ) {
    scrollView.delegateHooks.answerByDefault(.scrollViewWillTransition)
  }
}
