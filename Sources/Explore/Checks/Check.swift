// scrolltrace — what explore looks for: a predicate over one replay of a script.

/// One thing that counts as trouble in a replay (`explore --check`): a boundary glitch, an offset
/// jump, a content shift beyond a limit, a list left above its bottom, resize anchor drift beyond
/// a limit, views created while scrolling beyond a rate, live
/// views beyond a count, a view lifecycle violation, a replay the engine fails, or — against a
/// baseline engine — a metric that moved in its bad direction beyond its tolerance.
///
/// Each has a name (`glitch`, `jump`, `shift`, `bottom`, `drift`, `churn`, `live`, `lifecycle`,
/// `error`, `regression`) and, for some, a limit written `NAME=LIMIT` (`drift=2`).
public struct Check: Sendable, Hashable, CustomStringConvertible {
  /// The kinds of check.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A resting position off the engine's rule (`boundaryGlitches`) for at least `limit`
    /// milliseconds (100 by default: a frame at rest between two touches is no glitch anyone sees).
    case glitch
    /// Content moving more than the jump threshold beyond the input (`offsetJumps`): any.
    case jump
    /// The content looked at (under the finger, else the first wholly visible item) moving more
    /// than `limit` points beyond the input (`contentShift`; 1 by default): for an engine with item
    /// identities, such as the self-sizing ones.
    case shift
    /// A list resting at the bottom of its content left more than `limit` points above it by a
    /// change the input does not explain (`contentShift.bottomLeaves`; 1 by default): a message
    /// that arrived unseen, a last message that shrank and took the list with it.
    case bottom
    /// A resize moving the anchored content by more than `limit` points (1 by default).
    case drift
    /// Views created while scrolling, more than `limit` per scrolling second (20 by default), over
    /// at least ``Check/shortestChurnScrolling`` of scrolling.
    case churn
    /// More than `limit` views alive at once (200 by default): a container that materialises its
    /// rows.
    case live
    /// A view reused without being prepared, or configured while queued (`reuse.lifecycle`): any.
    case lifecycle
    /// The replay fails: the engine cannot lay out what the script did, or reports nothing.
    case error
    /// With a baseline engine: a catalog metric worse than the baseline's beyond its tolerance.
    case regression
  }

  /// What this check looks for.
  public var kind: Kind
  /// Its limit, for `glitch` (milliseconds at rest), `shift`, `bottom` and `drift` (points), `churn` (views
  /// per scrolling second) and `live` (views).
  public var limit: Double?

  /// A check of `kind` with `limit` (its default when nil).
  public init(_ kind: Kind, limit: Double? = nil) {
    self.kind = kind
    self.limit = limit ?? Self.defaultLimit(kind)
  }

  /// The scrolling time a `churn` rate needs before it counts, in nanoseconds (1 s): a jump to a
  /// far item makes a screenful of views in a frame, a rate of thousands per second over none.
  public static let shortestChurnScrolling: Int64 = 1_000_000_000

  /// The limit a kind has when none is given (nil for the kinds without one).
  public static func defaultLimit(_ kind: Kind) -> Double? {
    switch kind {
    case .glitch: 100
    case .drift, .shift, .bottom: 1
    case .churn: 20
    case .live: 200
    default: nil
    }
  }

  /// Every check but `regression` (which needs a baseline), with default limits.
  public static let standard: [Check] = Kind.allCases.filter { $0 != .regression }.map { Check($0) }

  /// Parses `NAME` or `NAME=LIMIT`.
  ///
  /// - Returns: nil for an unknown name, a limit given to a kind without one, or a limit that is
  ///   not a finite number of 0 or more.
  public static func parse(_ text: String) -> Check? {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard let name = parts.first, let kind = Kind(rawValue: name) else { return nil }
    guard parts.count == 2 else { return Check(kind) }
    guard defaultLimit(kind) != nil, let limit = Double(parts[1]), limit.isFinite, limit >= 0 else {
      return nil
    }
    return Check(kind, limit: limit)
  }

  /// `NAME` or `NAME=LIMIT`.
  public var description: String {
    guard let limit else { return kind.rawValue }
    let text = limit == limit.rounded() && abs(limit) < 1e15 ? String(Int64(limit)) : "\(limit)"
    return "\(kind.rawValue)=\(text)"
  }
}
