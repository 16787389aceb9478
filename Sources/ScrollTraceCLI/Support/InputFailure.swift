// scrolltrace — an input problem that is not a trace's.

/// An input problem that is not a trace's (a missing script, a bad value), reported in one line.
struct InputFailure: Error, CustomStringConvertible {
  var description: String
  /// When the problem is a trace whose scene the engine does not lay out, why: such a trace is
  /// skipped when it came with others (a folder), an error when it was given alone.
  var unsupportedScene: String?
  init(_ description: String, unsupportedScene: String? = nil) {
    self.description = description
    self.unsupportedScene = unsupportedScene
  }
}
