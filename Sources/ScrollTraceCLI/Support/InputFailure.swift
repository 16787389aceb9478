// scrolltrace — an input problem that is not a library's: a missing script, a bad value.

import TraceIngest

/// An input problem the tool itself finds (a missing script, a bad value), reported in one line as
/// every ``CodedError`` is.
struct InputFailure: CodedError {
  /// What kind of problem this is: always `input`.
  var code: ErrorCode<InputFailure> = .input
  /// What is wrong, with the file it concerns.
  var reason: String
  /// Said in the reason.
  var location: [String] { [] }
  /// Said in the reason.
  static var namesCode: Bool { false }
  /// When the problem is a trace whose scene the engine does not lay out, why: such a trace is
  /// skipped when it came with others (a folder), an error when it was given alone.
  var unsupportedScene: String?

  init(_ reason: String, unsupportedScene: String? = nil) {
    self.reason = reason
    self.unsupportedScene = unsupportedScene
  }
}

extension ErrorCode where Owner == InputFailure {
  /// An input the tool cannot use.
  static let input = Self(rawValue: "input")
}
