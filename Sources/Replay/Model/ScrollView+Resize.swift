// scrolltrace — sizes changing under the scroll view.

import TraceFormat

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
    geometry = new
    needsLayout = true
    if phase == .dragging {
      // The finger holds the content: re-derive where the drag started for the new range.
      return
    }
    var offset = oldOffset
    if !hasScrolled {
      offset = new.minimumContentOffset
    } else {
      if configuration.resizePolicy != .keepCenterRatio {
        let oldMinimum = old.minimumContentOffset
        let newMinimum = new.minimumContentOffset
        if offset.x == oldMinimum.x { offset.x = newMinimum.x }
        if offset.y == oldMinimum.y { offset.y = newMinimum.y }
      }
      offset = configuration.resizePolicy.contentOffset(after: old, offset, becoming: new)
    }
    continueMotion(keeping: offset == oldOffset)
    if transitionDuration > 0, old.boundsSize != new.boundsSize {
      let from = transition?.presentation(at: self.time) ?? (old.boundsSize, oldOffset)
      transition = ViewportTransition(
        start: self.time, duration: transitionDuration, from: from, to: (new.boundsSize, offset),
        curve: configuration.transitionCurve)
    }
    scroll(to: offset, delegate: &delegate)
  }

  /// Keeps or stops the motion in progress after a geometry change. Both axes of a release are of
  /// one kind: decelerations (rebuilt from now) or page snaps (kept).
  private mutating func continueMotion(keeping: Bool) {
    if case .none = motion { return }
    guard keeping else {
      motion = .none
      velocity = .zero
      if phase != .tracking { phase = .idle }
      return
    }
    guard case .released(let start, let x, let y) = motion else { return }
    let t = Double(time - start) / 1e9
    func restarted(_ axisMotion: AxisMotion?, _ axis: Axis) -> AxisMotion? {
      guard case .ballistic(let old)? = axisMotion else { return axisMotion }
      let range = geometry.offsetRange(along: axis)
      return .ballistic(
        BouncingDeceleration(
          position: old.position(at: t), velocity: old.velocity(at: t), minimum: range.lowerBound,
          maximum: range.upperBound, rate: configuration.decelerationRate, stopRule: configuration.decelerationStopRule,
          spring: configuration.bounceSpring, tolerance: configuration.tolerance))
    }
    if case .ballistic? = x ?? y {
      motion = .released(start: time, x: restarted(x, .horizontal), y: restarted(y, .vertical))
    }
  }

  /// Starts the scroll view's history of user and app scrolling: from now on, size changes keep the
  /// offset by the resize policy instead of placing it at the minimum.
  public mutating func markScrolled() { hasScrolled = true }
}
