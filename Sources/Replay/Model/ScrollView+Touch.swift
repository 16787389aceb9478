// scrolltrace — the scroll view's pan: following the finger, and letting go.

public import TraceCore

extension ScrollView {
  /// Applies a touch sample taken at `time` (nanoseconds): touch-down catches any motion, the pan
  /// drags the content (with the rubber band past an edge), and the release starts deceleration,
  /// a bounce or a page snap.
  public mutating func handle<Delegate: ScrollViewDelegate>(
    _ sample: TouchSample, at time: Int64, delegate: inout Delegate
  ) {
    advanceMotion(to: time, delegate: &delegate)
    guard let update = pan.handle(sample, at: self.time) else { return }
    follow(update, delegate: &delegate)
  }

  /// Applies a step of a scroll with no finger taken at `time` (nanoseconds), a trackpad's or a
  /// mouse wheel's (format 1.9): its first step catches any motion and begins a drag at once,
  /// the content follows its translation as it follows a finger's (with the rubber band past an
  /// edge), and its last releases the content with the scroll's velocity.
  ///
  /// What UIKit does when the fingers leave a trackpad is not documented; the model decelerates
  /// as after a finger's release, from the velocity of the scroll's last steps.
  public mutating func handle<Delegate: ScrollViewDelegate>(
    _ scroll: ScrollInput, at time: Int64, delegate: inout Delegate
  ) {
    advanceMotion(to: time, delegate: &delegate)
    guard let update = pan.handle(scroll, at: self.time) else { return }
    // A scroll lands and begins at once: its first step catches any motion, as a finger does.
    if update == .began { follow(.touchDown, delegate: &delegate) }
    follow(update, delegate: &delegate)
  }

  /// What the pan's `update` does to the content: touch-down catches any motion, the pan drags
  /// the content, and the release starts deceleration, a bounce or a page snap.
  @inline(__always)
  private mutating func follow<Delegate: ScrollViewDelegate>(
    _ update: PanRecognizer.Update, delegate: inout Delegate
  ) {
    switch update {
    case .touchDown:
      // A finger on moving content stops it where it is (UIKit's "catch").
      motion = .none
      velocity = .zero
      phase = .tracking
    case .began:
      beginDrag(delegate: &delegate)
    case .changed:
      drag(delegate: &delegate)
    case .ended(let fingerVelocity):
      drag(delegate: &delegate)
      // The content moves against the finger.
      release(velocity: Point(x: -fingerVelocity.x, y: -fingerVelocity.y), delegate: &delegate)
    case .touchUp:
      settle(delegate: &delegate)
    }
  }

  private mutating func beginDrag<Delegate: ScrollViewDelegate>(delegate: inout Delegate) {
    phase = .dragging
    hasScrolled = true
    dragAxes = Set(Axis.allCases.filter { geometry.canScroll(along: $0) })
    var origin = contentOffset
    for axis in dragAxes {
      let range = geometry.offsetRange(along: axis)
      origin[axis] = configuration.rubberBand.unapply(
        contentOffset[axis], minimum: range.lowerBound, maximum: range.upperBound,
        dimension: geometry.boundsLength(along: axis))
    }
    dragOrigin = origin
    delegateHooks.call(.scrollViewWillBeginDragging)
    delegate.scrollViewWillBeginDragging(&self)
  }

  private mutating func drag<Delegate: ScrollViewDelegate>(delegate: inout Delegate) {
    guard phase == .dragging else { return }
    let translation = pan.translation
    var offset = contentOffset
    for axis in dragAxes {
      let range = geometry.offsetRange(along: axis)
      let raw = dragOrigin[axis] - translation[axis]
      offset[axis] =
        configuration.bounces
        ? configuration.rubberBand.apply(
          raw, minimum: range.lowerBound, maximum: range.upperBound,
          dimension: geometry.boundsLength(along: axis))
        : min(max(raw, range.lowerBound), range.upperBound)
    }
    scroll(to: offset, delegate: &delegate)
  }

