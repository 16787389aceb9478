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
    withInputState { state, record in
      let sample = TouchSample(
        touchID: state.touches.number(for: finger, phase: phase), phase: phase, location: location,
        force: force, majorRadius: majorRadius)
      record(TraceEvent(timestamp: time, touch: sample))
    }
  }

  /// Records one displayed frame: call it from the display link's callback.
  ///
  /// The main thread's busy time since the previous frame comes with it when the run loop's
  /// notifications are forwarded (``runLoopDidWake(at:)``, ``runLoopWillSleep(at:)``).
  ///
  /// - Parameters:
  ///   - timestamp: `CADisplayLink.timestamp`, in seconds since boot.
  ///   - targetTimestamp: `CADisplayLink.targetTimestamp`, in seconds since boot.
  ///   - contentOffset: the scroll view's `contentOffset`, in points.
  ///   - contentSize: the scroll view's `contentSize`, in points.
  public func recordFrame(
    timestamp: Double, targetTimestamp: Double, contentOffset: Point, contentSize: Size
  ) {
    guard let time = RecorderClock.nanoseconds(timestamp),
      let target = RecorderClock.nanoseconds(targetTimestamp)
    else { return reject() }
    withInputState { state, record in
      let frame = ObservedFrame(
        targetTimestamp: target, contentOffset: contentOffset, contentSize: contentSize,
        busyDuration: state.busy.take(at: time))
      record(TraceEvent(timestamp: time, .observedFrame(frame)))
    }
  }

  /// Records one displayed frame with the scroll view's whole geometry: a change of bounds size,
  /// safe area or content since the previous frame is recorded first, as a viewport or content
  /// event at the frame's time.
  ///
  /// What the UIKit adapter calls from its display link.
  ///
  /// - Parameters:
  ///   - timestamp: `CADisplayLink.timestamp`, in seconds since boot.
  ///   - targetTimestamp: `CADisplayLink.targetTimestamp`, in seconds since boot.
  ///   - geometry: the scroll view's geometry at the callback.
  public func recordFrame(
    timestamp: Double, targetTimestamp: Double, geometry: ScrollViewGeometry
  ) {
    if let time = RecorderClock.nanoseconds(timestamp) {
      withInputState { state, record in
        if let viewport = geometry.viewportChange(from: state.geometry) {
          record(TraceEvent(timestamp: time, .viewport(viewport)))
        }
        if let content = geometry.contentChange(from: state.geometry) {
          record(TraceEvent(timestamp: time, .content(content)))
        }
        state.geometry = geometry
      }
    }
    recordFrame(
      timestamp: timestamp, targetTimestamp: targetTimestamp,
      contentOffset: geometry.contentOffset, contentSize: geometry.contentSize)
  }

  /// The main run loop woke at `timestamp` (seconds since boot): `kCFRunLoopAfterWaiting`.
  public func runLoopDidWake(at timestamp: Double) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return }
    withInputState { state, _ in state.busy.wake(at: time) }
  }

  /// The main run loop is about to sleep at `timestamp` (seconds since boot):
  /// `kCFRunLoopBeforeWaiting`.
  public func runLoopWillSleep(at timestamp: Double) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return }
    withInputState { state, _ in state.busy.sleep(at: time) }
  }

  /// Records a change of the scroll view's bounds size or safe area (a rotation, a split-view
  /// resize), at `timestamp` (seconds since boot).
  ///
  /// The next frame's geometry then holds the new size already, and is not recorded again.
  public func recordViewport(_ change: ViewportChange, at timestamp: Double = RecorderClock.now) {
    guard let time = RecorderClock.nanoseconds(timestamp) else { return reject() }
    withInputState { state, record in
      state.geometry?.boundsSize = change.size
      state.geometry?.safeAreaInsets = change.safeAreaInsets
      record(TraceEvent(timestamp: time, .viewport(change)))
    }
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
