// scrolltrace — the shape every error of the package has: a code, a reason, and where.

/// An error that says what kind of problem it is (a ``code`` from a fixed set), what is wrong (a
/// ``reason``: one sentence) and where (``location``: a file, a line, a chunk, a key).
///
/// The shape of swift-asn1's `ASN1Error` (apple/swift-asn1, `Sources/SwiftASN1/Errors.swift`):
/// equality and hashing compare the code alone, so a test matches on codes and a reason can
/// change its wording freely, and the description is one line. Every error type of scrolltrace
/// adopts it, and a tool reports any of them in one line with exit status 2.
public protocol CodedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The error's owner, which names its codes (``ErrorCode``).
  associatedtype Owner
  /// What kind of problem this is.
  var code: ErrorCode<Owner> { get }
  /// One sentence saying what is wrong.
  var reason: String { get }
  /// Where the problem is, most general first (`["trace.sctrace", "chunk 3", "byte 4096"]`);
  /// empty when nowhere in particular.
  var location: [String] { get }
  /// Whether the description names the code before the reason (`path: truncated: …`): where the
  /// code is a kind of damage a user acts on; otherwise the reason says it.
  static var namesCode: Bool { get }
}

extension CodedError {
  /// The description names the code.
  public static var namesCode: Bool { true }

  /// One line: the location, the code (when ``namesCode``) and the reason.
  public var description: String {
    (location.isEmpty ? "" : location.joined(separator: ", ") + ": ")
      + (Self.namesCode ? "\(code): " : "") + reason
  }

  /// Compares codes only.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

  /// Hashes the code only.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// A code of the error type `Owner`: a name from a fixed set, declared as static constants in an
/// extension where `Owner` is that type (`ErrorCode<TraceFormatError>.truncated`).
public struct ErrorCode<Owner>: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The code's name.
  public var rawValue: String
  /// A code of this name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The code's name.
  public var description: String { rawValue }
}
