// scrolltrace — the one error type of Analyze: an input file it cannot use, and the key at fault.

public import TraceCore

/// A JSON input of the analyzers that cannot be used — a cost model, a saved report, a budget —
/// with the key at fault (`budgets[1].maxIncrease`), if any, and what is wrong.
///
/// The CLI prefixes
/// the file's path.
public struct AnalyzeError: CodedError {
  /// Which kind of input.
  public var code: Code
  /// The key path at fault, or nil when the whole text is.
  public var key: String?
  /// What is wrong.
  public var reason: String

  /// Creates an error.
  public init(_ code: Code, key: String?, reason: String) {
    self.code = code
    self.key = key
    self.reason = reason
  }

  /// What kind of problem this is.
  public typealias Code = ErrorCode<AnalyzeError>

  /// Where the problem is.
  public var location: [String] {
    key.map { ["key '\($0)'"] } ?? []
  }

  /// The reason says what kind of problem it is.
  public static var namesCode: Bool { false }
}

extension ErrorCode where Owner == AnalyzeError {
  /// A cost model file (`--cost-model`).
  public static let costModel = Self(rawValue: "costModel")
  /// A saved report (`diff`, `gate`).
  public static let report = Self(rawValue: "report")
  /// A budget file (`gate --budget`).
  public static let budget = Self(rawValue: "budget")
  /// A gate that has nothing to judge: a side with no replayed trace.
  public static let gate = Self(rawValue: "gate")
  /// Frames that cannot determine a cost model (`calibrate`).
  public static let calibration = Self(rawValue: "calibration")
}
