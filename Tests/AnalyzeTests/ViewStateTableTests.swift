// Property test: the lifecycle checker's table of view states reads back what a dictionary does,
// on random writes over the numbers engines use (a pool's views from n × 2³² up), the numbers
// past a page's places, more pages than it keeps as bytes, and negative numbers.

import Testing
import TraceCore

@testable import Analyze

@Suite struct ViewStateTableTests {
  /// A view number: mostly a pool's first few hundred views (the pool one of 20, more than the
  /// table keeps as bytes), some past a page's places, some anywhere.
  static func view(using random: inout SeededGenerator) -> Int {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return Int.random(in: Int.min...Int.max, using: &random)
    case 1:
      return Int.random(in: -3...3, using: &random) << 32
        | Int.random(
          in: ViewStateTable.placesPerPage..<(ViewStateTable.placesPerPage + 50), using: &random)
    case 2: return Int.random(in: -300...300, using: &random)
    default:
      return Int.random(in: 0..<20, using: &random) << 32 | Int.random(in: 0..<400, using: &random)
    }
  }

  @Test(arguments: 0..<20)
  func readsBackWhatADictionaryReadsBack(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var table = ViewStateTable()
    var model: [Int: UInt8] = [:]
    var views: [Int] = []
    for _ in 0..<3000 {
      // Views seen before come back, as a pool's do.
      let view =
        views.isEmpty || Bool.random(using: &random)
        ? Self.view(using: &random) : views[Int.random(in: views.indices, using: &random)]
      views.append(view)
      let state = UInt8.random(in: 0...3, using: &random)
      table[view] = state
      model[view] = state == 0 ? nil : state
      let probe = Self.view(using: &random)
      #expect(table[probe] == model[probe] ?? 0, "view \(probe), seed \(seed)")
      #expect(table[view] == state)
    }
    for view in views { #expect(table[view] == model[view] ?? 0) }
  }

  @Test func tablesThatFollowTheSameViewsAreEqualHoweverTheyKeepThem() {
    // The same views written in another order: pages first written in another order, a view
    // written and cleared on one side only.
    var first = ViewStateTable()
    var second = ViewStateTable()
    let views = (0..<20).map { $0 << 32 | 7 } + [ViewStateTable.placesPerPage + 1, -9]
    for view in views { first[view] = 2 }
    for view in views.reversed() { second[view] = 2 }
    second[3 << 32 | 60_000] = 1
    #expect(first != second)
    second[3 << 32 | 60_000] = 0
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
  }
}