  /// Ends a drag with the content moving at `velocity` (points per second).
  ///
  /// Without `fromDrag` (a
  /// touch that never became a pan), the dragging hooks are not called.
  private mutating func release<Delegate: ScrollViewDelegate>(
    velocity releaseVelocity: Point, fromDrag: Bool = true, delegate: inout Delegate
  ) {
    var v = Point.zero
    for axis in dragAxes { v[axis] = releaseVelocity[axis] }
    let axes = dragAxes
    var x: AxisMotion?
    var y: AxisMotion?
    if configuration.isPagingEnabled {
      var target = contentOffset
      for axis in axes { target[axis] = pageTarget(along: axis, velocity: v[axis]) }
      var proposed = target
      if fromDrag {
        delegateHooks.call(.scrollViewWillEndDragging)
        delegate.scrollViewWillEndDragging(&self, velocity: v, targetContentOffset: &proposed)
      }
      for axis in axes where target[axis] != contentOffset[axis] || v[axis] != 0 {
        let snap = AxisMotion.snap(
          SpringSimulation(
            spring: configuration.pagingSpring, start: contentOffset[axis], end: target[axis],
            velocity: v[axis],
            tolerance: configuration.tolerance, stopRule: configuration.springStopRule))
        if axis == .horizontal { x = snap } else { y = snap }
      }
    } else {
      let natural = restingOffset(velocity: v, axes: axes)
      var proposed = natural
      if fromDrag {
        delegateHooks.call(.scrollViewWillEndDragging)
        delegate.scrollViewWillEndDragging(&self, velocity: v, targetContentOffset: &proposed)
      }
      for axis in axes {
        let range = geometry.offsetRange(along: axis)
        let motion = AxisMotion.ballistic(
          BouncingDeceleration(
            position: contentOffset[axis], velocity: v[axis], minimum: range.lowerBound,
            maximum: range.upperBound,
            target: proposed[axis] != natural[axis] && proposed[axis].isFinite
              ? proposed[axis] : nil,
            rate: configuration.decelerationRate, model: configuration.decelerationModel,
            stopRule: configuration.decelerationStopRule, spring: configuration.bounceSpring,
            tolerance: configuration.tolerance,
            springStopRule: configuration.springStopRule))
        if axis == .horizontal { x = motion } else { y = motion }
      }
    }
    let willDecelerate = !((x?.sample(at: 0).isDone ?? true) && (y?.sample(at: 0).isDone ?? true))
    if fromDrag {
      delegateHooks.call(.scrollViewDidEndDragging)
      delegate.scrollViewDidEndDragging(&self, willDecelerate: willDecelerate)
    }
    guard willDecelerate else {
      motion = .none
      phase = .idle
      velocity = .zero
      return
    }
    motion = .released(start: time, x: x, y: y)
    phase = .decelerating
    velocity = v
    delegateHooks.call(.scrollViewWillBeginDecelerating)
    delegate.scrollViewWillBeginDecelerating(&self)
  }

  /// After a touch that never became a pan: spring back from overscroll, or onto the page grid.
  ///
  /// An animation the app started under the finger (`setContentOffset(_:animated:)` while it
  /// rested there) goes on: lifting a finger that never panned does not stop it, and the content
  /// is not at rest until it ends.
  private mutating func settle<Delegate: ScrollViewDelegate>(delegate: inout Delegate) {
    if case .animation = motion {
      phase = .animating
      return
    }
    phase = .idle
    let axes = Set(Axis.allCases.filter { geometry.canScroll(along: $0) })
    dragAxes = axes
    let needsMotion = axes.contains { axis in
      let range = geometry.offsetRange(along: axis)
      let offset = contentOffset[axis]
      return !range.contains(offset)
        || (configuration.isPagingEnabled && pageTarget(along: axis, velocity: 0) != offset)
    }
    guard needsMotion else { return }
    release(velocity: .zero, fromDrag: false, delegate: &delegate)
  }

  /// The page offset a release at the current offset with `velocity` settles on, in the valid range.
  func pageTarget(along axis: Axis, velocity: Double) -> Double {
    let range = geometry.offsetRange(along: axis)
    let target = configuration.pagingStrategy.targetOffset(
      offset: contentOffset[axis], velocity: velocity,
      pageLength: geometry.boundsLength(along: axis),
      dragStartOffset: dragOrigin[axis],
      projectedDistance: configuration.decelerationModel.decayDistance(
        velocity: velocity, rate: configuration.decelerationRate),
      velocityTolerance: configuration.tolerance.velocity)
    return min(max(target, range.lowerBound), range.upperBound)
  }

  /// Where a free deceleration at `velocity` would end, clamped to the valid range: the
  /// `targetContentOffset` offered to `scrollViewWillEndDragging`.
  func restingOffset(velocity: Point, axes: Set<Axis>) -> Point {
    var target = contentOffset
    for axis in axes {
      let range = geometry.offsetRange(along: axis)
      let end =
        contentOffset[axis]
        + configuration.decelerationModel.decayDistance(
          velocity: velocity[axis], rate: configuration.decelerationRate)
      target[axis] = min(max(end, range.lowerBound), range.upperBound)
    }
    return target
  }
}
