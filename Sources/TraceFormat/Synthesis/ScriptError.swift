// scrolltrace — what is wrong with a gesture script, and where.

internal import Foundation

/// A problem with a gesture script: where (a key path such as `steps[2].drag.duration`) and what.
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem it is.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public var rawValue: String
    /// A code by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// The text is not JSON, or a key is missing or of the wrong type.
    public static let malformed = Code(rawValue: "malformed")
    /// A value is out of its range or contradicts another.
    public static let invalidValue = Code(rawValue: "invalidValue")
    /// The script is larger than ``GestureScript/maximumSize``.
    public static let tooLarge = Code(rawValue: "tooLarge")
    /// The script would make more events than the synthesizer's limit
    /// (the `maximumEvents` of ``Synthesizer/synthesize(maximumEvents:_:)``).
    public static let tooManyEvents = Code(rawValue: "tooManyEvents")
  }

  /// What kind of problem it is.
  public var code: Code
  /// The key path of the problem, such as `steps[2].drag.duration`; empty for the whole script.
  public var path: String
  /// What is wrong.
  public var message: String

  /// Creates a script error.
  public init(_ code: Code = .invalidValue, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// "path: message".
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }

  init(describing error: DecodingError) {
    func render(_ path: [any CodingKey]) -> String {
      path.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      self.init(
        .malformed, path: render(context.codingPath + [key]), message: "missing required key")
    case .typeMismatch(let type, let context):
      self.init(
        .malformed, path: render(context.codingPath),
        message: "expected \(Self.name(of: type)); \(context.debugDescription)")
    case .valueNotFound(let type, let context):
      self.init(
        .malformed, path: render(context.codingPath),
        message: "expected \(Self.name(of: type)), found null")
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
      self.init(
        .malformed, path: render(context.codingPath), message: context.debugDescription + underlying
      )
    @unknown default:
      self.init(.malformed, path: "", message: "\(error)")
    }
  }

  private static func name(of type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type, is UInt64.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: "\(type)"
    }
  }
}
