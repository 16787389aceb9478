// scrolltrace — which baseline trace each candidate trace is compared with.

/// A candidate trace paired with a baseline trace: by the hash of their bytes, or — when no
/// baseline trace has the same bytes — by path, or by the name relative to the folder each side's
/// traces share, which are worth a warning.
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
    /// The same name relative to the folder all of its side's traces are in
    /// (``TraceMatch/relativeNames(_:)``), different bytes: a session recorded again into another
    /// folder (`a/feed.sctrace` and `b/feed.sctrace`).
    case relativeName
  }

  /// Pairs each candidate trace, in order, with the first baseline trace not yet paired that has
  /// the same content hash; candidates left over are paired by normalised path, then by the name
  /// relative to the folder their side shares.
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
    if byCandidate.count < candidate.count {
      var byRelativeName: [String: [Int]] = [:]
      for (index, name) in relativeNames(baseline.map(\.path)).enumerated().reversed() {
        byRelativeName[name, default: []].append(index)
      }
      let names = relativeNames(candidate.map(\.path))
      for c in candidate.indices where byCandidate[c] == nil {
        if let b = take(&byRelativeName[names[c]]) {
          byCandidate[c] = TraceMatch(
            baselineIndex: b, candidateIndex: c, baselinePath: baseline[b].path,
            candidatePath: candidate[c].path, kind: .relativeName)
        }
      }
    }
    return candidate.indices.compactMap { byCandidate[$0] }
  }

  /// Each of `paths`, normalised, less the folder they are all in: `a/feed.sctrace` and
  /// `a/day2/chat.sctrace` are `feed.sctrace` and `day2/chat.sctrace`; a path alone is its file's
  /// name.
  ///
  /// - Complexity: linear in the paths' total length.
  public static func relativeNames(_ paths: [String]) -> [String] {
    let split = paths.map {
      normalizedPath($0).split(separator: "/", omittingEmptySubsequences: false)
    }
    guard var shared = split.first?.dropLast() else { return [] }
    for parts in split.dropFirst() {
      let folder = parts.dropLast()
      var common = 0
      while common < shared.count, common < folder.count,
        shared[shared.startIndex + common] == folder[folder.startIndex + common]
      {
        common += 1
      }
      shared = shared.prefix(common)
      if shared.isEmpty { break }
    }
    return split.map { $0.dropFirst(shared.count).joined(separator: "/") }
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
