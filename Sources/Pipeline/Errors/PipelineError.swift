// scrolltrace — the one error type of Pipeline.

public import Replay
public import TraceCore

/// A trace the pipeline cannot replay or a comparison it cannot make: what went wrong, with the
/// trace's path when there is one.
///
/// Equality compares the code only, so tests match on codes.
public struct PipelineError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<PipelineError>

  /// What kind of problem this is.
  public var code: Code
  /// One sentence saying what is wrong.
  public var reason: String
  /// The trace's path, when the problem is one trace's.
  public var path: String?
  /// The replay's own error, when the replay refused an event.
  public var replayError: ReplayError?

  /// Creates an error.
  public init(_ code: Code, _ reason: String, path: String? = nil) {
    self.code = code
    self.reason = reason
    self.path = path
  }

  /// Where the problem is.
  public var location: [String] {
    path.map { [$0] } ?? []
  }

  /// The reason says what kind of problem it is.
  public static var namesCode: Bool { false }
}

extension ErrorCode where Owner == PipelineError {
  /// The engine does not lay out the trace's kind of scene.
  public static let unsupportedScene = Self(rawValue: "unsupportedScene")
  /// The replay refused an event (`ReplayError`).
  public static let replayFailed = Self(rawValue: "replayFailed")
  /// Over the whole trace the engine laid out nothing, showed no item and reported no view.
  public static let silentEngine = Self(rawValue: "silentEngine")
  /// No trace of those given could be replayed.
  public static let nothingReplayed = Self(rawValue: "nothingReplayed")
  /// A file cannot be opened or read.
  public static let unreadable = Self(rawValue: "unreadable")
  /// A file is larger than the limit for what it holds.
  public static let tooLarge = Self(rawValue: "tooLarge")
  /// Another build of the tool could not be run, failed, ran past its time, or wrote no report
  /// this one reads (`--baseline-tool`).
  public static let buildFailed = Self(rawValue: "buildFailed")
  /// The two sides of a comparison cannot be compared (a build against an engine replayed here).
  public static let unsupportedComparison = Self(rawValue: "unsupportedComparison")
}
