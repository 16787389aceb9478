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
  ///
  /// Linear in the
  /// number of traces (a fleet's thousands pair at once).
  static func pairs(baseline: [TraceMetrics], candidate: [TraceMetrics]) -> [TraceMatch] {
    var byHash: [String: [Int]] = [:]
    var byPath: [String: [Int]] = [:]
    for (index, trace) in baseline.enumerated().reversed() {  // Reversed: popLast gives the first.
      if !trace.contentHash.isEmpty { byHash[trace.contentHash, default: []].append(index) }
      byPath[normalizedPath(trace.path), default: []].append(index)
    }
    var free = Array(repeating: true, count: baseline.count)
    /// The first baseline index in `queue` not yet paired.
    func take(_ queue: inout [Int]?) -> Int? {
      while let index = queue?.popLast() {
        if free[index] {
          free[index] = false
          return index
        }
      }
      return nil
    }
    var byCandidate: [Int: TraceMatch] = [:]
    for (c, trace) in candidate.enumerated() where !trace.contentHash.isEmpty {
      if let b = take(&byHash[trace.contentHash]) {
        byCandidate[c] = TraceMatch(
          baselineIndex: b, candidateIndex: c, baselinePath: baseline[b].path,
          candidatePath: trace.path, kind: .content)
      }
    }
    for (c, trace) in candidate.enumerated() where byCandidate[c] == nil {
      if let b = take(&byPath[normalizedPath(trace.path)]) {
        byCandidate[c] = TraceMatch(
          baselineIndex: b, candidateIndex: c, baselinePath: baseline[b].path,
          candidatePath: trace.path, kind: .name)
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
