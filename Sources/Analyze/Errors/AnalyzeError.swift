// scrolltrace — the one error type of Analyze: an input file it cannot use, and the key at fault.

/// A JSON input of the analyzers that cannot be used — a cost model, a saved report, a budget —
/// with the key at fault (`budgets[1].maxIncrease`), if any, and what is wrong.
///
/// The CLI prefixes
/// the file's path.
public struct AnalyzeError: Error, Sendable, Hashable, CustomStringConvertible {
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

  /// `key 'K': reason`, or the reason alone.
  public var description: String { key.map { "key '\($0)': \(reason)" } ?? reason }

  /// The kinds of input.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    /// Creates a code.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A cost model file (`--cost-model`).
    public static let costModel = Code(rawValue: "costModel")
    /// A saved report (`diff`, `gate`).
    public static let report = Code(rawValue: "report")
    /// A budget file (`gate --budget`).
    public static let budget = Code(rawValue: "budget")
    /// A gate that has nothing to judge: a side with no replayed trace.
    public static let gate = Code(rawValue: "gate")
    /// Frames that cannot determine a cost model (`calibrate`).
    public static let calibration = Code(rawValue: "calibration")
    public var description: String { rawValue }
  }
}
