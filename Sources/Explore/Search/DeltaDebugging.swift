// scrolltrace — ddmin: the smallest part of a list that still fails, by halves, then quarters…

/// Zeller and Hildebrandt's ddmin: the smallest part of `items` that still fails.
///
/// From "Simplifying and Isolating Failure-Inducing Input" (IEEE TSE 28(2), 2002): it splits the
/// list into `n` chunks, keeps a chunk or a complement that still shows
/// the failure, and refines `n` until no single element can go. The result is 1-minimal: removing
/// any one element of it makes the failure go away.
///
/// `test` says whether a candidate still fails; it is not called on the whole list (which fails)
/// nor on an empty one unless the list has one element.
func ddmin<Element>(_ items: [Element], test: ([Element]) throws -> Bool) rethrows -> [Element] {
  var current = items
  var n = 2
  while current.count >= 2 {
    let chunks = split(current, into: n)
    var reduced = false
    for chunk in chunks where try test(chunk) {
      current = chunk
      n = 2
      reduced = true
      break
    }
    if !reduced, n > 2 || chunks.count > 2 {
      for index in chunks.indices {
        let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
        if try test(complement) {
          current = complement
          n = max(n - 1, 2)
          reduced = true
          break
        }
      }
    }
    if !reduced {
      guard n < current.count else { break }
      n = min(current.count, n * 2)
    }
  }
  if current.count == 1, try test([]) { return [] }
  return current
}

/// `items` in `n` chunks of nearly equal length, in order (fewer when there are fewer items).
private func split<Element>(_ items: [Element], into n: Int) -> [[Element]] {
  let parts = max(1, min(n, items.count))
  var chunks: [[Element]] = []
  var start = 0
  for part in 0..<parts {
    let end = items.count * (part + 1) / parts
    chunks.append(Array(items[start..<end]))
    start = end
  }
  return chunks
}
