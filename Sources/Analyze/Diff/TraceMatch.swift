// scrolltrace — which baseline trace each candidate trace is compared with.

/// A candidate trace paired with a baseline trace: by the hash of their bytes, or — when no
/// baseline trace has the same bytes — by path, which is worth a warning.
public struct TraceMatch: Sendable, Hashable {
  /// The baseline trace's position in its side.
  public var baselineIndex: Int
  /// The candidate trace's position in its side.
  public var candidateIndex: Int
  /// The baseline trace's path as given.
  public var baselinePath: String
  /// The candidate trace's path as given.
  public var candidatePath: String
  /// How the two were paired.
  public var kind: Kind

  /// How two traces were paired.
  public enum Kind: String, Sendable, Hashable {
    /// The same bytes (``TraceMetrics/contentHash``), whatever their paths.
    case content
    /// The same path once normalised (``TraceMatch/normalizedPath(_:)``), different bytes.
    case name
  }

  /// Pairs each candidate trace, in order, with the first baseline trace not yet paired that has
  /// the same content hash; candidates left over are paired by normalised path.
  static func pairs(baseline: [TraceMetrics], candidate: [TraceMetrics]) -> [TraceMatch] {
    var free = Array(repeating: true, count: baseline.count)
    var byCandidate: [Int: TraceMatch] = [:]
    for (c, trace) in candidate.enumerated() where !trace.contentHash.isEmpty {
      if let b = baseline.indices.first(where: { free[$0] && baseline[$0].contentHash == trace.contentHash }) {
        free[b] = false
        byCandidate[c] = TraceMatch(
          baselineIndex: b, candidateIndex: c, baselinePath: baseline[b].path, candidatePath: trace.path, kind: .content)
      }
    }
    for (c, trace) in candidate.enumerated() where byCandidate[c] == nil {
      let path = normalizedPath(trace.path)
      if let b = baseline.indices.first(where: { free[$0] && normalizedPath(baseline[$0].path) == path }) {
        free[b] = false
        byCandidate[c] = TraceMatch(
          baselineIndex: b, candidateIndex: c, baselinePath: baseline[b].path, candidatePath: trace.path, kind: .name)
      }
    }
    return candidate.indices.compactMap { byCandidate[$0] }
  }

  /// `path` with `.` components and repeated slashes removed, so that `./Traces//x.sctrace` and
  /// `Traces/x.sctrace` name the same file (`..` is kept: it may cross a symbolic link).
  public static func normalizedPath(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    let joined = parts.joined(separator: "/")
    return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
