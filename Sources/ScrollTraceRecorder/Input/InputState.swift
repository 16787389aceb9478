// scrolltrace — what the recorder's input methods keep from one call to the next.

/// What the input methods keep between calls, guarded by the recorder's lock.
struct InputState {
  /// The fingers down and their numbers.
  var touches = TouchIdentities()
  /// The main thread's busy time since the last frame.
  var busy = BusyMeter()
  /// The scroll view's geometry at the last frame: what the next one is compared with.
  var geometry: ScrollViewGeometry?
}
