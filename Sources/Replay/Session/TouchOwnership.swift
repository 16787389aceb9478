// scrolltrace — which of a recording's touches the scroll view receives.

import TraceCore

/// Which touches are the scroll view's: those that begin inside its frame in the window, where
/// the trace records the frame (format 1.8, `ViewportChange.frameInWindow`); every touch where
/// it does not.
///
/// UIKit delivers a touch, for its whole life, to the view it landed on
/// (`hitTest(_:with:)`, https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)):
/// a finger that lands on a tab bar below the list and slides up over it does not scroll the list.
/// So a touch that begins outside the frame is left out until it ends, wherever it moves.
struct TouchOwnership: Sendable {
  /// The scroll view's frame in its window, in points; `nil` when not recorded.
  var frame: Rect?
  /// The touches that began outside the frame and have not ended.
  private var others: Set<UInt32> = []

  /// Whether the scroll view receives `sample`, noting a touch that begins outside its frame.
  @inline(__always)
  mutating func receives(_ sample: TouchSample) -> Bool {
    guard frame != nil || !others.isEmpty else { return true }
    let ends = sample.phase == .ended || sample.phase == .cancelled
    if others.contains(sample.touchID) {
      if ends { others.remove(sample.touchID) }
      return false
    }
    if sample.phase == .began, let frame, !frame.contains(sample.location) {
      if !ends { others.insert(sample.touchID) }
      return false
    }
    return true
  }
}
