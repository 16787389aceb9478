// scrolltrace — advancing the scroll view on the frame clock.

import TraceCore

extension ScrollView {
  /// Advances to the frame presented at `time` (nanoseconds): evaluates the motion, ends finished
  /// motions and transitions (calling their hooks), then lays out if anything changed.
  public mutating func advance<Delegate: ScrollViewDelegate>(
    to time: Int64, delegate: inout Delegate
  ) {
    advanceMotion(to: time, delegate: &delegate)
    if let transition, transition.isDone(at: self.time) { self.transition = nil }
    if phase == .dragging || phase == .tracking {
      if let previous = previousFrame, self.time > previous.time {
        let seconds = Double(self.time &- previous.time) / 1e9
        velocity = Point(
          x: (contentOffset.x - previous.offset.x) / seconds,
          y: (contentOffset.y - previous.offset.y) / seconds)
      } else {
        velocity = .zero
      }
    }
    if needsLayout {
      needsLayout = false
      delegateHooks.call(.layoutSubviews)
      delegate.layoutSubviews(&self)
    }
    previousFrame = (self.time, contentOffset)
  }

  /// Evaluates the current motion at `time`, without laying out.
  ///
  /// Time never goes backwards: an
  /// earlier `time` (an out-of-order event) is treated as the latest time seen.
  mutating func advanceMotion<Delegate: ScrollViewDelegate>(
    to time: Int64, delegate: inout Delegate
  ) {
    self.time = max(self.time, time)
    absorbExternalOffsetChange()
    switch motion {
    case .none:
      return
    case .released(let start, let x, let y):
      let t = Double(self.time &- start) / 1e9
      let sx = x?.sample(at: t)
      let sy = y?.sample(at: t)
      var offset = contentOffset
      if let sx { offset.x = sx.position }
      if let sy { offset.y = sy.position }
      velocity = Point(x: sx?.velocity ?? 0, y: sy?.velocity ?? 0)
      let done = (sx?.isDone ?? true) && (sy?.isDone ?? true)
      phase =
        done
        ? .idle
        : ((sx?.isBouncing ?? false) || (sy?.isBouncing ?? false) ? .bouncing : .decelerating)
      scroll(to: offset, delegate: &delegate)
      if done {
        motion = .none
        velocity = .zero
        delegateHooks.call(.scrollViewDidEndDecelerating)
        delegate.scrollViewDidEndDecelerating(&self)
      }
    case .animation(let start, let x, let y):
      let t = Double(self.time &- start) / 1e9
      velocity = Point(x: x.velocity(at: t), y: y.velocity(at: t))
      let done = x.isDone(at: t) && y.isDone(at: t)
      scroll(to: Point(x: x.position(at: t), y: y.position(at: t)), delegate: &delegate)
      if done {
        motion = .none
        velocity = .zero
        phase = .idle
        delegateHooks.call(.scrollViewDidEndScrollingAnimation)
        delegate.scrollViewDidEndScrollingAnimation(&self)
      }
    }
  }

  /// Sets the offset and calls `scrollViewDidScroll` if it changed.
  ///
  /// `byInput` says whether the
  /// input or the model's motion asks for the change (it counts in ``inputDisplacement``) or a
  /// resize policy does.
  mutating func scroll<Delegate: ScrollViewDelegate>(
    to offset: Point, byInput: Bool = true, delegate: inout Delegate
  ) {
    modelOffset = offset
    guard offset != contentOffset else { return }
    if byInput {
      inputDisplacement.x += offset.x - contentOffset.x
      inputDisplacement.y += offset.y - contentOffset.y
    }
    contentOffset = offset
    delegateHooks.call(.scrollViewDidScroll)
    delegate.scrollViewDidScroll(&self)
  }

  /// Carries an offset change made by an engine into the motion in progress: a drag's origin moves
  /// by it; a deceleration restarts from the new offset with its current velocity.
  mutating func absorbExternalOffsetChange() {
    let shift = Point(x: contentOffset.x - modelOffset.x, y: contentOffset.y - modelOffset.y)
    guard shift != .zero else { return }
    modelOffset = contentOffset
    if phase == .dragging {
      dragOrigin.x += shift.x
      dragOrigin.y += shift.y
    } else {
      restartBallistics(at: contentOffset)
    }
  }

  /// Rebuilds a released deceleration from `position` at the current time, with its current
  /// velocity, against the current range; page snaps and animations are left alone.
  mutating func restartBallistics(at position: Point) {
    guard case .released(let start, let x, let y) = motion else { return }
    let t = Double(time &- start) / 1e9
    func rebuilt(_ axisMotion: AxisMotion?, _ axis: Axis) -> AxisMotion? {
      guard case .ballistic(let old)? = axisMotion else { return axisMotion }
      let range = geometry.offsetRange(along: axis)
      return .ballistic(
        BouncingDeceleration(
          position: position[axis], velocity: old.velocity(at: t), minimum: range.lowerBound,
          maximum: range.upperBound, rate: configuration.decelerationRate,
          model: configuration.decelerationModel,
          stopRule: configuration.decelerationStopRule, spring: configuration.bounceSpring,
          tolerance: configuration.tolerance, springStopRule: configuration.springStopRule))
    }
    guard case .ballistic? = x ?? y else { return }
    motion = .released(start: time, x: rebuilt(x, .horizontal), y: rebuilt(y, .vertical))
  }
}

extension ScrollView {
  /// Whether the model stays as it is until the next input: no finger down, no motion, animation
  /// or transition, no layout pending and no offset change it has not yet absorbed.
  ///
  /// Advancing an
  /// idle scroll view only moves its clock.
  var isIdle: Bool {
    guard case .none = motion else { return false }
    return phase == .idle && !isTracking && transition == nil && !needsLayout
      && contentOffset == modelOffset
      && inputDisplacement == .zero
  }
}
