// scrolltrace — the prefix sums a self-sizing column keeps, against MagazineLayout's own vectors.

import Replay
import Testing
import TraceCore

/// `PrefixSums` against the vectors of MagazineLayout's `RowOffsetTrackerTests`.
///
/// Those of airbnb/MagazineLayout's Tests/RowOffsetTrackerTests.swift (unchanged from 1.0.0 to
/// b6ea277), restated: "add an offset for the rows starting at r" is `add(_:at: r)`, "the offset for the row at r" is
/// `sum(through: r)`. Their 64- and 70-row tests also add 62 "starting at" row −1, which writes an
/// inner node of their segment tree rather than a row (a quirk of the test, never of the layout);
/// it is left out here, so row 63 of 64 reads 125 where theirs reads 187.
@Suite struct PrefixSumsTests {
  @Test func oneRow() {
    var sums = PrefixSums([0])
    #expect(sums.sum(through: 0) == 0)
    sums.add(-50, at: 0)
    #expect(sums.sum(through: 0) == -50)
    sums.add(0, at: 0)
    #expect(sums.sum(through: 0) == -50)
    sums.add(50, at: 0)
    #expect(sums.sum(through: 0) == 0)
  }

  @Test func twoRows() {
    var sums = PrefixSums([0, 0])
    #expect(sums.sum(through: 0) == 0)
    #expect(sums.sum(through: 1) == 0)
    sums.add(10, at: 0)
    #expect(sums.sum(through: 0) == 10)
    #expect(sums.sum(through: 1) == 10)
    sums.add(-5, at: 1)
    sums.add(20, at: 0)
    #expect(sums.sum(through: 1) == 25)
    #expect(sums.sum(through: 0) == 30)
  }

  /// The offsets both larger tests expect for their first 63 rows.
  static func expectedPrefix() -> [Double] {
    [-5.0] + Array(repeating: 5.0, count: 22) + [65, 65] + Array(repeating: 165.0, count: 5)
      + Array(repeating: 115.0, count: 33)
  }

  @Test func powerOfTwoRows() {
    var sums = PrefixSums(Array(repeating: 0, count: 64))
    #expect(sums.sum(through: 0) == 0)
    #expect(sums.sum(through: 63) == 0)
    for (offset, row) in [(-50.0, 30), (100, 25), (10, 63), (10, 1), (-5, 0), (60, 23)] {
      sums.add(offset, at: row)
    }
    let expected = Self.expectedPrefix() + [125]
    #expect((0..<64).map { sums.sum(through: $0) } == expected)
  }

  @Test func otherRowCounts() {
    var sums = PrefixSums(Array(repeating: 0, count: 70))
    #expect(sums.sum(through: 69) == 0)
    for (offset, row) in [
      (-50.0, 30), (100, 25), (10, 63), (10, 1), (-5, 0), (60, 23), (-100, 65), (0, 69),
    ] {
      sums.add(offset, at: row)
    }
    let expected = Self.expectedPrefix() + [125, 125, 25, 25, 25, 25, 25]
    #expect((0..<70).map { sums.sum(through: $0) } == expected)
  }

  /// Where items start and which contains a point, against sums of the lengths, over lengths
  /// that change one at a time.
  @Test func startsAndLookupsFollowChangingLengths() {
    var generator = SeededGenerator(seed: 48)
    for count in [1, 2, 3, 7, 64, 100] {
      var lengths = (0..<count).map { _ in Double(Int.random(in: 0...200, using: &generator)) }
      var sums = PrefixSums(lengths)
      for _ in 0..<50 {
        let index = Int.random(in: 0..<count, using: &generator)
        let length = Double(Int.random(in: 0...200, using: &generator))
        lengths[index] = length
        sums.set(length, at: index)
        for probe in 0..<count {
          #expect(sums.sum(before: probe) == lengths[..<probe].reduce(0, +))
        }
        #expect(sums.total == lengths.reduce(0, +))
        let position = Double(Int.random(in: 0...(Int(sums.total) + 10), using: &generator))
        var expected = 0
        var end = 0.0
        while expected < count, end + lengths[expected] <= position {
          end += lengths[expected]
          expected += 1
        }
        #expect(sums.firstIndex(endingAfter: position) == expected)
      }
    }
  }

  /// Appending value by value builds the same tree as building it from the whole list, at every
  /// count (every shape of the last node's coverage), with changes in between.
  @Test func appendingGivesTheTreeBuiltFromTheWholeList() {
    var random = SeededGenerator(seed: 48)
    var values: [Double] = []
    var appended = PrefixSums()
    for count in 1...130 {
      let value = Double(Int.random(in: 0...400, using: &random))
      values.append(value)
      appended.append(value)
      if count % 7 == 0 {
        let index = Int.random(in: 0..<count, using: &random)
        values[index] += 13
        appended.add(13, at: index)
      }
      #expect(appended == PrefixSums(values), "\(count)")
    }
  }

  /// Inserting values among the others, as a batch update's inserts arrive (increasing indexes in
  /// the list as the ones before left it), gives the tree built from the whole list; indexes that
  /// do not increase or lie past the end change nothing.
  @Test func insertingGivesTheTreeBuiltFromTheWholeList() {
    var random = SeededGenerator(seed: 53)
    for round in 0..<200 {
      var values = (0..<Int.random(in: 0...70, using: &random)).map { _ in
        Double(Int.random(in: 0...400, using: &random))
      }
      var sums = PrefixSums(values)
      var inserted: [(index: Int, value: Double)] = []
      var index = -1
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        index = Int.random(in: (index + 1)...(values.count + inserted.count), using: &random)
        inserted.append((index, Double(Int.random(in: 0...400, using: &random))))
      }
      for (index, value) in inserted { values.insert(value, at: index) }
      let isInserted = sums.insert(inserted)
      #expect(isInserted, "round \(round)")
      #expect(sums == PrefixSums(values), "round \(round)")
    }
    var sums = PrefixSums([1, 2, 3])
    let refused = [[(2, 9.0), (1, 9.0)], [(4, 9.0)], [(-1, 9.0)]].map { sums.insert($0) }
    #expect(refused == [false, false, false])
    #expect(sums == PrefixSums([1, 2, 3]))
    let isInserted = sums.insert([(3, 4), (4, 5)])
    #expect(isInserted)
    #expect(sums == PrefixSums([1, 2, 3, 4, 5]))
  }
}
