// scrolltrace — what is wrong with a gesture script, and where.

internal import Foundation

/// A problem with a gesture script: where (a key path such as `steps[2].drag.duration`) and what.
public struct ScriptError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<ScriptError>

  /// What kind of problem it is.
  public var code: Code
  /// The key path of the problem, such as `steps[2].drag.duration`; empty for the whole script.
  public var path: String
  /// What is wrong.
  public var message: String
  /// What is wrong (``message``).
  public var reason: String { message }

  /// Creates a script error.
  public init(_ code: Code = .invalidValue, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// Where the problem is.
  public var location: [String] {
    path.isEmpty ? [] : [path]
  }

  /// The reason says what kind of problem it is.
  public static var namesCode: Bool { false }
}

extension ErrorCode where Owner == ScriptError {
  /// The text is not JSON, or a key is missing or of the wrong type.
  public static let malformed = Self(rawValue: "malformed")
  /// A value is out of its range or contradicts another.
  public static let invalidValue = Self(rawValue: "invalidValue")
  /// The script is larger than ``GestureScript/maximumSize``.
  public static let tooLarge = Self(rawValue: "tooLarge")
  /// The script would make more events than the synthesizer's limit
  /// (the `maximumEvents` of ``Synthesizer/synthesize(maximumEvents:_:)``).
  public static let tooManyEvents = Self(rawValue: "tooManyEvents")
}
