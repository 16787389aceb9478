// Property test: the container engine's rows found by walking from the previous pass's rows are
// the rows a binary search finds, for random lists (zero-length rows among them), random
// viewports and random previous rows, near and far.

import Testing
import TraceIngest

@testable import Replay

@Suite struct NearbyRowsTests {
  /// A nested@2 engine whose only child list has `lengths`.
  static func engine(_ lengths: [Double]) -> NestedContainerEngine {
    var engine = NestedContainerEngine(version: 2)
    var start = 0.0
    engine.rowStarts = [
      lengths.map { length in
        defer { start += length }
        return start
      }
    ]
    engine.rowLengths = [lengths]
    engine.rowEnds = [zip(engine.rowStarts[0], lengths).map { $0 + $1 }]
    return engine
  }

  @Test(arguments: 0..<40)
  func walkingFromThePreviousRowsFindsWhatTheSearchFinds(seed: UInt64) {
    var random = SeededGenerator(seed: seed)  // The synthesizer's own SplitMix64.
    let count = Int.random(in: 0...300, using: &random)
    let lengths = (0..<count).map { _ in
      Bool.random(using: &random) && Int.random(in: 0...5, using: &random) == 0
        ? 0 : Double(Int.random(in: 1...120, using: &random))
    }
    let engine = Self.engine(lengths)
    let total = lengths.reduce(0, +)
    var checked = 0
    for _ in 0..<400 {
      let lower = Double.random(in: -100...(total + 100), using: &random)
      let upper = lower + Double.random(in: -10...900, using: &random)
      let expected = engine.rows(of: 0, from: lower, to: upper)
      // The previous rows: the rows in view a few points away, or anywhere at all.
      let near: Range<Int>
      if Bool.random(using: &random) {
        let shift = Double.random(in: -60...60, using: &random)
        near = engine.rows(of: 0, from: lower + shift, to: upper + shift)
      } else {
        let a = Int.random(in: 0...count, using: &random)
        let b = Int.random(in: 0...count, using: &random)
        near = min(a, b)..<max(a, b)
      }
      let found = engine.rows(of: 0, from: lower, to: upper, near: near)
      #expect(
        found == expected, "\(lower)..<\(upper) near \(near): \(found), searched \(expected)")
      if !near.isEmpty, found == near { checked += 1 }
    }
    if count > 20 { #expect(checked > 0) }
  }
}
