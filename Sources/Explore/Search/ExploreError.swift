// scrolltrace — what explore and reduce refuse: a finding not shown, a trace that cannot shrink.

/// An error of exploration or reduction: what, with a code.
///
/// Equality compares the code only.
public struct ExploreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public var rawValue: String
    /// A code by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// The script or trace to reduce does not show the finding to keep.
    public static let notShown = Code(rawValue: "notShown")
    /// A signature, check or option that is not one.
    public static let invalid = Code(rawValue: "invalid")
  }

  /// What kind of problem this is.
  public var code: Code
  /// One sentence saying what is wrong.
  public var reason: String

  /// Creates an error.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }

  public static func == (a: Self, b: Self) -> Bool { a.code == b.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
