// scrolltrace — what explore and reduce refuse: a finding not shown, a trace that cannot shrink.

public import TraceCore

/// An error of exploration or reduction: what, with a code.
///
/// Equality compares the code only.
public struct ExploreError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<ExploreError>

  /// What kind of problem this is.
  public var code: Code
  /// One sentence saying what is wrong.
  public var reason: String

  /// Creates an error.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// Where the problem is.
  public var location: [String] {
    []
  }

  /// The reason says what kind of problem it is.
  public static var namesCode: Bool { false }
}

extension ErrorCode where Owner == ExploreError {
  /// The script or trace to reduce does not show the finding to keep.
  public static let notShown = Self(rawValue: "notShown")
  /// A signature, check or option that is not one.
  public static let invalid = Self(rawValue: "invalid")
  /// A known-findings file that is not one (`explore --known`).
  public static let knownFindings = Self(rawValue: "knownFindings")
}
