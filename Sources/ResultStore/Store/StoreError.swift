// scrolltrace — the one error type of the results store: what is wrong, and which file.

/// A results store that cannot be used: not a store, damaged, from a newer tool, busy, or asked
/// for what it does not hold.
///
/// Equality compares the code only.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public var rawValue: String
    /// Creates a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// The file is not a SQLite database, or a database that is not a results store.
    public static let notAStore = Code(rawValue: "notAStore")
    /// The database is damaged (SQLite's integrity check fails, or a page is malformed).
    public static let damaged = Code(rawValue: "damaged")
    /// The store was written by a newer scrolltrace, whose schema this one does not know.
    public static let newerSchema = Code(rawValue: "newerSchema")
    /// The file cannot be opened, read or written.
    public static let io = Code(rawValue: "io")
    /// Another process held the store longer than the busy timeout.
    public static let busy = Code(rawValue: "busy")
    /// The store holds no baseline, or no run, of that name.
    public static let notFound = Code(rawValue: "notFound")
    /// A value to store is unusable (an empty name, a report that is not one).
    public static let invalid = Code(rawValue: "invalid")
  }

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

  /// `path: code: reason`.
  public var description: String { "\(path): \(code): \(reason)" }

  public static func == (a: Self, b: Self) -> Bool { a.code == b.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
