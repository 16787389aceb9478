// scrolltrace — what the recorder's input methods keep from one call to the next.

import TraceCore

/// What the input methods keep between calls, guarded by the recorder's lock.
struct InputState {
  /// The fingers down and their numbers.
  var touches = TouchIdentities()
  /// The main thread's busy time since the last frame.
  var busy = BusyMeter()
  /// The scroll view's geometry at the last frame: what the next one is compared with.
  var geometry: ScrollViewGeometry?
  /// The frame whose callback came in the run-loop pass under way, written when the pass ends.
  var openFrame: OpenFrame?
  /// A size change the app announced (a rotation), not yet seen in a frame's geometry: its new
  /// bounds size, in points, and its animation's duration, in nanoseconds.
  var transition: (size: Size, duration: Int64)?
}
