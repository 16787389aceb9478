// scrolltrace — the one error type of Pipeline.

public import Replay

/// A trace the pipeline cannot replay or a comparison it cannot make: what went wrong, with the
/// trace's path when there is one.
///
/// Equality compares the code only, so tests match on codes.
public struct PipelineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public var rawValue: String
    /// Creates a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// The engine does not lay out the trace's kind of scene.
    public static let unsupportedScene = Code(rawValue: "unsupportedScene")
    /// The replay refused an event (`ReplayError`).
    public static let replayFailed = Code(rawValue: "replayFailed")
    /// Over the whole trace the engine laid out nothing, showed no item and reported no view.
    public static let silentEngine = Code(rawValue: "silentEngine")
    /// No trace of those given could be replayed.
    public static let nothingReplayed = Code(rawValue: "nothingReplayed")
    /// A file cannot be opened or read.
    public static let unreadable = Code(rawValue: "unreadable")
    /// A file is larger than the limit for what it holds.
    public static let tooLarge = Code(rawValue: "tooLarge")
  }

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

  /// `path: reason`, or the reason alone.
  public var description: String { path.map { "\($0): \(reason)" } ?? reason }

  /// Compares codes only.
  public static func == (lhs: PipelineError, rhs: PipelineError) -> Bool { lhs.code == rhs.code }

  /// Hashes the code only, as equality compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
