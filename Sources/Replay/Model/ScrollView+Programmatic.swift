// scrolltrace — scrolling done by the app: setContentOffset(_:animated:) and scroll to an item.

public import TraceCore

extension ScrollView {
  /// `setContentOffset(_:animated:)` at `time` (nanoseconds).
  ///
  /// Stops any motion. Animated, it moves
  /// along ``ScrollViewConfiguration/scrollAnimationCurve`` over
  /// ``ScrollViewConfiguration/scrollAnimationDuration`` and ends with
  /// `scrollViewDidEndScrollingAnimation`; otherwise it jumps. The offset is not clamped, as in
  /// UIKit. During a drag, the drag continues from the new offset.
  public mutating func setContentOffset<Delegate: ScrollViewDelegate>(
    _ offset: Point, animated: Bool, at time: Int64, delegate: inout Delegate
  ) {
    advanceMotion(to: time, delegate: &delegate)
    hasScrolled = true
    if phase == .dragging {
      dragOrigin.x += offset.x - contentOffset.x
      dragOrigin.y += offset.y - contentOffset.y
      scroll(to: offset, delegate: &delegate)
      return
    }
    motion = .none
    velocity = .zero
    guard animated, offset != contentOffset, configuration.scrollAnimationDuration > 0 else {
      if phase != .tracking { phase = .idle }
      scroll(to: offset, delegate: &delegate)
      if animated {
        delegateHooks.call(.scrollViewDidEndScrollingAnimation)
        delegate.scrollViewDidEndScrollingAnimation(&self)
      }
      return
    }
    let duration = configuration.scrollAnimationDuration
    let curve = configuration.scrollAnimationCurve
    motion = .animation(
      start: self.time,
      x: CurveAnimation(start: contentOffset.x, end: offset.x, duration: duration, curve: curve),
      y: CurveAnimation(start: contentOffset.y, end: offset.y, duration: duration, curve: curve))
    phase = .animating
  }

  /// `setContentOffset(_:animated:)` from inside a hook, at the model's current time: the same
  /// motion, without calling hooks for it (the engine is already running one).
  ///
  /// The engine moved
  /// the content, not the input: an immediate change stays out of ``inputDisplacement``; the
  /// animation it starts is motion like any other.
  public mutating func setContentOffset(_ offset: Point, animated: Bool) {
    var silent = SilentDelegate()
    let displacement = inputDisplacement
    setContentOffset(offset, animated: animated, at: time, delegate: &silent)
    inputDisplacement = displacement
  }

  /// The offset that shows the content span `start..<start+length` (points along `axis`) at
  /// `position`, clamped to the valid range, as `scrollToRow(at:at:animated:)` does:
  /// `.start` puts the item after the leading inset, `.center` centres it in the bounds, `.end`
  /// puts it before the trailing inset.
  public func contentOffset(
    showing start: Double, length: Double, along axis: Axis,
    at position: ProgrammaticScroll.ItemPosition
  ) -> Point {
    let inset = geometry.adjustedContentInset
    let leading = axis == .horizontal ? inset.left : inset.top
    let trailing = axis == .horizontal ? inset.right : inset.bottom
    let viewport = geometry.boundsLength(along: axis)
    var offset = contentOffset
    switch position {
    case .start: offset[axis] = start - leading
    case .center: offset[axis] = start + length / 2 - viewport / 2
    case .end: offset[axis] = start + length - viewport + trailing
    }
    let range = geometry.offsetRange(along: axis)
    offset[axis] = min(max(offset[axis], range.lowerBound), range.upperBound)
    return offset
  }
}

/// A delegate that ignores every hook.
struct SilentDelegate: ScrollViewDelegate {}
