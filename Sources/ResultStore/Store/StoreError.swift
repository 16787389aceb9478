// scrolltrace — the one error type of the results store: what is wrong, and which file.

public import TraceCore

/// A results store that cannot be used: not a store, damaged, from a newer tool, busy, or asked
/// for what it does not hold.
///
/// Equality compares the code only.
public struct StoreError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<StoreError>

  /// What kind of problem this is.
  public var code: Code
  /// One sentence saying what is wrong.
  public var reason: String
  /// The store's path.
  public var path: String

  /// Creates an error.
  public init(_ code: Code, _ reason: String, path: String) {
    self.code = code
    self.reason = reason
    self.path = path
  }

  /// Where the problem is.
  public var location: [String] {
    [path]
  }
}

extension ErrorCode where Owner == StoreError {
  /// The file is not a SQLite database, or a database that is not a results store.
  public static let notAStore = Self(rawValue: "notAStore")
  /// The database is damaged (SQLite's integrity check fails, or a page is malformed).
  public static let damaged = Self(rawValue: "damaged")
  /// The store was written by a newer scrolltrace, whose schema this one does not know.
  public static let newerSchema = Self(rawValue: "newerSchema")
  /// The file cannot be opened, read or written.
  public static let io = Self(rawValue: "io")
  /// Another process held the store longer than the busy timeout.
  public static let busy = Self(rawValue: "busy")
  /// The store holds no baseline, or no run, of that name.
  public static let notFound = Self(rawValue: "notFound")
  /// A value to store is unusable (an empty name, a report that is not one).
  public static let invalid = Self(rawValue: "invalid")
}
