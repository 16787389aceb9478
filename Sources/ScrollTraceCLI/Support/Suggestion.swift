// scrolltrace — "did you mean": the closest of the names a flag or a verb takes.

/// The name a misspelt one was meant to be: the closest by edit distance (Damerau–Levenshtein,
/// a swap of two neighbours costing one), when it is close enough to be a typo.
enum Suggestion {
  /// The candidate closest to `typed`, when at most a third of its characters (and at least one,
  /// at most three) differ; nil when none is that close, or two are equally close.
  static func closest(to typed: String, in candidates: [String]) -> String? {
    let typed = Array(typed.lowercased())
    guard !typed.isEmpty, typed.count <= 256 else { return nil }
    let allowed = min(3, max(1, typed.count / 3))
    var best: (name: String, distance: Int)?
    var tied = false
    for candidate in candidates {
      let distance = Self.distance(typed, Array(candidate.lowercased()))
      guard distance <= allowed else { continue }
      if let current = best, distance == current.distance, current.name != candidate {
        tied = true
      } else if best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
        tied = false
      }
    }
    return tied ? nil : best?.name
  }

  /// The optimal string alignment distance between `a` and `b`.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
