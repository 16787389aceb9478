// scrolltrace — a frame whose callback came and whose run-loop pass has not ended yet.

import TraceCore

/// A display-link callback whose frame the main thread is still preparing: the observation is
/// written when the run-loop pass that holds the callback ends, after UIKit's layout and Core
/// Animation's commit, so that it carries the work those did and the geometry they committed.
///
/// On iOS a frame's work does not end with the display link's callback. In the same pass of the
/// main run loop, UIKit's `_beforeCACommitHandler` (observer order 1 999 000), Core Animation's
/// commit (2 000 000, where `layoutSubviews` and cell configuration run) and
/// `_afterCACommitHandler` follow it, as kCFRunLoopBeforeWaiting or kCFRunLoopExit observers
/// (Core Foundation's run loop calls observers in increasing order,
/// https://developer.apple.com/documentation/corefoundation/1542816-cfrunloopobservercreate). The
/// recorder's own observer ends the pass after them (``RunLoopPassObserver``). The orders are
/// reported, not documented: the main run loop of an iOS app as printed in Yaoyuan (ibireme),
/// "深入理解RunLoop" (2015), https://blog.ibireme.com/2015/05/18/runloop/.
struct OpenFrame: Sendable {
  /// `CADisplayLink.timestamp`, in nanoseconds: the observation's event time.
  var timestamp: Int64
  /// `CADisplayLink.targetTimestamp`, in nanoseconds.
  var targetTimestamp: Int64
  /// The geometry read at the callback: what the observation holds unless the pass's end reads it
  /// again.
  var geometry: Geometry

  /// What the app gave of the scroll view at the callback.
  enum Geometry: Sendable {
    /// The whole geometry (the UIKit adapter's): changes of size and content are recorded too.
    case scrollView(ScrollViewGeometry)
    /// The offset and content size alone.
    case offset(Point, Size)
  }

  /// The events that close the frame: a viewport or content change since the last frame (only
  /// with a whole geometry), then the observation, all at the callback's time.
  ///
  /// A viewport change to the size of an announced transition carries the transition's duration
  /// and the safe area the frame shows, which UIKit gives only once the new size is laid out.
  ///
  /// - Parameters:
  ///   - busyDuration: the main thread's busy time charged to the frame, in nanoseconds.
  ///   - late: the geometry read when the pass ended, in place of the callback's.
  ///   - input: the geometry of the last closed frame and the announced transition; updated.
  /// - Returns: the events to record, in order (no array: a frame allocates nothing here).
  func events(
    busyDuration: Int64?, late: ScrollViewGeometry?, input: inout InputState
  ) -> ClosingEvents {
    var viewportEvent: TraceEvent?
    var contentEvent: TraceEvent?
    let frame: ObservedFrame
    switch (late, geometry) {
    case (let geometry?, _), (nil, .scrollView(let geometry)):
      if var viewport = geometry.viewportChange(from: input.geometry) {
        if let transition = input.transition, transition.size == viewport.size {
          viewport.transitionDuration = transition.duration
          input.transition = nil
        }
        viewportEvent = TraceEvent(timestamp: timestamp, .viewport(viewport))
      }
      if let content = geometry.contentChange(from: input.geometry) {
        contentEvent = TraceEvent(timestamp: timestamp, .content(content))
      }
      input.geometry = geometry
      frame = ObservedFrame(
        targetTimestamp: targetTimestamp, contentOffset: geometry.contentOffset,
        contentSize: geometry.contentSize, busyDuration: busyDuration)
    case (nil, .offset(let offset, let size)):
      frame = ObservedFrame(
        targetTimestamp: targetTimestamp, contentOffset: offset, contentSize: size,
        busyDuration: busyDuration)
    }
    return ClosingEvents(
      viewport: viewportEvent, content: contentEvent,
      frame: TraceEvent(timestamp: timestamp, .observedFrame(frame)))
  }

  /// The at most three events that close a frame, in the order they are recorded.
  struct ClosingEvents {
    /// A change of the bounds size or safe area since the last frame.
    var viewport: TraceEvent?
    /// A change of the content size, inset or inset behaviour since the last frame.
    var content: TraceEvent?
    /// The observation.
    var frame: TraceEvent

    /// Calls `body` with each event, in order.
    func each(_ body: (TraceEvent) -> Void) {
      if let viewport { body(viewport) }
      if let content { body(content) }
      body(frame)
    }
  }
}
