// scrolltrace — the schedule every comparison measures in: warm-up, A B / B A, re-measure.

import Testing

@testable import Pipeline

@Suite struct InterleavedMeasurementTests {
  /// Every measurement the schedule asks for, in order: side and phase.
  private func calls(
    repetitions: Int, present: [Bool] = [true, true], remeasures: Bool = true,
    changed: Bool = false
  ) -> (calls: [String], recorded: [[String]], remeasured: [[String]]?) {
    var calls: [String] = []
    let (recorded, remeasured) = InterleavedMeasurement(
      repetitions: repetitions, remeasures: remeasures
    ).run(
      present: present,
      measure: { side, phase -> String in
        let call = "\(side == 0 ? "A" : "B")-\(phase)-\(calls.count)"
        calls.append(call)
        return call
      },
      changed: { _ in changed })
    return (calls, recorded, remeasured)
  }

  @Test func oneRepetitionIsOneMeasurementASideWithNoWarmUp() {
    let run = calls(repetitions: 1, changed: true)
    #expect(run.calls == ["A-recorded-0", "B-recorded-1"])
    #expect(run.recorded == [["A-recorded-0"], ["B-recorded-1"]])
    // One sample has no statistics to doubt: nothing is measured again, whatever `changed` says.
    #expect(run.remeasured == nil)
  }

  @Test func eachSideWarmsUpThenAlternatesWhoGoesFirst() {
    let run = calls(repetitions: 4)
    #expect(
      run.calls.map { String($0.prefix(while: { $0 != "-" })) + ($0.contains("warmUp") ? "w" : "") }
        == ["Aw", "Bw", "A", "B", "B", "A", "A", "B", "B", "A"])
    // The warm-ups are not kept; each side keeps its four recorded measurements, in order.
    #expect(run.recorded.map(\.count) == [4, 4])
    #expect(run.recorded.joined().allSatisfy { $0.contains("recorded") })
    #expect(run.recorded[0] == run.calls.filter { $0.hasPrefix("A-recorded") })
    #expect(run.recorded[1] == run.calls.filter { $0.hasPrefix("B-recorded") })
    // Each side leads a pair as often as the other.
    let leads = stride(from: 2, to: run.calls.count, by: 2).map { run.calls[$0].first }
    #expect(leads.filter { $0 == "A" }.count == leads.filter { $0 == "B" }.count)
  }

  @Test func aSampleThatLooksChangedIsMeasuredAgainInTheSameOrder() {
    let run = calls(repetitions: 3, changed: true)
    #expect(run.remeasured?.map(\.count) == [3, 3])
    let again = run.calls.filter { $0.contains("remeasure") }.map(\.first)
    #expect(again == ["A", "B", "B", "A", "A", "B"])
    #expect(run.calls.count == 2 + 6 + 6)
  }

  @Test func aSampleThatLooksTheSameIsNotMeasuredAgain() {
    let run = calls(repetitions: 3, changed: false)
    #expect(run.remeasured == nil)
    #expect(run.calls.count == 2 + 6)
    #expect(calls(repetitions: 3, remeasures: false, changed: true).remeasured == nil)
  }

  @Test func anAbsentSideIsNeverMeasured() {
    let run = calls(repetitions: 2, present: [false, true], changed: true)
    #expect(run.calls.allSatisfy { $0.hasPrefix("B") })
    #expect(run.recorded.map(\.count) == [0, 2])
    #expect(run.remeasured?.map(\.count) == [0, 2])
  }

  @Test func aFailedMeasurementEndsTheSchedule() {
    struct Failure: Error {}
    var count = 0
    #expect(throws: Failure.self) {
      _ = try InterleavedMeasurement(repetitions: 5).run(
        present: [true, true],
        measure: { side, phase in
          count += 1
          if phase == .recorded && side == 1 { throw Failure() }
        })
    }
    // Two warm-ups, then A, then B failed: nothing after.
    #expect(count == 4)
  }

  @Test func repetitionsBelowOneAreOne() {
    #expect(InterleavedMeasurement(repetitions: 0).repetitions == 1)
    #expect(InterleavedMeasurement(repetitions: -3).repetitions == 1)
  }
}
