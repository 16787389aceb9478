// scrolltrace — sizes changing under the scroll view.

public import TraceCore

extension ScrollView {
  /// Changes the geometry at `time` (nanoseconds): a resize of the viewport (a rotation, with a
  /// `transitionDuration` in nanoseconds for the on-screen animation), new content, new insets.
  ///
  /// The new offset comes from ``ScrollViewConfiguration/resizePolicy``, except during a drag, when
  /// the finger keeps the content where it is. An offset pinned to the leading edge (the minimum)
  /// stays pinned when the insets change, as UIKit keeps content under a bar when the adjusted
  /// inset changes; this holds for every policy but the centre ratio, which ignores insets as
  /// KRScrollView does. A motion in progress goes on when the offset is kept — a deceleration
  /// restarts from its current position and velocity against the new range (the decay has no
  /// memory, so there is no seam), a page snap or animation keeps its target offset, as UIKit's
  /// animations target absolute offsets — and stops where it is when the policy moved the offset.
  public mutating func setGeometry<Delegate: ScrollViewDelegate>(
    _ new: ScrollGeometry, transitionDuration: Int64 = 0, at time: Int64, delegate: inout Delegate
  ) {
    advanceMotion(to: time, delegate: &delegate)
    var new = new
    new.alwaysBounceHorizontal = configuration.alwaysBounceHorizontal
    new.alwaysBounceVertical = configuration.alwaysBounceVertical
    let old = geometry
    guard new != old else { return }
    let oldOffset = contentOffset
    needsLayout = true
    if phase == .dragging {
      // The finger holds the content where it is.
      geometry = new
      return
    }
    var offset = oldOffset
    if !hasScrolled, configuration.resizePolicy == .keepCenterRatio,
      old.boundsSize != new.boundsSize
    {
      // KRScrollView's ratio starts at (0.5, 0.5): resized before any scroll, it centres the
      // content, and from then on keeps the ratio of the offset it set.
      offset = ResizePolicy.centeredOffset(in: new)
      hasScrolled = true
      delegateHooks.call(.scrollViewWillTransition)
      delegate.scrollViewWillTransition(&self, to: new, targetContentOffset: &offset)
    } else if !hasScrolled {
      offset = new.minimumContentOffset
    } else {
      if configuration.resizePolicy != .keepCenterRatio {
        let oldMinimum = old.minimumContentOffset
        let newMinimum = new.minimumContentOffset
        if offset.x == oldMinimum.x { offset.x = newMinimum.x }
        if offset.y == oldMinimum.y { offset.y = newMinimum.y }
      }
      offset = configuration.resizePolicy.contentOffset(after: old, offset, becoming: new)
      // The hook sees the geometry before the change, as viewWillTransition(to:with:) does.
      delegateHooks.call(.scrollViewWillTransition)
      delegate.scrollViewWillTransition(&self, to: new, targetContentOffset: &offset)
    }
    geometry = new
    if transitionDuration > 0, old.boundsSize != new.boundsSize {
      let from = transition?.presentation(at: self.time) ?? (old.boundsSize, oldOffset)
      transition = ViewportTransition(
        start: self.time, duration: transitionDuration, from: from, to: (new.boundsSize, offset),
        curve: configuration.transitionCurve)
    }
    scroll(to: offset, byInput: false, delegate: &delegate)
    continueMotion(from: oldOffset)
  }

  /// Keeps or stops the motion in progress after a geometry change, axis by axis: an axis whose
  /// offset the change moved stops; on the others a deceleration is rebuilt from now and a page
  /// snap or animation goes on.
  private mutating func continueMotion(from oldOffset: Point) {
    let movedX = contentOffset.x != oldOffset.x
    let movedY = contentOffset.y != oldOffset.y
    switch motion {
    case .none:
      return
    case .animation:
      if movedX || movedY { stopMotion() }
    case .released(let start, let x, let y):
      if movedX && movedY {
        stopMotion()
        return
      }
      if movedX || movedY {
        motion = .released(start: start, x: movedX ? nil : x, y: movedY ? nil : y)
        if case .released(_, nil, nil) = motion {
          stopMotion()
          return
        }
      }
      restartBallistics(at: contentOffset)
    }
  }

  private mutating func stopMotion() {
    motion = .none
    velocity = .zero
    if phase != .tracking { phase = .idle }
  }

  /// Sets the content size without moving the offset (no policy, no hooks): for engines that manage
  /// their own content size from inside a hook, as a UIKit component sets `contentSize`.
  public mutating func setContentSize(_ size: Size) {
    guard size != geometry.contentSize else { return }
    geometry.contentSize = size
    needsLayout = true
  }

  /// Starts the scroll view's history of user and app scrolling: from now on, size changes keep the
  /// offset by the resize policy instead of placing it at the minimum.
  public mutating func markScrolled() { hasScrolled = true }
}
