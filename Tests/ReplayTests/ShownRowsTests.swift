// Property test: a child list's shown rows, kept as a range and a deque, give back and ask for
// views in the same order as a dictionary of row → view that is sorted on every pass (what the
// container engine kept before), over random runs of ranges.

import Testing
import TraceCore

@testable import Replay

@Suite struct ShownRowsTests {
  /// The reference: every row's view in a dictionary; rows that leave are given back in row
  /// order, then the missing rows are asked for in row order.
  private struct DictionaryRows {
    var views: [Int: Int] = [:]
    mutating func show(_ wanted: Range<Int>, enqueue: (Int) -> Void, dequeue: (Int) -> Int) {
      for row in views.keys.sorted() where !wanted.contains(row) {
        if let view = views.removeValue(forKey: row) { enqueue(view) }
      }
      for row in wanted where views[row] == nil { views[row] = dequeue(row) }
    }
  }

  private enum Step: Equatable {
    case enqueued(view: Int)
    case dequeued(row: Int)
  }

  /// The steps `show` takes, given an enqueue that records them and a dequeue that records them
  /// and hands out new views numbered from `next`.
  private static func steps(
    numberingFrom next: inout Int, _ show: ((Int) -> Void, (Int) -> Int) -> Void
  ) -> [Step] {
    var steps: [Step] = []
    var view = next
    show(
      { steps.append(.enqueued(view: $0)) },
      { row in
        steps.append(.dequeued(row: row))
        defer { view += 1 }
        return view
      })
    next = view
    return steps
  }

  @Test func sameStepsAsADictionaryOverRandomRanges() {
    var random = SeededGenerator(seed: 20)
    for _ in 0..<200 {
      var shown = ShownRows()
      var reference = DictionaryRows()
      var nextView = 0
      var nextReferenceView = 0
      for _ in 0..<40 {
        // Overlapping, disjoint, nested, empty and equal ranges all come up.
        let lower = Int.random(in: 0...30, using: &random)
        let wanted = lower..<(lower + Int.random(in: 0...12, using: &random))
        let steps = Self.steps(numberingFrom: &nextView) {
          shown.show(wanted, enqueue: $0, dequeue: $1)
        }
        let referenceSteps = Self.steps(numberingFrom: &nextReferenceView) {
          reference.show(wanted, enqueue: $0, dequeue: $1)
        }
        #expect(steps == referenceSteps)
        #expect(shown.rows == wanted)
        #expect(shown.count == reference.views.count)
        #expect(shown.viewsInCreationOrder == reference.views.values.sorted())
      }
      var given: [Int] = []
      shown.hideAll { given.append($0) }
      #expect(given == reference.views.keys.sorted().compactMap { reference.views[$0] })
      #expect(shown.count == 0)
    }
  }
}
