// scrolltrace — what the app, or the UIKit adapter, tells the recorder, in UIKit's terms.

public import TraceCore

extension TraceRecorder {
  /// Records one sample of a finger: call it for each of `UIEvent.coalescedTouches(for:)`.
  ///
  /// - Parameters:
  ///   - finger: the identity of the finger's `UITouch` object (`ObjectIdentifier(touch)`); the
  ///     recorder numbers fingers itself (``TouchIdentities``).
  ///   - phase: the touch's phase.
  ///   - location: `touch.location(in: nil)`: in the window, in points.
  ///   - timestamp: `touch.timestamp`, in seconds since boot.
  ///   - force: `touch.force` where the device measures it.
  ///   - majorRadius: `touch.majorRadius`, in points.
  public func recordTouch(
    _ finger: ObjectIdentifier, phase: TouchSample.Phase, location: Point, timestamp: Double,
    force: Double? = nil, majorRadius: Double? = nil
  ) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return reject() }
    withLock {
      let sample = TouchSample(
        touchID: input.touches.number(for: finger, phase: phase), phase: phase, location: location,
        force: force, majorRadius: majorRadius)
      recordLocked(TraceEvent(timestamp: time, touch: sample))
    }
  }

  /// Records one displayed frame: call it from the display link's callback.
  ///
  /// While the run loop's passes are reported (``runLoopDidWake(at:)``,
  /// ``runLoopDidFinishPass(at:sleeping:geometry:)``), the observation is written when the pass
  /// that holds the callback ends, with the main thread's busy time charged to this frame: from
  /// the end of the previous frame's pass to the end of this one's, so the layout and commit that
  /// follow the callback count for the frame they delay. Otherwise it is written at once, with no
  /// busy time.
  ///
  /// - Parameters:
  ///   - timestamp: `CADisplayLink.timestamp`, in seconds since boot.
  ///   - targetTimestamp: `CADisplayLink.targetTimestamp`, in seconds since boot.
  ///   - contentOffset: the scroll view's `contentOffset`, in points.
  ///   - contentSize: the scroll view's `contentSize`, in points.
  public func recordFrame(
    timestamp: Double, targetTimestamp: Double, contentOffset: Point, contentSize: Size
  ) {
    openFrame(timestamp, targetTimestamp, .offset(contentOffset, contentSize))
  }

  /// Records one displayed frame with the scroll view's whole geometry: a change of bounds size,
  /// safe area or content since the previous frame is recorded first, as a viewport or content
  /// event at the frame's time.
  ///
  /// What the UIKit adapter calls from its display link; the observation waits for the end of the
  /// pass as ``recordFrame(timestamp:targetTimestamp:contentOffset:contentSize:)``'s does.
  ///
  /// - Parameters:
  ///   - timestamp: `CADisplayLink.timestamp`, in seconds since boot.
  ///   - targetTimestamp: `CADisplayLink.targetTimestamp`, in seconds since boot.
  ///   - geometry: the scroll view's geometry at the callback.
  public func recordFrame(
    timestamp: Double, targetTimestamp: Double, geometry: ScrollViewGeometry
  ) {
    openFrame(timestamp, targetTimestamp, .scrollView(geometry))
  }

  /// Whether a frame's callback came and its pass has not ended: the adapter then reads the
  /// scroll view's geometry again when the pass ends.
  public var hasOpenFrame: Bool { withLock { input.openFrame != nil } }

  private func openFrame(
    _ timestamp: Double, _ targetTimestamp: Double, _ geometry: OpenFrame.Geometry
  ) {
    guard let time = RecorderClock.nanoseconds(timestamp),
      let target = RecorderClock.nanoseconds(targetTimestamp)
    else { return reject() }
    withLock {
      // A pass that never ended (no observer saw it) gives its frame what is known.
      closeOpenFrameLocked()
      let frame = OpenFrame(timestamp: time, targetTimestamp: target, geometry: geometry)
      if input.busy.isMeasuring {
        input.openFrame = frame
      } else {
        frame.events(busyDuration: nil, late: nil, input: &input).each { recordLocked($0) }
      }
    }
  }

  /// The main run loop woke at `timestamp` (seconds since boot): `kCFRunLoopAfterWaiting` or
  /// `kCFRunLoopEntry`, reported before any other observer's work (``RunLoopPassObserver``).
  public func runLoopDidWake(at timestamp: Double) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return }
    withLock { input.busy.wake(at: time) }
  }

  /// The main run loop finished a pass at `timestamp` (seconds since boot), after UIKit's layout,
  /// Core Animation's commit and the autorelease pool's drain: `kCFRunLoopBeforeWaiting` when it
  /// goes to sleep, `kCFRunLoopExit` when it leaves its mode without sleeping.
  ///
  /// A frame whose callback came in the pass is written now, charged the busy time up to here.
  ///
  /// - Parameters:
  ///   - timestamp: the observer's own time (`CACurrentMediaTime()`), in seconds since boot.
  ///   - sleeping: whether the run loop goes to sleep (`kCFRunLoopBeforeWaiting`).
  ///   - geometry: the scroll view's geometry now, as the pass committed it for display at the
  ///     frame's target time; `nil` keeps the one read at the callback.
  public func runLoopDidFinishPass(
    at timestamp: Double, sleeping: Bool, geometry: ScrollViewGeometry? = nil
  ) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return }
    withLock {
      defer { if sleeping { input.busy.sleep(at: time) } }
      // Work in passes without a frame waits for the next frame, which it delays.
      guard let open = input.openFrame else { return }
      input.openFrame = nil
      let busy = input.busy.take(at: time)
      open.events(busyDuration: busy, late: geometry, input: &input).each {
        _ = appendLocked($0)
      }
      handOffIfDueLocked(at: time)
    }
  }

  /// The main run loop is about to sleep at `timestamp` (seconds since boot):
  /// `kCFRunLoopBeforeWaiting`, ``runLoopDidFinishPass(at:sleeping:geometry:)`` with no new
  /// geometry.
  public func runLoopWillSleep(at timestamp: Double) {
    runLoopDidFinishPass(at: timestamp, sleeping: true)
  }

  /// Records a change of the scroll view's bounds size or safe area (a rotation, a split-view
  /// resize), at `timestamp` (seconds since boot).
  ///
  /// The next frame's geometry then holds the new size already, and is not recorded again.
  public func recordViewport(_ change: ViewportChange, at timestamp: Double = RecorderClock.now) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return reject() }
    withLock {
      // The frame in the window the app did not give is the last one read: a viewport event
      // without it would let a replay take every touch.
      var change = change
      if change.frameInWindow == nil { change.frameInWindow = input.geometry?.frameInWindow }
      input.geometry?.boundsSize = change.size
      input.geometry?.safeAreaInsets = change.safeAreaInsets
      recordLocked(TraceEvent(timestamp: time, .viewport(change)))
    }
  }

  /// Announces a change of the scroll view's bounds size (a rotation, a split-view resize) before
  /// it happens, with its animation's duration: what the UIKit adapter forwards from
  /// `viewWillTransition(to:with:)`.
  ///
  /// Nothing is recorded yet: UIKit gives the new safe area only once the new size is laid out.
  /// The first frame whose bounds have `size` records the viewport change, with that frame's safe
  /// area and this duration. A later announcement replaces one not yet seen.
  ///
  /// - Parameters:
  ///   - size: the scroll view's new bounds size, in points.
  ///   - duration: the transition's duration, in seconds (`transitionDuration`).
  public func recordTransition(to size: Size, duration: Double) {
    let nanoseconds = max(RecorderClock.nanoseconds(duration) ?? 0, 0)
    withLock { input.transition = (size: size, duration: nanoseconds) }
  }

  /// Records a change of the content size, content inset or inset adjustment behaviour.
  public func recordContent(_ geometry: ContentGeometry, at timestamp: Double = RecorderClock.now) {
    record(.content(geometry), at: timestamp)
  }

  /// Records the scene the screen shows: pages, a list's items, or a container's children
  /// (``SceneLines`` describes a table or collection view from its item frames).
  public func recordScene(_ scene: Scene, at timestamp: Double = RecorderClock.now) {
    record(.scene(scene), at: timestamp)
  }

  /// Records an edit of the scene: an insert, a delete, a resize, a child hidden or shown.
  public func recordSceneEdit(_ edit: SceneEdit, at timestamp: Double = RecorderClock.now) {
    record(.sceneEdit(edit), at: timestamp)
  }

  /// Records a scroll the app made in code (`setContentOffset(_:animated:)`,
  /// `scrollToRow(at:at:animated:)`).
  public func recordProgrammaticScroll(
    _ scroll: ProgrammaticScroll, at timestamp: Double = RecorderClock.now
  ) {
    record(.programmaticScroll(scroll), at: timestamp)
  }

  /// Records a change of the keyboard's frame over the scroll view (format 1.5): what the UIKit
  /// adapter forwards from `keyboardWillChangeFrameNotification`
  /// (``TraceCore/KeyboardChange/init(keyboardMinY:scrollViewMaxY:duration:curve:isInteractive:)``).
  public func recordKeyboard(_ change: KeyboardChange, at timestamp: Double = RecorderClock.now) {
    record(.keyboard(change), at: timestamp)
  }

  /// Records a step of a scroll with no finger on the screen (format 1.9): what the UIKit adapter
  /// forwards from the scroll view's pan for a trackpad's or a mouse wheel's scroll
  /// (``ScrollInputPhases``).
  public func recordScroll(_ scroll: ScrollInput, at timestamp: Double = RecorderClock.now) {
    record(.scroll(scroll), at: timestamp)
  }

  /// Records a marker, such as the name of the screen or a test step.
  ///
  /// Keep the text about the
  /// app, never about the person using it.
  public func recordMarker(_ text: String, at timestamp: Double = RecorderClock.now) {
    record(.marker(text), at: timestamp)
  }

  private func record(_ payload: EventPayload, at timestamp: Double) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return reject() }
    record(TraceEvent(timestamp: time, payload))
  }
}
